import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresForTests } from '../test-support/postgres.js';
import { lockKey } from './postgres-deps.js';
import { LATEST_VERSION, MIGRATIONS } from './postgres-migrations.js';
import { PostgresHostStore } from './postgres-store.js';
import { storeSuite } from './store-suite.js';
import type { StoreLocation } from './store-suite-support.js';

const availability = await postgresForTests();
const cluster = availability.available ? availability.postgres : undefined;
afterAll(async () => {
  await cluster?.stop();
});

const KEY = randomBytes(32).toString('base64');

/** Runs SQL on a database directly, as another program would, in the host's schema. */
async function sql<T extends pg.QueryResultRow = any>(url: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, options: '-c search_path=c_host' });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A database of the test cluster, opened as the shared suite asks. */
function postgresLocation(url: string): StoreLocation {
  return {
    open: (options = {}) => PostgresHostStore.open({ url, ...options, secretKey: options.secretKey }),
    async insertConnection(name, connector, sealed) {
      await sql(
        url,
        `INSERT INTO connections (name, connector, credentials, options, created_at, updated_at)
         VALUES ($1, $2, $3, '{}', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')`,
        [name, connector, sealed],
      );
    },
    async insertEphemeral(kind, key, sealed, expiresAt) {
      await sql(url, 'INSERT INTO ephemeral (kind, key, value, expires_at) VALUES ($1, $2, $3, $4)', [
        kind,
        key,
        sealed,
        expiresAt,
      ]);
    },
    async sealedCredentials(name) {
      return (await sql(url, 'SELECT credentials FROM connections WHERE name = $1', [name]))[0].credentials;
    },
    async rawContent() {
      // Every row of every table of the host's schema, as whoever can read the database sees it.
      const tables = await sql(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'c_host'");
      const dumps = await Promise.all(
        tables.map(async ({ tablename }) => JSON.stringify(await sql(url, `SELECT * FROM ${tablename}`))),
      );
      return Buffer.from(dumps.join('\n'));
    },
    async holdLockAsDeadProcess(name, ms) {
      // A session holding the lock that goes away (its process killed) after `ms`: PostgreSQL frees it.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('SELECT pg_advisory_lock($1)', [lockKey(`lock:${name}`)]);
      setTimeout(() => {
        client.end().catch(() => {});
      }, ms);
    },
    async failureKeys() {
      return (await sql(url, 'SELECT key FROM access_failures')).map((row) => row.key as string);
    },
  };
}

describe.skipIf(!cluster)(
  `PostgresHostStore${availability.available ? '' : ` (skipped: ${availability.reason})`}`,
  () => {
    it('refuses to open without C_HOST_SECRET_KEY: a fleet shares one key', async () => {
      const url = await cluster!.createDatabase();
      for (const secretKey of [undefined, '  ']) {
        const error = await PostgresHostStore.open({ url, secretKey }).catch((caught) => caught);
        expect(error).toMatchObject({ kind: 'validation', parameter: 'C_HOST_SECRET_KEY' });
        expect(error.message).toMatch(/needs C_HOST_SECRET_KEY, the same on every instance/);
      }
      // Nothing was created: the refusal comes before the database is touched.
      expect(await sql(url, "SELECT 1 FROM pg_namespace WHERE nspname = 'c_host'")).toEqual([]);
    });

    it('migrates once when many instances start at once, and agrees on one key record', async () => {
      const url = await cluster!.createDatabase();
      const stores = await Promise.all(
        Array.from({ length: 6 }, () => PostgresHostStore.open({ url, secretKey: KEY })),
      );
      try {
        const applied = await sql(url, 'SELECT version, name FROM schema_migrations ORDER BY version');
        expect(applied).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
        expect(await sql(url, "SELECT count(*)::int AS n FROM settings WHERE key = 'secret_key'")).toEqual([
          { n: 1 },
        ]);
        // Whichever wrote the record, every instance reads what the others seal.
        await stores[0]!.connections.create({
          name: 'a',
          connector: 'payments',
          credentials: { apiKey: 'k' },
          options: {},
        });
        for (const store of stores)
          expect((await store.connections.get('a'))?.credentials).toEqual({ apiKey: 'k' });
        for (const store of stores) {
          expect(await store.checkReady()).toEqual({
            ready: true,
            store: 'postgres',
            schemaVersion: LATEST_VERSION,
          });
        }
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
      // Opening again applies nothing new.
      await (await PostgresHostStore.open({ url, secretKey: KEY })).close();
      expect(await sql(url, 'SELECT count(*)::int AS n FROM schema_migrations')).toEqual([
        { n: MIGRATIONS.length },
      ]);
    });

    it('is not ready while migrations are missing or the database does not answer, saying which without secrets', async () => {
      const url = await cluster!.createDatabase();
      const store = await PostgresHostStore.open({ url, secretKey: KEY });
      try {
        await sql(url, 'DELETE FROM schema_migrations WHERE version = $1', [LATEST_VERSION]);
        expect(await store.checkReady()).toEqual({
          ready: false,
          store: 'postgres',
          reason: `the schema is at version ${LATEST_VERSION - 1}, this instance needs ${LATEST_VERSION}`,
          schemaVersion: LATEST_VERSION - 1,
        });
        // The database goes away under the running store.
        const name = new URL(url).pathname.slice(1);
        await sql(cluster!.adminUrl, `DROP DATABASE ${name} WITH (FORCE)`);
        expect(await store.checkReady()).toEqual({
          ready: false,
          store: 'postgres',
          reason: 'the database does not answer',
        });
      } finally {
        await store.close();
      }
      expect(await store.checkReady()).toMatchObject({ ready: false, reason: 'the store is closed' });
    });

    it('says which database cannot be reached, never its password', async () => {
      const url = new URL(await cluster!.createDatabase());
      url.password = 'wrong-password-Zq9';
      const error = await PostgresHostStore.open({ url: url.toString(), secretKey: KEY }).catch(
        (caught) => caught,
      );
      expect(error).toMatchObject({ kind: 'network' });
      expect(error.message).toContain(`The database 127.0.0.1:${cluster!.port}/`);
      expect(error.message).not.toContain('wrong-password-Zq9');
      url.port = String(cluster!.port === 1 ? 2 : 1);
      const refused = await PostgresHostStore.open({ url: url.toString(), secretKey: KEY }).catch(
        (caught) => caught,
      );
      expect(refused).toMatchObject({ kind: 'network' });
      expect(refused.message).toMatch(/cannot be reached \(ECONNREFUSED\)/);
    });

    it('bounds the wait for a lock connection by the lock’s deadline and signal when every one holds a lock', async () => {
      const url = await cluster!.createDatabase();
      const store = await PostgresHostStore.open({ url, secretKey: KEY, lockPoolSize: 1 });
      try {
        let release!: () => void;
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const held = store.locks.withLock('long', () => {
          entered();
          return new Promise<void>((resolve) => (release = resolve));
        });
        await inside;
        // Another lock, free in the database, but this instance has no connection left to hold it with.
        await expect(store.locks.withLock('other', async () => 'x', { waitMs: 50 })).rejects.toMatchObject({
          kind: 'timeout',
        });
        const controller = new AbortController();
        const aborted = store.locks.withLock('other', async () => 'x', { signal: controller.signal });
        controller.abort(new Error('stopped'));
        await expect(aborted).rejects.toThrow('stopped');
        const waiting = store.locks.withLock('other', async () => 'got it', { waitMs: 10_000 });
        release();
        await held;
        // The connections abandoned by the two waiters went back: the third gets one.
        await expect(waiting).resolves.toBe('got it');
      } finally {
        await store.close();
      }
    });

    it('listens again for other instances’ wake-ups when its listening connection is cut', async () => {
      const url = await cluster!.createDatabase();
      const database = new URL(url).pathname.slice(1);
      const store = await PostgresHostStore.open({ url, secretKey: KEY });
      const listeners = async () =>
        (
          await sql(
            url,
            "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'c-host listener'",
            [database],
          )
        ).map((row) => row.pid as number);
      try {
        const [first] = await listeners();
        expect(first).toBeDefined();
        await sql(url, 'SELECT pg_terminate_backend($1)', [first]);
        let again: number[] = [];
        for (let waited = 0; waited < 20_000; waited += 100) {
          again = await listeners();
          if (again.length === 1 && again[0] !== first) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(again).toHaveLength(1);
        expect(again[0]).not.toBe(first);
      } finally {
        await store.close();
      }
      // Closed: it stops listening (the server ends the session once the client said goodbye).
      let left = await listeners();
      for (let waited = 0; left.length > 0 && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        left = await listeners();
      }
      expect(left).toEqual([]);
    });

    it('delivers a subscription’s events in order when instances store them at the same moment', async () => {
      const url = await cluster!.createDatabase();
      const one = await PostgresHostStore.open({ url, secretKey: KEY });
      const two = await PostgresHostStore.open({ url, secretKey: KEY });
      // The deliverer is a third instance, its connections its own.
      const three = await PostgresHostStore.open({ url, secretKey: KEY });
      try {
        await one.triggers.createSubscription({
          id: 'sub_order',
          trigger: 'payments.event',
          connection: 'sandbox-payments',
          input: { events: ['customer.created'] },
          state: {},
          deliverSecret: 'c_whsec_order_DELIVERSECRET',
          deliverTo: { url: 'https://example.com/in' },
        });
        // Each insert waits a little before its transaction commits: the window in which an event
        // holds a number but is not yet visible, where a later event stored by another instance
        // could be seen, and delivered, first.
        await sql(
          url,
          `CREATE FUNCTION linger() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN PERFORM pg_sleep(random() * 0.03); RETURN NEW; END $$`,
        );
        await sql(
          url,
          'CREATE TRIGGER linger AFTER INSERT ON trigger_events FOR EACH ROW EXECUTE FUNCTION linger()',
        );
        const count = 40;
        const stored = Promise.all(
          Array.from({ length: count }, (_, index) =>
            (index % 2 ? two : one).triggers.addEvents('sub_order', [
              {
                id: `evt_${index}`,
                type: 'customer.created',
                occurredAt: '2026-12-01T00:00:00.000Z',
                data: {},
              },
            ]),
          ),
        );
        const delivered: number[] = [];
        let storing = true;
        void stored.finally(() => {
          storing = false;
        });
        while (storing || delivered.length < count) {
          const due = await three.triggers.claimDueDeliveries({ leaseMs: 60_000 });
          for (const delivery of due) {
            delivered.push(delivery.seq);
            await three.triggers.recordDeliveryAttempt('sub_order', delivery.seq, {
              status: 'delivered',
              lastStatus: 200,
            });
          }
          if (due.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
        }
        await stored;
        expect(delivered).toHaveLength(count);
        expect(delivered).toEqual([...delivered].sort((a, b) => a - b));
      } finally {
        await one.close();
        await two.close();
        await three.close();
      }
    });

    it('keeps the options as given, and dates as ISO 8601 with milliseconds', async () => {
      const url = await cluster!.createDatabase();
      const store = await PostgresHostStore.open({
        url,
        secretKey: KEY,
        now: () => new Date('2026-01-02T03:04:05.678Z'),
      });
      try {
        const options = { z: 1, a: { nested: [1, 'two'] }, baseUrl: 'http://127.0.0.1:1/x' };
        const made = await store.connections.create({
          name: 'o',
          connector: 'docs',
          credentials: {},
          options,
        });
        expect(made).toMatchObject({
          options,
          createdAt: '2026-01-02T03:04:05.678Z',
          updatedAt: '2026-01-02T03:04:05.678Z',
        });
        expect(Object.keys((await store.connections.get('o'))!.options)).toEqual(['z', 'a', 'baseUrl']);
      } finally {
        await store.close();
      }
    });

    it('outlives its sessions being cut: a held lock loses its session without ending the process, and the pool makes new ones', async () => {
      const url = await cluster!.createDatabase();
      const store = await PostgresHostStore.open({ url, secretKey: KEY });
      try {
        let finish!: () => void;
        const working = new Promise<void>((resolve) => {
          finish = resolve;
        });
        const locked = store.locks.withLock('cut', () => working.then(() => 'done'));
        while (!(await sql(url, "SELECT 1 FROM pg_locks WHERE locktype = 'advisory'")).length) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // The holder's session (checked out of the pool, with no listener of the pool's) is cut:
        // unheard, its 'error' event would end this process.
        expect(await cluster!.terminateSessions(url)).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 200));
        finish();
        expect(await locked).toBe('done');
        await store.connections.create({
          name: 'after',
          connector: 'payments',
          credentials: {},
          options: {},
        });
        expect((await store.connections.list()).map((record) => record.name)).toEqual(['after']);
        expect(await store.locks.withLock('cut', async () => 'again')).toBe('again');
      } finally {
        await store.close();
      }
    });

    it('says the database is unavailable while PostgreSQL is down, retryable and naming no address, and recovers by itself', async () => {
      const url = await cluster!.createDatabase();
      const store = await PostgresHostStore.open({ url, secretKey: KEY });
      try {
        await cluster!.pause();
        try {
          const error = await store.connections.list().catch((caught) => caught);
          expect(error).toMatchObject({
            kind: 'network',
            retryable: true,
            details: { unavailable: 'database' },
          });
          expect(error.message).not.toContain('127.0.0.1');
          expect(error.message).not.toContain(String(cluster!.port));
          await expect(
            store.connections.create({ name: 'x', connector: 'payments', credentials: {}, options: {} }),
          ).rejects.toMatchObject({ kind: 'network', retryable: true });
          await expect(
            store.locks.withLock('down', async () => 'never', { waitMs: 0 }),
          ).rejects.toMatchObject({
            kind: 'network',
          });
          expect(await store.checkReady()).toMatchObject({
            ready: false,
            reason: 'the database does not answer',
          });
        } finally {
          await cluster!.resume();
        }
        expect(await store.checkReady()).toMatchObject({ ready: true });
        expect(await store.connections.list()).toEqual([]);
      } finally {
        await store.close();
      }
    });
  },
);

describe.skipIf(!cluster)('PostgreSQL', () => {
  storeSuite({
    name: 'PostgresHostStore',
    keyRequired: true,
    async fresh() {
      return postgresLocation(await cluster!.createDatabase());
    },
  });
});
