import { randomBytes } from 'node:crypto';
import { TimeoutError } from '@c/core';
import type { LockOptions, LockStore, SlotOptions } from './lock-store.js';
import type { SqliteDeps } from './sqlite-deps.js';
import { jittered, Wakeups } from './wakeups.js';

/** The lock and slot tables of the embedded store. */
export const LOCK_SCHEMA = `
CREATE TABLE IF NOT EXISTS locks (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS slots (
  name TEXT NOT NULL,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (name, holder)
);
`;

/**
 * Named locks and shared budgets in the embedded store: leased rows, renewed by their holder while
 * it works, so a holder killed with SIGKILL frees its lock or slot at expiry. SQLite cannot wake a
 * waiter when a row goes: waiters poll, woken early by a release in this process.
 */
export class SqliteLockStore implements LockStore {
  readonly #deps: SqliteDeps;
  readonly #wakeups = new Wakeups();
  /** Lease renewals of the slots held now, stopped when the store closes. */
  readonly #renewals = new Set<NodeJS.Timeout>();

  constructor(deps: SqliteDeps) {
    this.#deps = deps;
  }

  async withLock<T>(name: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    const { db } = this.#deps;
    const ttl = options.ttlMs ?? 30_000;
    const deadline = Date.now() + (options.waitMs ?? 60_000);
    const owner = randomBytes(16).toString('hex');
    // One statement takes a free or expired lock; a held one is left alone (no row changes).
    const take = db.prepare(
      `INSERT INTO locks (name, owner, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE locks.expires_at <= ?`,
    );
    let pause = 5;
    for (;;) {
      options.signal?.throwIfAborted();
      const now = Date.now();
      if (Number(take.run(name, owner, now + ttl, now).changes) === 1) break;
      if (now >= deadline) {
        throw new TimeoutError(`Another process held the lock "${name}" for too long; try again`);
      }
      await this.#wakeups.wait(`lock:${name}`, jittered(pause), options.signal);
      pause = Math.min(pause * 2, 100);
    }
    const renew = this.#renewEvery(ttl, 'UPDATE locks SET expires_at = ? WHERE name = ? AND owner = ?', [
      name,
      owner,
    ]);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      this.#renewals.delete(renew);
      if (db.isOpen) db.prepare('DELETE FROM locks WHERE name = ? AND owner = ?').run(name, owner);
      this.#wakeups.wake(`lock:${name}`);
    }
  }

  async acquireSlot(name: string, limit: number, options: SlotOptions = {}): Promise<() => Promise<void>> {
    const { db } = this.#deps;
    const ttl = options.ttlMs ?? 30_000;
    const deadline = Date.now() + (options.waitMs ?? 60_000);
    const holder = randomBytes(16).toString('hex');
    let pause = 5;
    for (;;) {
      options.signal?.throwIfAborted();
      if (this.#takeSlot(name, holder, limit, ttl)) break;
      if (Date.now() >= deadline) {
        throw new TimeoutError(`All ${limit} slots of "${name}" stayed busy for too long; try again`);
      }
      await this.#wakeups.wait(`slot:${name}`, jittered(pause), options.signal);
      pause = Math.min(pause * 2, 50);
    }
    const renew = this.#renewEvery(ttl, 'UPDATE slots SET expires_at = ? WHERE name = ? AND holder = ?', [
      name,
      holder,
    ]);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      this.#renewals.delete(renew);
      if (db.isOpen) db.prepare('DELETE FROM slots WHERE name = ? AND holder = ?').run(name, holder);
      this.#wakeups.wake(`slot:${name}`);
    };
  }

  /** Stops renewing what this process holds (the store is closing). */
  close(): void {
    for (const renew of this.#renewals) clearInterval(renew);
    this.#renewals.clear();
  }

  /** Takes a slot when fewer than `limit` are held, in one transaction. */
  #takeSlot(name: string, holder: string, limit: number, ttl: number): boolean {
    const { db } = this.#deps;
    return this.#deps.transaction(() => {
      const now = Date.now();
      // A holder that died (kill -9) stops renewing: its slot frees itself at expiry.
      db.prepare('DELETE FROM slots WHERE name = ? AND expires_at <= ?').run(name, now);
      const { held } = db.prepare('SELECT COUNT(*) AS held FROM slots WHERE name = ?').get(name) as {
        held: number;
      };
      if (held >= limit) return false;
      db.prepare('INSERT INTO slots (name, holder, expires_at) VALUES (?, ?, ?)').run(
        name,
        holder,
        now + ttl,
      );
      return true;
    });
  }

  /** Renews a lease every third of its length while it is held. */
  #renewEvery(ttl: number, sql: string, key: [string, string]): NodeJS.Timeout {
    const { db } = this.#deps;
    const renew = setInterval(() => {
      try {
        if (db.isOpen) db.prepare(sql).run(Date.now() + ttl, ...key);
      } catch {
        // The file was busy past its timeout: the next beat tries again; the lease holds till its expiry.
      }
    }, ttl / 3);
    renew.unref();
    this.#renewals.add(renew);
    return renew;
  }
}
