import { type Progress, toErrorJson } from '@c/core';
import { CLI_ACTOR, withRequestContext } from '../observability/request-context.js';
import type { RunHandlers } from '../run/runner.js';
import type { RunOutcome, RunRecord } from '../store/run-store.js';
import { type Outcome, RUN_LEASE_MS } from './engine.js';
import { outcomeUnknown, storedResult } from './run-results.js';

// One attempt of an async run on its worker: run through the pipeline, its lease renewed and its
// progress saved as it goes, and its end recorded however it comes (a result, an error, a cancel,
// a stop, a lost claim).

/** How often progress reaches the store (and so other processes); this process's watchers get every update. */
const PROGRESS_SAVE_MS = 500;

/** A worker-side reason to stop a run: its claim went to another worker. */
export class LostClaim extends Error {}
/** A worker-side reason to stop a run: the service is stopping. */
export class StopReason extends Error {}
/** A worker-side reason to stop a run: someone canceled it. */
export class CancelReason extends Error {}

/** What an attempt uses of its service. */
export interface ExecutionParts {
  store: Pick<import('../store/host-store.js').HostStore, 'runs'>;
  /** Runs the run through the pipeline (`Runner.run`) with these handlers. */
  run(handlers: RunHandlers): Promise<unknown>;
  /** Tells this process's followers of a progress update (at once; the store hears of it later). */
  progress(progress: Progress): void;
  /** How a canceled run ends. */
  canceled(run: RunRecord): RunOutcome;
}

/**
 * Runs a claimed attempt to its end, or until its claim is lost or its service stops it (the
 * controller's reason says which).
 */
export async function executeRun(
  parts: ExecutionParts,
  run: RunRecord,
  controller: AbortController,
): Promise<Outcome> {
  const { id, attempt } = run;
  let pending: Progress | undefined;
  let saving: Promise<unknown> = Promise.resolve();
  let savedAt = 0;
  const save = (update: { leaseMs?: number; progress?: Record<string, unknown> }) => {
    saving = saving
      .then(() => parts.store.runs.touchRun(id, attempt, update))
      .then((current) => {
        // Taken over (its lease ran out while this process stalled) or ended by another.
        if (!current) controller.abort(new LostClaim());
        // Canceled through another process (or instance): this is where its worker hears of it.
        else if (current === 'canceling') controller.abort(new CancelReason());
      })
      .catch(() => {
        // The store is briefly away: the next beat tries again, the lease holds till then.
      });
    return saving;
  };
  const flush = async () => {
    await saving;
    if (pending) await save({ progress: { ...pending } });
  };
  const renew = setInterval(() => void save({ leaseMs: RUN_LEASE_MS }), RUN_LEASE_MS / 3);
  renew.unref();
  try {
    let result: unknown;
    try {
      const submittedBy = { actor: run.actor ?? CLI_ACTOR };
      result = await withRequestContext(submittedBy, () =>
        parts.run({
          signal: controller.signal,
          onProgress: (progress) => {
            parts.progress(progress);
            pending = progress;
            if (Date.now() - savedAt < PROGRESS_SAVE_MS) return;
            savedAt = Date.now();
            pending = undefined;
            void save({ progress: { ...progress } });
          },
        }),
      );
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (reason instanceof LostClaim) return 'lost';
      await flush();
      if (reason instanceof CancelReason) {
        await parts.store.runs.finishRun(id, attempt, parts.canceled(run));
        return 'ended';
      }
      if (reason instanceof StopReason) {
        if (run.repeatSafe && (await parts.store.runs.releaseRun(id, attempt))) return 'released';
        // A run asked to stop is not put back: it ends as its canceler asked.
        const canceling = (await parts.store.runs.getRun(id))?.status === 'canceling';
        const outcome = canceling ? parts.canceled(run) : { error: outcomeUnknown(run, 'stopped') };
        await parts.store.runs.finishRun(id, attempt, outcome);
        return 'ended';
      }
      await parts.store.runs.finishRun(id, attempt, { error: { ...toErrorJson(error) } });
      return 'ended';
    }
    await flush();
    await parts.store.runs.finishRun(id, attempt, storedResult(result));
    return 'ended';
  } finally {
    clearInterval(renew);
  }
}
