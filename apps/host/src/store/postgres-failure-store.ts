import type pg from 'pg';
import {
  FAILURE_PRUNE_BATCH,
  type FailureStore,
  type FailureWindow,
  failureWindow,
} from './failure-store.js';

/** The guessing throttle's table (a migration step of its own). */
export const FAILURE_MIGRATION_SQL = `
CREATE TABLE access_failures (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at bigint NOT NULL
);
CREATE INDEX access_failures_reset_at ON access_failures (reset_at);
`;

/**
 * Failure counts in the fleet's database: a client's failures count together whichever instance
 * nginx (or any balancer) sends each one to, so a fleet of N does not give a guesser N times the tries.
 */
export class PostgresFailureStore implements FailureStore {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async get(key: string, now: number): Promise<FailureWindow | undefined> {
    const { rows } = await this.#pool.query<{ count: number; reset_at: string }>(
      'SELECT count, reset_at FROM access_failures WHERE key = $1 AND reset_at > $2',
      [key, now],
    );
    return rows[0] && failureWindow(rows[0]);
  }

  async add(key: string, now: number, windowMs: number): Promise<FailureWindow> {
    // One statement and one round trip. The upsert makes concurrent adds from every instance count
    // one by one: a new window when none is open or the last one has ended, else one more in the
    // open one (its end unchanged). Beside it, a few ended windows of other clients go; rows another
    // instance is already deleting are skipped rather than waited for. The key's own row is left to
    // the upsert (one statement must not change a row twice).
    const { rows } = await this.#pool.query<{ count: number; reset_at: string }>(
      `WITH pruned AS (
         DELETE FROM access_failures WHERE key IN (
           SELECT key FROM access_failures WHERE reset_at <= $2 AND key <> $1
           LIMIT ${FAILURE_PRUNE_BATCH} FOR UPDATE SKIP LOCKED
         )
       )
       INSERT INTO access_failures AS failure (key, count, reset_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN failure.reset_at <= $2 THEN 1 ELSE failure.count + 1 END,
         reset_at = CASE WHEN failure.reset_at <= $2 THEN excluded.reset_at ELSE failure.reset_at END
       RETURNING count, reset_at`,
      [key, now, now + windowMs],
    );
    return failureWindow(rows[0]!);
  }

  async clear(key: string): Promise<void> {
    await this.#pool.query('DELETE FROM access_failures WHERE key = $1', [key]);
  }
}
