import { ConnectorError, type ConnectorErrorOptions, type ErrorJson, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.rate_limit');

/** 429, or the provider's own rate-limit signal. Carries the wait the provider asked for. */
export class RateLimitError extends ConnectorError {
  readonly kind = 'rate_limit' as const;
  /** How long the provider asked to wait, in milliseconds, when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: ConnectorErrorOptions & { retryAfterMs?: number } = {}) {
    super(message, { ...options, retryable: true });
    Object.defineProperty(this, marker, { value: true });
    this.retryAfterMs = options.retryAfterMs;
  }

  static override isInstance(error: unknown): error is RateLimitError {
    return hasMarker(error, marker);
  }

  override toJSON(): ErrorJson {
    const json = super.toJSON();
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    return json;
  }
}
