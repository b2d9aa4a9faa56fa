// The options of one connection's HTTP client, and a connection's tuning over them.
import type { AuthStrategy } from '../auth/auth-strategy.js';
import type { ConnectorError } from '../errors/connector-error.js';
import type { Dispatcher } from '../undici-lite.js';
import type { ConcurrencySlots } from './concurrency.js';
import type { IdempotencyPolicy } from './idempotency.js';
import type { ErrorResponse } from './request.js';
import type { RetryPolicy } from './retry.js';
import type { TransportTimeouts } from './transport.js';

/** Per-connection tuning of retries and timeouts, as given to `connect({ http })`. */
export interface HttpTuning {
  retry?: Partial<RetryPolicy>;
  timeouts?: TransportTimeouts;
  /** A host's shared concurrency budget for this connection (see `ConcurrencySlots`). */
  concurrencySlots?: ConcurrencySlots | undefined;
}

/** Applies a connection's tuning over a connector's own client options (the tuning wins). */
export function withTuning(options: HttpClientOptions, tuning: HttpTuning | undefined): HttpClientOptions {
  if (!tuning) return options;
  return {
    ...options,
    retry: { ...options.retry, ...tuning.retry },
    timeouts: { ...options.timeouts, ...tuning.timeouts },
    ...(tuning.concurrencySlots ? { concurrencySlots: tuning.concurrencySlots } : {}),
  };
}

/** Options of one connection's client. */
export interface HttpClientOptions {
  /** The provider's name for messages, e.g. "Stripe". */
  provider: string;
  /** Named base URLs; credentials go to these and nowhere else. The first is the default. */
  baseUrls: Record<string, string>;
  /**
   * The connection option each base URL came from, for the `ValidationError` a bad one gets. By
   * default the first base URL is `baseUrl`, one named `token` is `tokenUrl`, and any other `x` is
   * `xBaseUrl`.
   */
  baseUrlOptions?: Record<string, string>;
  auth?: AuthStrategy | undefined;
  headers?: Record<string, string>;
  timeouts?: TransportTimeouts;
  retry?: Partial<RetryPolicy>;
  /** Adds a generated key under this header to every call whose method is listed. */
  idempotency?: IdempotencyPolicy;
  /** Response header carrying the provider's request id. */
  requestIdHeader?: string;
  /** At most this many calls in flight on this connection; the rest queue. */
  maxConcurrent?: number;
  /**
   * Makes `maxConcurrent` hold across processes: each attempt also takes one of the shared slots
   * (see `ConcurrencySlots`). Without `maxConcurrent` it is not used.
   */
  concurrencySlots?: ConcurrencySlots | undefined;
  /** Maps an error response onto the taxonomy; return undefined for the status-based default. */
  parseError?: (response: ErrorResponse) => ConnectorError | undefined;
  /** The provider's own retry hint (e.g. `Stripe-Should-Retry`): true, false, or no opinion. */
  shouldRetry?: (response: {
    status: number;
    headers: Record<string, string>;
    method: string;
    /** The request path, without the query string. */
    path: string;
  }) => boolean | undefined;
  /** Called before each retry wait; for progress and logs. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ConnectorError }) => void;
  /** Random source for backoff jitter (tests). */
  random?: () => number;
  /** A dispatcher to use instead of the client's own keep-alive agent. */
  dispatcher?: Dispatcher;
}
