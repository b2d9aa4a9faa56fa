// How a call fails: error responses mapped onto the error taxonomy, redirects refused, transport
// and abort errors translated, and a note on every failure whose outcome is unknown.
import type { Readable } from 'node:stream';
import { ConnectorError } from '../errors/connector-error.js';
import { errorFromStatus } from '../errors/from-status.js';
import { NetworkError } from '../errors/network-error.js';
import { ProviderError } from '../errors/provider-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { redact, redactDeep } from '../redact.js';
import type { BaseUrl } from './base-url.js';
import { isJson, readText } from './body-codec.js';
import type { ErrorResponse } from './request.js';
import { parseRetryAfter } from './retry.js';

/** Errors that prove the request never reached the server: safe to retry for any method. */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
/** How much of an error body is read. */
const MAX_ERROR_BODY = 64 * 1024;
/** How much of a text error body is kept (after masking). */
const MAX_ERROR_TEXT = 500;

/** Whether a failed call may have changed something at the provider, and whether it carried a key. */
export interface Outcome {
  mayApply: boolean;
  keyed: boolean;
}

/** What one attempt knows when its transport fails. */
export interface AttemptContext {
  provider: string;
  outcome: Outcome;
  /** The call's own deadline (`HttpRequest.timeoutMs`), when it has one. */
  timeoutSignal: AbortSignal | undefined;
  timeoutMs: number | undefined;
  /** The caller's signal. */
  callerSignal: AbortSignal | undefined;
}

/**
 * Reads an error response (its first 64 KiB) for a connector's parser, every credential masked
 * first (the connection's and every registered one), so no later cut (here, or in a connector's
 * parser) can leave part of a key behind.
 */
export async function readErrorResponse(
  body: Readable,
  r: Omit<ErrorResponse, 'body'>,
  credentials: readonly string[],
): Promise<ErrorResponse> {
  const text = await readText(body, MAX_ERROR_BODY).catch(() => '');
  return { ...r, body: parseErrorBody(text, r.headers['content-type'], credentials) };
}

/** `readErrorResponse` of an error body already read whole (its first 64 KiB are parsed). */
export function errorResponseOf(
  bytes: Buffer,
  r: Omit<ErrorResponse, 'body'>,
  credentials: readonly string[],
): ErrorResponse {
  const text = bytes.subarray(0, MAX_ERROR_BODY).toString('utf8');
  return { ...r, body: parseErrorBody(text, r.headers['content-type'], credentials) };
}

function parseErrorBody(
  text: string,
  contentType: string | undefined,
  credentials: readonly string[],
): unknown {
  if (isJson(contentType) || /^\s*[{[]/.test(text)) {
    try {
      return redactDeep(JSON.parse(text) as unknown, credentials);
    } catch {
      // Not JSON after all: fall through to text.
    }
  }
  if (/^\s*<(!doctype|html)/i.test(text)) return 'an HTML error page';
  return truncate(redact(text, credentials), MAX_ERROR_TEXT) || undefined;
}

/**
 * The taxonomy error of an error response: the call's own parser first, then the connector's,
 * then the status-based default.
 */
export function errorOfResponse(
  response: ErrorResponse,
  provider: string,
  parsers: readonly (((response: ErrorResponse) => ConnectorError | undefined) | undefined)[],
): ConnectorError {
  for (const parse of parsers) {
    const mapped = parse?.(response);
    if (mapped) return mapped;
  }
  return errorFromStatus({
    status: response.status,
    provider,
    providerMessage: typeof response.body === 'string' ? response.body : undefined,
    requestId: response.requestId,
    retryAfterMs: parseRetryAfter(response.headers),
  });
}

/** A 3xx is a redirect, except a 304 answering a conditional request (which is an answer). */
export function isRedirect(status: number, sent: Record<string, string>): boolean {
  if (status < 300 || status >= 400) return false;
  return status !== 304 || (sent['if-none-match'] === undefined && sent['if-modified-since'] === undefined);
}

/**
 * An answer that points elsewhere is not success: the base URL is likely wrong (an old host, http
 * for https). Says where it points, with user info and any credential in it masked.
 */
export function redirectError(r: {
  provider: string;
  status: number;
  location: string | undefined;
  base: BaseUrl;
  path: string;
  requestId: string | undefined;
  credentials: readonly string[];
}): ProviderError {
  const { provider, status, location, base, path, requestId } = r;
  let where: string | undefined;
  if (location) {
    try {
      const url = new URL(location, `${base.origin}${path}`);
      const userInfo = url.username || url.password ? '[REDACTED]@' : '';
      where = `${url.protocol}//${userInfo}${url.host}${url.pathname}${url.search}${url.hash}`;
    } catch {
      where = location;
    }
    where = truncate(redact(where, r.credentials), MAX_ERROR_TEXT);
  }
  const target = where ? ` to ${where}` : ' without a Location';
  return new ProviderError(
    `${provider} answered ${status}, a redirect${target}. Redirects are not followed (credentials go to the configured base URL only): check the base URL.`,
    { status, requestId, retryable: false, ...(where ? { details: { location: where } } : {}) },
  );
}

/**
 * What an abort becomes: a deadline (the call's own, or a timeout reason) is a `TimeoutError` that
 * says whether a write may have been applied; any other reason is handed back as it is.
 */
export function abortError(
  provider: string,
  reason: unknown,
  timeoutSignal: AbortSignal | undefined,
  outcome: Outcome,
  timeoutMs?: number,
): unknown {
  if (timeoutSignal?.aborted || isTimeoutReason(reason)) {
    const within = timeoutMs === undefined ? 'before the deadline' : `within ${timeoutMs} ms`;
    return new TimeoutError(`${provider} did not answer ${within}${unknownNote(outcome, true)}`, {
      outcomeUnknown: outcome.mayApply,
    });
  }
  return reason;
}

/**
 * What a failed send (or a body cut off, `duringBody`) becomes: the caller's cancellation as given,
 * a timeout or network error otherwise, `outcomeUnknown` unless the request provably never left.
 */
export function transportError(cause: unknown, a: AttemptContext, duringBody: boolean): unknown {
  const { provider, outcome, timeoutSignal } = a;
  if (timeoutSignal?.aborted) return abortError(provider, cause, timeoutSignal, outcome, a.timeoutMs);
  const callerSignal = a.callerSignal;
  if (callerSignal?.aborted) {
    // A deadline (AbortSignal.timeout, a run's timeoutMs) is a timeout like any other: say
    // whether a write may have been applied. Any other cancellation hands back its own reason.
    if (isTimeoutReason(callerSignal.reason))
      return abortError(provider, callerSignal.reason, undefined, outcome);
    return callerSignal.reason;
  }
  if (isAbort(cause)) return cause;
  const code = errorCode(cause);
  const neverSent = !duringBody && code !== undefined && NEVER_SENT_CODES.has(code);
  const outcomeUnknown = !neverSent && outcome.mayApply;
  const note = neverSent ? '' : unknownNote(outcome, false);
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return new TimeoutError(`${provider} timed out (${code})${note}`, { cause, outcomeUnknown });
  }
  const what = neverSent
    ? 'could not be reached'
    : duringBody
      ? 'dropped the connection mid-response'
      : 'connection failed';
  return new NetworkError(`${provider} ${what} (${code ?? 'network error'})${note}`, {
    cause,
    outcomeUnknown,
  });
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function unknownNote(outcome: Outcome, finalAttempt: boolean): string {
  if (!outcome.mayApply) return '';
  if (outcome.keyed) {
    return '; the outcome is unknown: the request may have been applied (repeating it with the same idempotency key is safe)';
  }
  return `; the outcome is unknown: the request may have been applied${finalAttempt ? '' : ', so it was not repeated'}`;
}

function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError' && !ConnectorError.isInstance(reason);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || errorCode(error) === 'UND_ERR_ABORTED');
}
