import type { DatabaseSync } from 'node:sqlite';
import {
  FAILURE_PRUNE_BATCH,
  type FailureStore,
  type FailureWindow,
  failureWindow,
} from './failure-store.js';

/** The guessing throttle's table in the embedded store, created beside the others. */
export const FAILURE_SCHEMA = `
CREATE TABLE IF NOT EXISTS access_failures (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS access_failures_reset_at ON access_failures (reset_at);
`;

/**
 * Failure counts in the SQLite file: every process on one data directory (two `serve` processes, a
 * server restarted mid-window) counts a client's failures together.
 */
export class SqliteFailureStore implements FailureStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  async get(key: string, now: number): Promise<FailureWindow | undefined> {
    const row = this.#db
      .prepare('SELECT count, reset_at FROM access_failures WHERE key = ? AND reset_at > ?')
      .get(key, now) as { count: number; reset_at: number } | undefined;
    return row && failureWindow(row);
  }

  async add(key: string, now: number, windowMs: number): Promise<FailureWindow> {
    this.#db
      .prepare(
        `DELETE FROM access_failures WHERE key IN (
           SELECT key FROM access_failures WHERE reset_at <= ? LIMIT ${FAILURE_PRUNE_BATCH}
         )`,
      )
      .run(now);
    // One statement, so two processes failing at once both count: a new window when none is open
    // or the last one has ended, else one more in the open one (its end unchanged).
    const row = this.#db
      .prepare(
        `INSERT INTO access_failures (key, count, reset_at) VALUES (?, 1, ?)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN reset_at <= ? THEN 1 ELSE count + 1 END,
           reset_at = CASE WHEN reset_at <= ? THEN excluded.reset_at ELSE reset_at END
         RETURNING count, reset_at`,
      )
      .get(key, now + windowMs, now, now) as { count: number; reset_at: number };
    return failureWindow(row);
  }

  async clear(key: string): Promise<void> {
    this.#db.prepare('DELETE FROM access_failures WHERE key = ?').run(key);
  }
}
