import { createHash } from 'node:crypto';
import pg from 'pg';
import { asOutage } from './outage.js';
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
      throw asOutage(error);
    }
  };
}

/**
 * A pool that survives its database going away. `pg` emits `'error'` on a connection the server
 * drops (a restart, a failover, `pg_terminate_backend`), and a connection checked out of a pool (a
 * transaction's, a held advisory lock's) has no listener of its own: unheard, that event ends the
 * process. Every connection this pool makes is heard for its whole life, and what a query or a
 * checkout fails with during an outage is `databaseUnavailable`: retryable, naming no address.
 */
export class GuardedPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle connection dropped: the pool forgets it and makes a new one for the next query.
    this.on('error', () => {});
    // A checked-out one dropped: its holder's next query fails, and it is released as broken.
    this.on('connect', (client) => client.on('error', () => {}));
  }

  // One signature for pg's overloads: only the promise forms are mapped, callbacks pass through.
  override query(...args: any[]): any {
    const result = (super.query as (...rest: any[]) => any)(...args);
    return result instanceof Promise ? result.catch(rethrowOutage) : result;
  }

  override connect(...args: any[]): any {
    const result = (super.connect as (...rest: any[]) => any)(...args);
    return result instanceof Promise ? result.catch(rethrowOutage) : result;
  }
}

function rethrowOutage(error: unknown): never {
  throw asOutage(error);
}
