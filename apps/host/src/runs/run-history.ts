import { ValidationError } from '@c/core';
import type { HistoryEntry, HistoryQuery, HistoryStore, RunSurface } from '../store/history-store.js';
import { RUN_SURFACES } from '../store/history-store.js';
import type { RunRecord, RunStore } from '../store/run-store.js';
import { closestNames, didYouMean } from '../suggest.js';

// The run history as `c-host runs list` and `GET /api/runs` show it: the store's lines (every
// ended run of every surface) with the async runs still waiting or running on top, filtered alike.

/** How many runs a page holds by default, and at most. */
export const HISTORY_LIMIT = { default: 30, max: 200 } as const;

/** How a run stands: an ended one `succeeded` or `failed`; an async one may still be on its way. */
export type HistoryStatus = 'succeeded' | 'failed' | 'queued' | 'running' | 'canceling';

const STATUSES: readonly HistoryStatus[] = ['succeeded', 'failed', 'queued', 'running', 'canceling'];

/** One run of the history. */
export interface HistoryRun extends Omit<HistoryEntry, 'outcome' | 'durationMs'> {
  status: HistoryStatus;
  /** `ok`, `replayed`, or the error's kind; absent while the run has not ended. */
  outcome?: string | undefined;
  /** Absent while the run has not ended. */
  durationMs?: number | undefined;
}

/** A page of the history, newest first; `nextCursor` (the last line's id) asks for the next one. */
export interface HistoryPage {
  runs: HistoryRun[];
  nextCursor?: string | undefined;
}

/** The filters as text, as the CLI's flags and the HTTP query give them. */
export interface HistoryFilters {
  command?: unknown;
  connection?: unknown;
  surface?: unknown;
  status?: unknown;
  limit?: unknown;
  cursor?: unknown;
}

/** A filter's text, or a `ValidationError` naming it. */
function text(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200) {
    throw new ValidationError(`Invalid parameter "${name}": expected a non-empty text`, { parameter: name });
  }
  return value.trim();
}

/** One of `allowed`, or a `ValidationError` naming the filter, its values and the nearest one. */
function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T | undefined {
  const given = text(name, value);
  if (given === undefined || (allowed as readonly string[]).includes(given)) return given as T | undefined;
  throw new ValidationError(
    `Invalid parameter "${name}": expected one of ${allowed.join(', ')}.${didYouMean(closestNames(given, allowed))}`,
    { parameter: name },
  );
}

function limitOf(value: unknown): number {
  if (value === undefined) return HISTORY_LIMIT.default;
  const given = typeof value === 'number' ? String(value) : value;
  const limit = typeof given === 'string' && /^\d{1,4}$/.test(given.trim()) ? Number(given) : Number.NaN;
  if (!(limit >= 1 && limit <= HISTORY_LIMIT.max)) {
    throw new ValidationError(
      `Invalid parameter "limit": expected a whole number from 1 to ${HISTORY_LIMIT.max}`,
      { parameter: 'limit' },
    );
  }
  return limit;
}

/** Reads the filters; a `ValidationError` names the first bad one. */
export function parseHistoryFilters(raw: HistoryFilters): {
  query: Omit<HistoryQuery, 'status'>;
  status: HistoryStatus | undefined;
} {
  const query = {
    limit: limitOf(raw.limit),
    command: text('command', raw.command),
    connection: text('connection', raw.connection),
    surface: oneOf<RunSurface>('surface', raw.surface, RUN_SURFACES),
    before: text('cursor', raw.cursor),
  };
  return { query, status: oneOf('status', raw.status, STATUSES) };
}

/** An async run not yet ended, as a line of the history. */
function activeRun(run: RunRecord): HistoryRun {
  return {
    id: run.id,
    at: run.startedAt ?? run.createdAt,
    command: run.command,
    connection: run.connection,
    surface: 'async',
    actor: run.actor ?? 'cli',
    status: run.status as HistoryStatus,
    dryRun: false,
  };
}

/**
 * A page of the history. The first page (no cursor) starts with the async runs still queued,
 * running or canceling that match the filters; the store's lines follow, ended runs only.
 */
export async function listRunHistory(
  store: { history: HistoryStore; runs: Pick<RunStore, 'listRuns'> },
  filters: HistoryFilters,
): Promise<HistoryPage> {
  const { query, status } = parseHistoryFilters(filters);
  const active: HistoryRun[] = [];
  const ended = status === undefined || status === 'succeeded' || status === 'failed';
  if (query.before === undefined && (query.surface === undefined || query.surface === 'async')) {
    for (const state of ['running', 'canceling', 'queued'] as const) {
      if (status !== undefined && status !== state) continue;
      for (const run of await store.runs.listRuns({ status: state, limit: query.limit })) {
        const matches =
          (query.command === undefined || run.command === query.command) &&
          (query.connection === undefined || run.connection === query.connection);
        if (matches) active.push(activeRun(run));
      }
    }
  }
  const room = query.limit - Math.min(active.length, query.limit);
  const lines =
    ended && room > 0
      ? await store.history.listHistory({ ...query, limit: room, status: status as HistoryQuery['status'] })
      : [];
  const runs = [
    ...active.slice(0, query.limit),
    ...lines.map(({ outcome, ...line }) => ({
      ...line,
      status: (outcome === 'ok' || outcome === 'replayed' ? 'succeeded' : 'failed') as HistoryStatus,
      outcome,
    })),
  ];
  const last = lines.at(-1);
  return { runs, ...(last && lines.length === room ? { nextCursor: last.id } : {}) };
}
