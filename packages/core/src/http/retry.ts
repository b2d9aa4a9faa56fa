import type { ConnectorError } from '../errors/connector-error.js';
import { NetworkError } from '../errors/network-error.js';
import { RateLimitError } from '../errors/rate-limit-error.js';
import { TimeoutError } from '../errors/timeout-error.js';

/** How a client retries. Every attempt of one call shares the same idempotency key. */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 2. */
  maxRetries: number;
  /** First backoff ceiling in ms; doubles each attempt (full jitter). Default 500. */
  baseDelayMs: number;
  /** Largest single backoff in ms. Default 8000. */
  maxDelayMs: number;
  /** Cap on the total time spent waiting between attempts, in ms. Default 30000. */
  maxTotalWaitMs: number;
}

/** The defaults: three attempts, 0.5 s doubling, at most 30 s of waiting in all. */
export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxTotalWaitMs: 30000,
};

/** Exponential backoff with full jitter: a random wait in `[0, min(max, base * 2^attempt)]`. */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * Reads `Retry-After` (seconds or an HTTP date) and `retry-after-ms`. Returns milliseconds, or
 * undefined when the headers say nothing usable.
 */
export function parseRetryAfter(
  headers: Record<string, string | string[] | undefined>,
  now: number = Date.now(),
): number | undefined {
  const ms = first(headers['retry-after-ms']);
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = first(headers['retry-after'])?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Statuses worth another attempt of a call that is safe to repeat. */
const RETRY_STATUSES = new Set([408, 409, 500, 502, 503, 504]);

/** What an error response said about retrying, kept beside its taxonomy error rather than on it. */
export interface RetryHint {
  /** The provider's own retry hint (e.g. `Stripe-Should-Retry`), when it gave one. */
  shouldRetry?: boolean | undefined;
  /** `Retry-After` (or `retry-after-ms`), in milliseconds. */
  retryAfterMs?: number | undefined;
}

/**
 * Whether a failed attempt is worth another one. `safe` says the call may be repeated (an
 * idempotent method, or an idempotency key): without it only a rate limit, or a transport failure
 * that provably never reached the provider, is retried.
 */
export function isRetryable(error: ConnectorError, safe: boolean, hint: RetryHint | undefined): boolean {
  const shouldRetry = hint?.shouldRetry;
  // The provider's own "do not retry" wins, even over a 429 (a daily quota cannot be waited out).
  if (shouldRetry === false) return false;
  if (RateLimitError.isInstance(error)) return true;
  if (NetworkError.isInstance(error) || TimeoutError.isInstance(error)) {
    return !error.outcomeUnknown || safe;
  }
  if (!safe || error.status === undefined) return false;
  if (shouldRetry !== undefined) return shouldRetry;
  // A connector's parser may mark a 5xx as final (an export too large to ever build).
  if (error.status >= 500 && !error.retryable) return false;
  return RETRY_STATUSES.has(error.status);
}

/** The wait before the next attempt: what the provider asked for, else the policy's backoff. */
export function retryDelay(
  error: ConnectorError,
  hint: RetryHint | undefined,
  policy: RetryPolicy,
  attempt: number,
  random?: () => number,
): number {
  const hinted = RateLimitError.isInstance(error)
    ? (error.retryAfterMs ?? hint?.retryAfterMs)
    : hint?.retryAfterMs;
  return hinted ?? backoffDelay(policy, attempt, random);
}
