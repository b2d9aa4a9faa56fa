import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { SecretBox } from './secret-box.js';

/** What the PostgreSQL store lends each of its roles: the query pool, its sealing box and clock. */
export interface PostgresDeps {
  pool: pg.Pool;
  /** The box of the fleet's key (unlocked once the schema is migrated). */
  box: () => SecretBox;
  now: () => Date;
  /** Runs work in one transaction on one pool connection, rolled back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
}

/** The SQLSTATE of a unique constraint refusing a row. */
export const UNIQUE_VIOLATION = '23505';

/** A 64-bit advisory lock key for a name (as a decimal string: PostgreSQL's bigint). */
export function lockKey(name: string): string {
  return createHash('sha256').update(name, 'utf8').digest().readBigInt64BE(0).toString();
}

/**
 * A `transaction` for one pool. A connection whose ROLLBACK fails (the server dropped it) is
 * destroyed rather than handed to the next caller.
 */
export function postgresTransaction(pool: pg.Pool): PostgresDeps['transaction'] {
  return async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
        client.release();
      } catch (rollback) {
        client.release(rollback as Error);
      }
      throw error;
    }
  };
}
