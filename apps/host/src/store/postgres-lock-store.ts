import { randomBytes } from 'node:crypto';
import { TimeoutError } from '@c/core';
import pg from 'pg';
import type { LockOptions, LockStore, SlotOptions } from './lock-store.js';
import { asOutage } from './outage.js';
import { lockKey } from './postgres-deps.js';
import { SCHEMA } from './postgres-migrations.js';
import { jittered, Wakeups } from './wakeups.js';

/** The channel on which instances tell each other that a lock or slot was given back. */
const WAKE_CHANNEL = 'c_host_wake';

/**
 * Named locks and shared budgets in PostgreSQL, shared by every instance of a fleet. Named locks
 * are session advisory locks (released by PostgreSQL itself when a holder dies), shared budgets are
 * leased rows, and waiters poll without blocking, woken early by `NOTIFY`.
 */
export class PostgresLockStore implements LockStore {
  readonly #pool: pg.Pool;
  readonly #lockPool: pg.Pool;
  readonly #wakeups = new Wakeups();
  /** Lease renewals of the slots held now, stopped when the store closes. */
  readonly #renewals = new Set<NodeJS.Timeout>();
  #listener: pg.Client | undefined;
  #listenRetry: NodeJS.Timeout | undefined;
  #closed = false;

  /**
   * `pool` runs the short queries; `lockPool` lends the connections that hold advisory locks for
   * the length of their work.
   */
  constructor(pool: pg.Pool, lockPool: pg.Pool) {
    this.#pool = pool;
    this.#lockPool = lockPool;
  }

  /**
   * A session advisory lock on the name's hash, held by one connection of the lock pool for the
   * length of the work. PostgreSQL releases it when that session ends, so a holder killed with
   * SIGKILL frees it at once; `ttlMs` is therefore not needed here. Waiters try again without
   * holding a connection, woken early when any instance gives the lock back.
   */
  async withLock<T>(name: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    const key = lockKey(`lock:${name}`);
    const deadline = Date.now() + (options.waitMs ?? 60_000);
    let pause = 5;
    let holder: pg.PoolClient | undefined;
    for (;;) {
      options.signal?.throwIfAborted();
      holder = await this.#tryLock(key, name, deadline, options.signal);
      if (holder) break;
      if (Date.now() >= deadline) {
        throw new TimeoutError(`Another process held the lock "${name}" for too long; try again`);
      }
      await this.#wakeups.wait(`lock:${name}`, jittered(pause), options.signal);
      pause = Math.min(pause * 2, 100);
    }
    try {
      return await work();
    } finally {
      try {
        await holder.query('SELECT pg_advisory_unlock($1)', [key]);
        holder.release();
      } catch (error) {
        // A session that broke took its locks with it: drop the connection rather than reuse it.
        holder.release(error as Error);
      }
      await this.#notify(`lock:${name}`);
    }
  }

  /** A lock-pool connection holding the advisory lock, or undefined (and no connection kept) when it is taken. */
  async #tryLock(
    key: string,
    name: string,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<pg.PoolClient | undefined> {
    const client = await this.#lockConnection(name, deadline, signal);
    try {
      const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [key]);
      if (rows[0]!.got) return client;
      client.release();
      return undefined;
    } catch (error) {
      client.release(error as Error);
      throw asOutage(error);
    }
  }

  /**
   * A lock-pool connection. When every one holds a lock (long work on this instance), waiting for one
   * is waiting for a lock: it ends with the lock's deadline (at least 1 s, for a lock asked with no
   * wait) or its signal, and a connection that arrives after is handed straight back.
   */
  async #lockConnection(
    name: string,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<pg.PoolClient> {
    const pending = this.#lockPool.connect();
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new TimeoutError(`Another process held the lock "${name}" for too long; try again`)),
        Math.max(deadline - Date.now(), 1_000),
      );
      onAbort = () => reject(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([pending, stopped]);
    } catch (error) {
      pending.then((client) => client.release()).catch(() => {});
      throw error;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  async acquireSlot(name: string, limit: number, options: SlotOptions = {}): Promise<() => Promise<void>> {
    const ttl = Math.round(options.ttlMs ?? 30_000);
    const deadline = Date.now() + (options.waitMs ?? 60_000);
    const holder = randomBytes(16).toString('hex');
    let pause = 5;
    for (;;) {
      options.signal?.throwIfAborted();
      const { rows } = await this.#pool.query<{ taken: boolean }>(
        'SELECT take_slot($1, $2, $3, $4) AS taken',
        [name, holder, limit, ttl],
      );
      if (rows[0]!.taken) break;
      if (Date.now() >= deadline) {
        throw new TimeoutError(`All ${limit} slots of "${name}" stayed busy for too long; try again`);
      }
      await this.#wakeups.wait(`slot:${name}`, jittered(pause), options.signal);
      pause = Math.min(pause * 2, 100);
    }
    const renew = setInterval(() => {
      this.#pool
        .query(
          `UPDATE slots SET expires_at = clock_timestamp() + $3 * interval '1 millisecond'
           WHERE name = $1 AND holder = $2`,
          [name, holder, ttl],
        )
        .catch(() => {
          // The database is briefly away: the next beat tries again; the slot holds till its expiry.
        });
    }, ttl / 3);
    renew.unref();
    this.#renewals.add(renew);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      this.#renewals.delete(renew);
      if (this.#closed) return;
      // Given back and announced in one round trip.
      await this.#pool
        .query(
          `WITH gone AS (DELETE FROM slots WHERE name = $1 AND holder = $2)
           SELECT pg_notify($3, $4)`,
          [name, holder, WAKE_CHANNEL, `slot:${name}`],
        )
        .catch(() => {
          // Unreachable now: the lease expires by itself.
        });
      this.#wakeups.wake(`slot:${name}`);
    };
  }

  /**
   * Listens for other instances giving back locks and slots, so waiters here try again at once
   * instead of at their next poll. Polling still works without it (a lost listener reconnects).
   */
  async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#pool.options.connectionString,
      options: `-c search_path=${SCHEMA}`,
      application_name: 'c-host listener',
    });
    client.on('notification', (message) => {
      if (message.payload) this.#wakeups.wake(message.payload);
    });
    client.on('error', () => {
      // The connection broke (a database restart, a failover): listen again on a new one.
      if (this.#listener !== client) return;
      this.#listener = undefined;
      client.end().catch(() => {});
      this.#listenLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (this.#closed) {
      await client.end();
      return;
    }
    this.#listener = client;
  }

  /** Tries to listen again in a second, and again after that until it works or the store closes. */
  #listenLater(): void {
    if (this.#closed) return;
    this.#listenRetry = setTimeout(() => {
      this.listen().catch(() => this.#listenLater());
    }, 1_000);
    this.#listenRetry.unref();
  }

  async #notify(payload: string): Promise<void> {
    this.#wakeups.wake(payload);
    if (this.#closed) return;
    await this.#pool.query('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, payload]).catch(() => {
      // Waiters elsewhere poll: the lock is free either way.
    });
  }

  /** Stops renewing, stops listening; the pools are the store's to end. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const renew of this.#renewals) clearInterval(renew);
    this.#renewals.clear();
    clearTimeout(this.#listenRetry);
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => {});
  }
}
