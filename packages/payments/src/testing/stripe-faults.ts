import type { Fault, RecordedCall } from '@c/core/testing';
import { stripeStyleId } from './stripe-state.js';

/** Which calls a fault applies to. */
export type FaultMatch = (call: RecordedCall) => boolean;

/** Matches calls by method and path (a string for an exact path, or a pattern). */
export function matchCall(method: string, path: string | RegExp): FaultMatch {
  return (call) =>
    call.method === method.toUpperCase() &&
    (typeof path === 'string' ? call.path === path : path.test(call.path));
}

interface FaultOptions {
  match?: FaultMatch;
  /** How many matching calls it hits (default 1). */
  times?: number;
}

function stripeErrorFault(
  status: number,
  error: Record<string, string>,
  headers: Record<string, string>,
  options: FaultOptions,
): Fault {
  return {
    type: 'status',
    status,
    headers: { 'content-type': 'application/json', 'request-id': stripeStyleId('req_'), ...headers },
    body: JSON.stringify({ error }),
    ...(options.match ? { match: options.match } : {}),
    ...(options.times ? { times: options.times } : {}),
  };
}

/**
 * Fault switches for `server.fault(…)`, with Stripe's own bodies and headers. Rate limiting runs before
 * Stripe's idempotency layer, so a refused call leaves nothing behind and is safe to repeat.
 */
export const stripeFaults = {
  /** 429 with Stripe's `rate_limit` error and a `Retry-After` in seconds. */
  rateLimited(options: FaultOptions & { retryAfterSeconds?: number } = {}): Fault {
    return stripeErrorFault(
      429,
      {
        code: 'rate_limit',
        doc_url: 'https://stripe.com/docs/error-codes/rate-limit',
        message:
          'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
        type: 'invalid_request_error',
      },
      { 'retry-after': String(options.retryAfterSeconds ?? 1) },
      options,
    );
  },
  /** A 500, 502, 503 or 504 with Stripe's `api_error`; `shouldRetry` sets `Stripe-Should-Retry`. */
  serverError(options: FaultOptions & { status?: 500 | 502 | 503 | 504; shouldRetry?: boolean } = {}): Fault {
    return stripeErrorFault(
      options.status ?? 500,
      { message: 'An unknown error occurred', type: 'api_error' },
      options.shouldRetry === undefined ? {} : { 'stripe-should-retry': String(options.shouldRetry) },
      options,
    );
  },
  /** The call is applied (and its idempotent response saved), then the connection drops unanswered. */
  dropAfterApply(options: FaultOptions = {}): Fault {
    return { type: 'reset-after-handler', ...options };
  },
  /** The connection drops before the call reaches the API: nothing is applied. */
  dropBeforeApply(options: FaultOptions = {}): Fault {
    return { type: 'reset-before-response', ...options };
  },
  /** The answer comes `ms` milliseconds late. */
  slow(ms: number, options: FaultOptions = {}): Fault {
    return { type: 'delay', ms, ...options };
  },
};
