import { inspect } from 'node:util';
import { redact, redactDeep } from '../redact.js';
import type { ErrorKind } from './kinds.js';

export { ERROR_KINDS, type ErrorKind } from './kinds.js';

const marker = Symbol.for('@c/core.error');

/** Fields every connector error may carry. */
export interface ConnectorErrorOptions {
  status?: number;
  providerMessage?: string;
  providerCode?: string;
  requestId?: string;
  retryable?: boolean;
  /** A plain cause: the original error is reduced to name, code and a redacted message. */
  cause?: unknown;
  /** Extra provider details safe to show (already free of credentials). */
  details?: Record<string, unknown>;
}

/** The JSON form every surface (CLI, HTTP, MCP) prints. */
export interface ErrorJson {
  name: string;
  kind: ErrorKind;
  message: string;
  retryable: boolean;
  status?: number;
  providerMessage?: string;
  providerCode?: string;
  requestId?: string;
  parameter?: string;
  retryAfterMs?: number;
  outcomeUnknown?: boolean;
  needsReconnect?: boolean;
  details?: Record<string, unknown>;
}

function plainCause(cause: unknown): { name?: string; code?: string; message?: string } | undefined {
  if (cause === undefined || cause === null) return undefined;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return {
      name: cause.name,
      ...(typeof code === 'string' ? { code } : {}),
      message: redact(cause.message),
    };
  }
  return { message: redact(String(cause)) };
}

/**
 * The base of the error taxonomy. Messages, provider messages and details are redacted of every
 * registered credential when the error is made, so no output path can show one.
 */
export abstract class ConnectorError extends Error {
  abstract readonly kind: ErrorKind;
  readonly status: number | undefined;
  readonly providerMessage: string | undefined;
  readonly providerCode: string | undefined;
  readonly requestId: string | undefined;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(message: string, options: ConnectorErrorOptions = {}) {
    super(redact(message));
    Object.defineProperty(this, marker, { value: true });
    this.name = new.target.name;
    this.status = options.status;
    this.providerMessage =
      options.providerMessage === undefined ? undefined : redact(options.providerMessage);
    this.providerCode = options.providerCode;
    this.requestId = options.requestId;
    this.retryable = options.retryable ?? false;
    this.details = options.details === undefined ? undefined : redactDeep(options.details);
    const cause = plainCause(options.cause);
    if (cause) Object.defineProperty(this, 'cause', { value: cause, enumerable: false, writable: true });
    if (this.stack) this.stack = redact(this.stack);
  }

  /** True for any connector error, even one made by another installed copy of this package. */
  static isInstance(error: unknown): error is ConnectorError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }

  /** The one JSON form used by every surface. */
  toJSON(): ErrorJson {
    const json: ErrorJson = {
      name: this.name,
      kind: this.kind,
      message: this.message,
      retryable: this.retryable,
    };
    if (this.status !== undefined) json.status = this.status;
    if (this.providerMessage !== undefined) json.providerMessage = this.providerMessage;
    if (this.providerCode !== undefined) json.providerCode = this.providerCode;
    if (this.requestId !== undefined) json.requestId = this.requestId;
    if (this.details !== undefined) json.details = this.details;
    return redactDeep(json);
  }

  [inspect.custom](): string {
    return `${this.name} [${this.kind}]: ${this.message}\n${inspect(this.toJSON())}`;
  }
}

/** Checks the marker of one class of error, across installed copies. */
export function hasMarker(error: unknown, symbol: symbol): boolean {
  return ConnectorError.isInstance(error) && (error as unknown as Record<symbol, unknown>)[symbol] === true;
}
