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
