// Run history (`c-host runs list`, `GET /api/runs`, the web's Runs screen): one line for every run on
// every surface (the CLI, the HTTP API, the web UI, MCP, async workers), kept in the store so that
// every process and every instance of a fleet shows the same history. A line holds what a person
// scans a history for (which command, on which connection, from where, how it ended, how long it
// took) and never the input or the result: those can hold personal data, and an async run keeps its
// own for a week under `GET /api/runs/{id}`.

/** Where a run came from. `async` is a background run's worker (`run --async`, `POST /api/runs`). */
export type RunSurface = 'cli' | 'http' | 'web' | 'mcp' | 'async';

/** Every surface, in the order a filter lists them. */
export const RUN_SURFACES: readonly RunSurface[] = ['web', 'cli', 'mcp', 'http', 'async'];

/** What `appendHistory` records: one run's end. */
export interface NewHistoryEntry {
  /** A UUID: the async run's id for a background run; the HTTP API answers it as `c-run-id`. */
  id: string;
  /** When the run started. */
  at: Date;
  /** The qualified command id, e.g. `payments.createCustomer`. */
  command: string;
  /** The connection the run used (`env` for the environment's credentials). */
  connection: string;
  surface: RunSurface;
  /** Who ran it (see `NewAuditEntry.actor`). */
  actor: string;
  /** `ok`, `replayed` (an idempotency key's stored result, nothing sent), or the error's kind. */
  outcome: string;
  /** The error's message when it failed: a connector error's, which never holds a credential. */
  message?: string | undefined;
  durationMs: number;
  /** A dry run sent nothing. */
  dryRun: boolean;
  /** The provider's request id of the run's last call. */
  requestId?: string | undefined;
}

/** A stored history line. */
export interface HistoryEntry extends Omit<NewHistoryEntry, 'at'> {
  /** ISO 8601. */
  at: string;
}

/** Which lines `listHistory` returns: the newest first, every filter given must match. */
export interface HistoryQuery {
  /** At most this many. */
  limit: number;
  /** Only lines older than this one (the previous page's last id): the next page. */
  before?: string | undefined;
  command?: string | undefined;
  connection?: string | undefined;
  surface?: RunSurface | undefined;
  /** `succeeded` (ok or replayed) or `failed` (any error). */
  status?: 'succeeded' | 'failed' | undefined;
}

/** The run history role of the store. */
export interface HistoryStore {
  /** Appends one run's line. */
  appendHistory(entry: NewHistoryEntry): Promise<void>;
  /** Lines, newest first. */
  listHistory(query: HistoryQuery): Promise<HistoryEntry[]>;
  /** Deletes the lines of runs that started before this time; returns how many. */
  pruneHistory(before: Date): Promise<number>;
}

/** The longest error message a line keeps (a provider's message can be long). */
export const HISTORY_MESSAGE_MAX = 500;

/** A history row as both databases return it (column names in snake case). */
export interface HistoryRow {
  id: string;
  at: string | Date;
  command: string;
  connection: string;
  surface: string;
  actor: string;
  outcome: string;
  message: string | null;
  duration_ms: number | string;
  dry_run: number | boolean;
  request_id: string | null;
}

/** A row as the store's callers see it: optional fields absent rather than null. */
export function historyEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    at: row.at instanceof Date ? row.at.toISOString() : row.at,
    command: row.command,
    connection: row.connection,
    surface: row.surface as RunSurface,
    actor: row.actor,
    outcome: row.outcome,
    ...(row.message === null ? {} : { message: row.message }),
    durationMs: Number(row.duration_ms),
    dryRun: row.dry_run === true || row.dry_run === 1,
    ...(row.request_id === null ? {} : { requestId: row.request_id }),
  };
}

/** The values a row is written with, in the column order of both stores' INSERT. */
export function historyValues(entry: NewHistoryEntry): unknown[] {
  return [
    entry.id,
    entry.command,
    entry.connection,
    entry.surface,
    entry.actor,
    entry.outcome,
    entry.message === undefined ? null : entry.message.slice(0, HISTORY_MESSAGE_MAX),
    Math.round(entry.durationMs),
    entry.requestId ?? null,
  ];
}

/**
 * The WHERE clause of a history query and its values, with `?` or `$n` placeholders (SQLite or
 * PostgreSQL). `before` is a cursor: lines that sort after that one (time, then id, descending).
 */
export function historyWhere(
  query: HistoryQuery,
  placeholder: (index: number) => string,
): { where: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    values.push(value);
    clauses.push(clause(placeholder(values.length)));
  };
  if (query.command !== undefined) add((p) => `command = ${p}`, query.command);
  if (query.connection !== undefined) add((p) => `connection = ${p}`, query.connection);
  if (query.surface !== undefined) add((p) => `surface = ${p}`, query.surface);
  if (query.status === 'succeeded') clauses.push(`outcome IN ('ok', 'replayed')`);
  if (query.status === 'failed') clauses.push(`outcome NOT IN ('ok', 'replayed')`);
  if (query.before !== undefined) {
    values.push(query.before);
    const p = placeholder(values.length);
    clauses.push(`(at, id) < (SELECT at, id FROM run_history WHERE id = ${p})`);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', values };
}
