import {
  type HistoryEntry,
  type HistoryQuery,
  type HistoryStore,
  historyEntry,
  historyValues,
  historyWhere,
  type NewHistoryEntry,
} from './history-store.js';
import type { PostgresDeps } from './postgres-deps.js';

/** The run history's table in PostgreSQL (schema version 8): one history for the whole fleet. */
export const HISTORY_MIGRATION_SQL = `
CREATE TABLE run_history (
  id text PRIMARY KEY,
  at timestamptz NOT NULL,
  dry_run boolean NOT NULL,
  command text NOT NULL,
  connection text NOT NULL,
  surface text NOT NULL,
  actor text NOT NULL,
  outcome text NOT NULL,
  message text,
  duration_ms integer NOT NULL,
  request_id text
);
CREATE INDEX run_history_at ON run_history (at, id);
`;

/** The run history in PostgreSQL. */
export class PostgresHistoryStore implements HistoryStore {
  readonly #deps: Pick<PostgresDeps, 'pool'>;

  constructor(deps: Pick<PostgresDeps, 'pool'>) {
    this.#deps = deps;
  }

  /** A second attempt of an async run (its worker died) replaces its first line: same id, its end. */
  async appendHistory(entry: NewHistoryEntry): Promise<void> {
    await this.#deps.pool.query(
      `INSERT INTO run_history (at, dry_run, id, command, connection, surface, actor, outcome, message, duration_ms, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (id) DO UPDATE SET at = excluded.at, dry_run = excluded.dry_run, command = excluded.command,
         connection = excluded.connection, surface = excluded.surface, actor = excluded.actor, outcome = excluded.outcome,
         message = excluded.message, duration_ms = excluded.duration_ms, request_id = excluded.request_id`,
      [entry.at, entry.dryRun, ...historyValues(entry)],
    );
  }

  async listHistory(query: HistoryQuery): Promise<HistoryEntry[]> {
    const { where, values } = historyWhere(query, (index) => `$${index}`);
    const { rows } = await this.#deps.pool.query(
      `SELECT * FROM run_history ${where} ORDER BY at DESC, id DESC LIMIT $${values.length + 1}`,
      [...values, query.limit],
    );
    return rows.map(historyEntry);
  }

  async pruneHistory(before: Date): Promise<number> {
    const result = await this.#deps.pool.query('DELETE FROM run_history WHERE at < $1', [before]);
    return result.rowCount ?? 0;
  }
}
