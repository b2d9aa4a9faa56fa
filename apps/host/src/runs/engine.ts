import type { HostStore } from '../store/host-store.js';
import type { RunRecord, RunStatus } from '../store/run-store.js';

// What the run service and its two engines (`LocalEngine`, `BossEngine`) share: how runs reach
// workers, and the worker side of the service as an engine sees it.

/** How long a worker's claim on a run holds without renewal (renewed every third of it). */
export const RUN_LEASE_MS = 30_000;
/** How often a watcher re-reads a run that runs elsewhere, and a worker looks for queued runs. */
export const POLL_MS = 1000;

/** The statuses a run ends in. */
export const ENDED = new Set<RunStatus>(['succeeded', 'failed', 'canceled']);

/** Options of `RunService.open`. */
export interface RunServiceOptions {
  /**
   * Run queued runs in this process: a server, or a worker of its own. False (a CLI that only
   * submits and reads) leaves them to the workers, starting one with `startWorker` when none is alive.
   */
  work: boolean;
  /** Runs at once in this process (default 4). */
  concurrency?: number;
  /** How long `stop` lets running runs finish before it puts them back (default 10 s). */
  graceMs?: number;
  /**
   * Starts a worker process (the CLI's `c-host runs work`) when a run is queued and no process (no
   * server, no other worker) runs queued runs.
   */
  startWorker?: (() => void) | undefined;
}

/** What a worker does with a run it was handed; `released` when it went back to the queue. */
export type Outcome = 'ended' | 'released' | 'lost';

/** The worker side of the service, as the engines see it. */
export interface Workers {
  readonly owner: string;
  readonly store: Pick<HostStore, 'runs'>;
  readonly options: RunServiceOptions;
  /** How many runs this process runs now. */
  running(): number;
  /** Runs a claimed attempt to its end (or until its claim is lost or the service stops it). */
  execute(run: RunRecord, claimLost?: AbortSignal): Promise<Outcome>;
  /** Runs (or, when repeating is unsafe, ends) a run that a queue handed to this worker. */
  take(id: string, claimLost?: AbortSignal): Promise<Outcome>;
  /** Ends a run whose worker died: back to the queue when safe (and asked), else failed. */
  recover(run: RunRecord, requeue: boolean): Promise<void>;
}

/** How runs reach workers. */
export interface Engine {
  start(): Promise<void>;
  /** Makes a new run known to the workers. */
  dispatch(run: RunRecord): Promise<void>;
  /** Drops a canceled queued run's job, where the engine keeps one (a worker taking it would skip it anyway). */
  discard(id: string): Promise<void>;
  /** Takes no more runs. */
  stopTaking(): Promise<void>;
  close(): Promise<void>;
}
