import {
  type HistoryEntry,
  type HistoryQuery,
  type HistoryRow,
  type HistoryStore,
  historyEntry,
  historyValues,
  historyWhere,
  type NewHistoryEntry,
} from './history-store.js';
import type { SqliteDeps } from './sqlite-deps.js';

/** The run history's table in the embedded store. */
export const HISTORY_SCHEMA = `
CREATE TABLE IF NOT EXISTS run_history (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  dry_run INTEGER NOT NULL,
  command TEXT NOT NULL,
  connection TEXT NOT NULL,
  surface TEXT NOT NULL,
  actor TEXT NOT NULL,
  outcome TEXT NOT NULL,
  message TEXT,
  duration_ms INTEGER NOT NULL,
  request_id TEXT
);
CREATE INDEX IF NOT EXISTS run_history_at ON run_history (at, id);
`;

/** The run history in the embedded SQLite store. */
export class SqliteHistoryStore implements HistoryStore {
  readonly #deps: Pick<SqliteDeps, 'db'>;

  constructor(deps: Pick<SqliteDeps, 'db'>) {
    this.#deps = deps;
  }

  /** A second attempt of an async run (its worker died) replaces its first line: same id, its end. */
  async appendHistory(entry: NewHistoryEntry): Promise<void> {
    this.#deps.db
      .prepare(
        `INSERT INTO run_history (at, dry_run, id, command, connection, surface, actor, outcome, message, duration_ms, request_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET at = excluded.at, dry_run = excluded.dry_run, command = excluded.command,
           connection = excluded.connection, surface = excluded.surface, actor = excluded.actor, outcome = excluded.outcome,
           message = excluded.message, duration_ms = excluded.duration_ms, request_id = excluded.request_id`,
      )
      .run(
        entry.at.toISOString(),
        entry.dryRun ? 1 : 0,
        ...(historyValues(entry) as (string | number | null)[]),
      );
  }

  async listHistory(query: HistoryQuery): Promise<HistoryEntry[]> {
    const { where, values } = historyWhere(query, () => '?');
    // ISO 8601 in UTC sorts as text, so ordering by `at` orders by time.
    const rows = this.#deps.db
      .prepare(`SELECT * FROM run_history ${where} ORDER BY at DESC, id DESC LIMIT ?`)
      .all(...(values as string[]), query.limit) as unknown as HistoryRow[];
    return rows.map(historyEntry);
  }

  async pruneHistory(before: Date): Promise<number> {
    const result = this.#deps.db.prepare('DELETE FROM run_history WHERE at < ?').run(before.toISOString());
    return Number(result.changes);
  }
}
