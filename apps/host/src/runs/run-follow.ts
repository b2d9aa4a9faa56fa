import type { EventEmitter } from 'node:events';
import type { ErrorJson, Progress } from '@c/core';
import type { RunRecord, RunStatus } from '../store/run-store.js';
import { ENDED, POLL_MS } from './engine.js';

/** One event of a run as it is followed (`GET /api/runs/{id}/events`, `c-host run --async`). */
export type RunEvent =
  | { type: 'status'; id: string; status: RunStatus }
  | { type: 'progress'; id: string; progress: Progress }
  | { type: 'end'; id: string; status: EndStatus; error: ErrorJson | null };

/** How a run ended. */
export type EndStatus = 'succeeded' | 'failed' | 'canceled';

/** Where a followed run is read: the store, and this process's own runs as they go. */
export interface FollowSource {
  get(id: string): Promise<RunRecord>;
  /** `progress:<id>` with each update and `end:<id>` at the end, for the runs of this process. */
  events: EventEmitter;
  /** Whether the run runs in this process (its updates come as events, before the store has them). */
  runsHere(id: string): boolean;
}

/**
 * Follows a run: its status now (and its latest progress), then each change, then its end. This
 * process's runs report every progress update at once; runs elsewhere are read from the store.
 * Ends early, without an `end`, when `signal` aborts.
 */
export async function* followRun(
  source: FollowSource,
  id: string,
  signal?: AbortSignal,
): AsyncGenerator<RunEvent> {
  let run = await source.get(id);
  const updates: Progress[] = [];
  let wake: (() => void) | undefined;
  const onProgress = (progress: Progress) => {
    updates.push(progress);
    wake?.();
  };
  const onChange = () => wake?.();
  source.events.on(`progress:${id}`, onProgress);
  source.events.on(`end:${id}`, onChange);
  signal?.addEventListener('abort', onChange);
  try {
    let status = run.status;
    let shown = run.progress === undefined ? undefined : JSON.stringify(run.progress);
    yield { type: 'status', id, status };
    if (run.progress) yield { type: 'progress', id, progress: run.progress };
    while (!ENDED.has(status)) {
      if (updates.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      if (signal?.aborted) return;
      for (const progress of updates.splice(0)) {
        const text = JSON.stringify(progress);
        if (text === shown) continue;
        shown = text;
        yield { type: 'progress', id, progress };
      }
      run = await source.get(id);
      const stored = run.progress === undefined ? undefined : JSON.stringify(run.progress);
      // This process's own runs have told every update already; the store's copy lags behind.
      if (run.progress && stored !== shown && !source.runsHere(id)) {
        shown = stored;
        yield { type: 'progress', id, progress: run.progress };
      }
      if (run.status !== status) {
        status = run.status;
        if (!ENDED.has(status)) yield { type: 'status', id, status };
      }
    }
    yield {
      type: 'end',
      id,
      status: status as EndStatus,
      error: (run.error as ErrorJson | undefined) ?? null,
    };
  } finally {
    source.events.off(`progress:${id}`, onProgress);
    source.events.off(`end:${id}`, onChange);
    signal?.removeEventListener('abort', onChange);
  }
}
