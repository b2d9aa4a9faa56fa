// Async runs (`POST /api/runs`, `c-host run --async`): the record of each run, kept in the store so
// that every process and every instance of a fleet sees the same runs, and a restart shows what
// happened. Which worker runs a run is decided elsewhere (an in-process queue on the embedded store,
// pg-boss jobs on PostgreSQL); the store only makes each step atomic and fences it by attempt, so a
// worker that lost its run (it was taken over) cannot overwrite what the new one records.

/**
 * Where an async run is: waiting for a worker, running, asked to stop (`canceling`, until its worker
 * sees it), or ended one way or another (`succeeded`, `failed`, `canceled`).
 */
export type RunStatus = 'queued' | 'running' | 'canceling' | 'succeeded' | 'failed' | 'canceled';

/** What `createRun` needs: a run accepted and waiting for a worker. */
export interface NewRun {
  /** A UUID chosen by the caller (the fleet queue's job has the same id). */
  id: string;
  /** The qualified command id, e.g. `analytics.exportData`. */
  command: string;
  /** The connection the run uses, as resolved when it was accepted. */
  connection: string;
  input: unknown;
  idempotencyKey?: string | undefined;
  /**
   * Whether running it again is safe when its worker died mid-run: a read, or a write whose repeat
   * the provider or the host deduplicates (an idempotency key). Otherwise such a run ends `failed`
   * with `outcomeUnknown`.
   */
  repeatSafe: boolean;
  /** Who submitted it (see `NewAuditEntry.actor`): its worker acts for them, on any instance. */
  actor?: string | undefined;
}

/**
 * A run's result as stored. A result holding a list (an export's events) keeps the list apart, as
 * NDJSON pieces of whole lines, so that a big one is written and read piece by piece: its JSON is
 * `head` + `[` + the items joined by `,` + `]` + `tail`; its NDJSON is the pieces as they are.
 */
export interface RunResult {
  /** The JSON before the list (`{"count":2,"events":`), or the whole result's JSON when it has no list. */
  head: string;
  /** The JSON after the list (`}`); undefined when the result has no list. */
  tail?: string | undefined;
  /** How many items the list has (0 without one). */
  count: number;
}

/** A stored run. */
export interface RunRecord {
  id: string;
  command: string;
  connection: string;
  input: unknown;
  idempotencyKey: string | undefined;
  repeatSafe: boolean;
  /** Who submitted it; unset for a run stored before actors were kept (then `cli`). */
  actor: string | undefined;
  status: RunStatus;
  /** The latest progress the command reported (`{message, current, total}`). */
  progress: Record<string, unknown> | undefined;
  /** Set when `succeeded`; the list's pieces are read with `readRunResult`. */
  result: RunResult | undefined;
  /**
   * The error JSON (`{kind, message, outcomeUnknown, …}`), set when `failed`, and when `canceled`
   * while a command that may write was running (`outcomeUnknown`).
   */
  error: Record<string, unknown> | undefined;
  /** How many times a worker has started it; every change a worker makes names its attempt. */
  attempt: number;
  /** The worker running it (`<hostname>:<pid>:<nonce>`), while `running`. */
  owner: string | undefined;
  /** Until when (epoch ms) its worker's lease holds without renewal, while `running`. */
  leaseExpiresAt: number | undefined;
  /** ISO 8601. */
  createdAt: string;
  startedAt: string | undefined;
  finishedAt: string | undefined;
}

/**
 * How a worker ends a run: with its result (the list's NDJSON pieces apart), with an error, or
 * canceled (with an error saying so when a write may have reached the provider).
 */
export type RunOutcome =
  | { result: RunResult; pieces: readonly string[] }
  | { error: Record<string, unknown> }
  | { canceled: true; error?: Record<string, unknown> | undefined };

/** A worker's claim on a run. */
export interface RunClaim {
  /** Who takes it (`RunRecord.owner`). */
  owner: string;
  /** How long the claim holds without `touchRun` renewing it. */
  leaseMs: number;
}

/** The async runs role of the store. Inputs, results and errors are sealed like credentials. */
export interface RunStore {
  /** Records a new run, `queued`. */
  createRun(run: NewRun): Promise<RunRecord>;
  getRun(id: string): Promise<RunRecord | undefined>;
  /** Runs in a status, oldest first (at most `limit`, default 100). */
  listRuns(filter: { status: RunStatus; limit?: number }): Promise<RunRecord[]>;
  /** Takes the oldest `queued` run: it is `running` under this claim, its attempt one more. */
  claimNextRun(claim: RunClaim): Promise<RunRecord | undefined>;
  /**
   * Takes one run that a queue handed to this worker: a `queued` one, or a `running` one whose worker
   * died (the queue gave its job to another). Returns the run as it is now and its status before;
   * an ended or canceling run is returned unchanged, undefined when there is none.
   */
  takeRun(id: string, claim: RunClaim): Promise<{ run: RunRecord; previous: RunStatus } | undefined>;
  /**
   * Renews the lease of a running attempt and, when given, records its progress. Returns the run's
   * status: `running`, or `canceling` when a cancel was asked (its worker should stop and end it
   * `canceled`); undefined when the attempt is no longer the run's current one (it was taken over
   * or ended): its worker should stop.
   */
  touchRun(
    id: string,
    attempt: number,
    update: { leaseMs?: number; progress?: Record<string, unknown> },
  ): Promise<'running' | 'canceling' | undefined>;
  /**
   * Asks a run to stop, in one statement (a worker claiming it at the same moment either gets it
   * `canceled` or finds it `canceling`): a `queued` one ends `canceled` at once, a `running` one
   * becomes `canceling` for its worker to see at its next `touchRun`. Returns the run as it is now
   * and its status before (a run already canceling or ended is returned unchanged); undefined when
   * there is none.
   */
  cancelRun(id: string): Promise<{ run: RunRecord; previous: RunStatus } | undefined>;
  /** Puts a running attempt's run back in the queue (`queued`); false when the attempt is not current. */
  releaseRun(id: string, attempt: number): Promise<boolean>;
  /**
   * Ends a running (or canceling) attempt's run: `succeeded` with its result (pieces and all, in one
   * transaction), `failed` with its error, or `canceled`. False when the attempt is not current, and
   * then nothing is written.
   */
  finishRun(id: string, attempt: number, outcome: RunOutcome): Promise<boolean>;
  /** The NDJSON pieces of a succeeded run's list, in order. */
  readRunResult(id: string): AsyncIterable<string>;
  /** Deletes the runs that ended before this time, with their results; returns how many. */
  pruneRuns(endedBefore: Date): Promise<number>;
}
