// Whether one call may be repeated, and the idempotency key that makes a write safe to repeat.
import { randomUUID } from 'node:crypto';
import { nextWriteKey } from '../run-context.js';
import type { Outcome } from './failure.js';
import { headerValue } from './headers.js';
import type { HttpRequest } from './request.js';

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** A client's idempotency-key policy: the header, and the methods whose calls get a key. */
export interface IdempotencyPolicy {
  header: string;
  methods: readonly string[];
}

/** What one call's retries and failures need to know about repeating it. */
export interface CallIdempotency {
  /** The key every attempt carries, if any. */
  key: string | undefined;
  /** The call may be repeated: an idempotent method, or a key. */
  safe: boolean;
  /** What a failure after sending says about the provider's state. */
  outcome: Outcome;
}

/** Decides a call's idempotency key and whether repeating it is safe. */
export function callIdempotency(
  method: string,
  request: HttpRequest,
  policy: IdempotencyPolicy | undefined,
): CallIdempotency {
  // A key the caller set in the headers (a Custom Action, say) is the call's key: keep it.
  const headerKey = policy ? headerValue(request.headers, policy.header) : undefined;
  // Within a run the key comes from the run's own (the caller's, when given), so that repeating
  // the run repeats the same keys and the provider applies each write once.
  const key =
    request.idempotencyKey ??
    headerKey ??
    (policy?.methods.includes(method) ? (nextWriteKey() ?? randomUUID()) : undefined);
  const idempotent = request.idempotent ?? IDEMPOTENT_METHODS.has(method);
  return {
    key,
    safe: idempotent || (request.idempotent === undefined && key !== undefined),
    // A call that may change something: when it fails after sending, its outcome is unknown (even
    // with an idempotency key, which only makes repeating it safe).
    outcome: { mayApply: !idempotent, keyed: key !== undefined },
  };
}
