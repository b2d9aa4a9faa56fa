// What one run of a command tells every HTTP call it makes, without threading it through each
// connector: the run's idempotency key (for the provider's own deduplication), for a dry run where
// the requests go instead of the network, and the caller's observer of its provider calls.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConnectorError } from './errors/connector-error.js';

/** A request a dry run would have sent: credentials masked, nothing sent. */
export interface DryRunRequest {
  method: string;
  /** The full URL, query included. */
  url: string;
  /** Every header the request would carry; credentials read `[REDACTED]`. */
  headers: Record<string, string>;
  /** The body as it would be sent (JSON or form text), credentials masked; absent without one. */
  body?: string;
  /** For a binary body: its size in bytes (the bytes are not shown). */
  bodyBytes?: number;
}

/** What `run(…, { dryRun: true })` returns instead of the command's result. */
export interface DryRunResult {
  dryRun: true;
  /** The requests the run would send first, in order. */
  requests: DryRunRequest[];
  /**
   * What the list means, for people and agents: the run stops at its first request, since what a
   * command does next (a next page, a write after a read, a second batch) depends on the answer.
   */
  note: string;
}

/** One provider call as a run's observer sees it: no credentials, no query string. */
export interface ProviderCallInfo {
  /** The client's provider name, e.g. "Stripe". */
  provider: string;
  /** The HTTP method, upper case. */
  method: string;
  /** Origin and path, without the query string (it may carry the caller's data). */
  url: string;
}

/** What a run's observer hears about one provider call, once it has started. */
export interface ProviderCallObserver {
  /**
   * Before each retry's wait: the retry's number (1 for the first), the wait, and the error that
   * caused it (a `RateLimitError` when the provider asked to slow down).
   */
  onRetry?(retry: { attempt: number; delayMs: number; error: ConnectorError }): void;
  /**
   * The call ended, once, after its last attempt: the final status and the provider's request id,
   * or the error it failed with (its `status` and `requestId` too, when the provider answered).
   */
  onEnd?(end: {
    status: number | undefined;
    requestId: string | undefined;
    error?: unknown;
    retries: number;
  }): void;
}

/**
 * Watches one run's provider calls, for a host's logs, traces and metrics (`RunOptions.observer`).
 * Its methods are called in line with the calls: they must be quick and must not throw.
 */
export interface RunObserver {
  /**
   * A provider call is about to be sent (a dry run sends nothing, so reports none). What it
   * returns hears that call's retries and its end.
   */
  onCall?(call: ProviderCallInfo): ProviderCallObserver | undefined;
}

/** The state of one run, shared by the HTTP calls it makes. */
export interface RunState {
  /** The run's idempotency key (the caller's, or one made for this run of a write command). */
  idempotencyKey: string | undefined;
  /** How many keyed write calls the run has made so far (the first carries the key itself). */
  writes: number;
  /**
   * Set for a dry run: requests are recorded here and not sent. `resolvingCredentials` marks the
   * inner run that reads the auth headers: a request there (a token refresh) is stopped unrecorded.
   */
  dryRun: { requests: DryRunRequest[]; resolvingCredentials?: boolean } | undefined;
  /** The caller's observer of the run's provider calls (`RunOptions.observer`). */
  observer?: RunObserver | undefined;
}

const storage = new AsyncLocalStorage<RunState>();

/** The run the current code belongs to, if any (HTTP calls outside `run()` have none). */
export function currentRun(): RunState | undefined {
  return storage.getStore();
}

/** Runs `work` as one run: every HTTP call it makes, however deep, sees `state`. */
export function withRun<T>(state: RunState, work: () => Promise<T>): Promise<T> {
  return storage.run(state, work);
}

/**
 * The idempotency key of the next keyed write of the current run: the run's key for its first
 * write, `<key>:<n>` for the n-th after it, so that each write of a multi-call run is deduplicated
 * on its own and a repeat of the run sends the same keys in the same order.
 */
export function nextWriteKey(): string | undefined {
  const run = storage.getStore();
  if (!run?.idempotencyKey) return undefined;
  run.writes += 1;
  return run.writes === 1 ? run.idempotencyKey : `${run.idempotencyKey}:${run.writes}`;
}

/**
 * Thrown inside a dry run at the first request whose answer the command would need: it stops the
 * command there. Never reaches a caller: `run()` turns it into the `DryRunResult`.
 */
export class DryRunStop extends Error {
  constructor() {
    super('Dry run: stopped before sending');
    this.name = 'DryRunStop';
  }
}
