import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStore, NewRun } from './connection-store.js';
import { FAILURE_PRUNE_BATCH } from './failure-store.js';
import { KEY_SETTING, SecretBox } from './secret-box.js';
import { triggerStoreCases } from './trigger-store-suite.js';

/** How a store is opened in the shared suite. */
export interface StoreOpenOptions {
  secretKey?: string | undefined;
  oldKeys?: string | undefined;
  now?: () => Date;
}

/**
 * One place a store keeps its state (a data directory, a database), which the suite opens as many
 * times as it likes (as several processes or host instances would), and reaches into directly as
 * another program would.
 */
export interface StoreLocation {
  open(options?: StoreOpenOptions): Promise<ConnectionStore>;
  /** Writes a connection row as is (its credentials already sealed), as an older or foreign host would. */
  insertConnection(name: string, connector: string, sealedCredentials: string): Promise<void>;
  /** Writes a short-lived value as is (already sealed). */
  insertEphemeral(kind: string, key: string, sealedValue: string, expiresAt: number): Promise<void>;
  /** The sealed credentials of a connection as stored. */
  sealedCredentials(name: string): Promise<string>;
  /** Everything the store keeps, as bytes or text that whoever can read the storage sees. */
  rawContent(): Promise<Buffer>;
  /**
   * Makes a named lock look held by a process that died holding it, and free for the others after
   * about `ms` (a lock row that expires, or a database session that ends).
   */
  holdLockAsDeadProcess(name: string, ms: number): Promise<void>;
  /** The keys of the failure windows stored (`ConnectionStore.failures`), ended ones included. */
  failureKeys(): Promise<string[]>;
}

/** What a store suite runs against: a kind of store and how to make fresh locations of it. */
export interface StoreHarness {
  /** `SqliteConnectionStore`, `PostgresConnectionStore`. */
  name: string;
  /** A fresh, empty location (removed after the test). */
  fresh(): Promise<StoreLocation>;
  /** Whether the store needs `secretKey` (the fleet store does; the embedded one has a key file). */
  keyRequired: boolean;
}

const SECRET = 'sk_live_0123456789abcdefSECRET4242';
/** Raw keys as an operator makes them (`openssl rand -base64 32`). */
const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('base64');
const KEY_C = randomBytes(32).toString('base64');

/** The refusal a store gives when it cannot be opened, or undefined when it opens. */
async function refusal(location: StoreLocation, options: StoreOpenOptions): Promise<any> {
  try {
    await (await location.open(options)).close();
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * The behaviour every `ConnectionStore` shares, run against each store (the embedded SQLite one and
 * PostgreSQL): connections and their defaults, sealed credentials and short-lived values, atomic
 * updates, named locks and shared slots across handles (as across processes and instances), and
 * key rotation.
 */
export function storeSuite(harness: StoreHarness): void {
  const stores: ConnectionStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  /** A fresh location and a way to open it, every handle closed after the test. */
  async function location(defaults: StoreOpenOptions = {}) {
    const place = await harness.fresh();
    const key = harness.keyRequired ? KEY_A : undefined;
    return {
      place,
      async open(options: StoreOpenOptions = {}) {
        const store = await place.open({ secretKey: key, ...defaults, ...options });
        stores.push(store);
        return store;
      },
    };
  }

  describe(`${harness.name} (shared store suite)`, () => {
    describe('triggers', () => triggerStoreCases(() => location(), [KEY_A, KEY_B]));

    it('keeps secrets sealed at rest: nothing the storage holds shows one in clear', async () => {
      const { place, open } = await location();
      const store = await open();
      await store.create({
        name: 'live',
        connector: 'payments',
        credentials: { apiKey: SECRET },
        options: {},
      });
      await store.updateCredentials('live', (current) => ({ ...current, refreshToken: `${SECRET}-refresh` }));
      await store.putEphemeral('oauth_state', 'k', `verifier-${SECRET}`, Date.now() + 60_000);
      await store.close();
      const raw = await place.rawContent();
      expect(raw.length).toBeGreaterThan(0);
      expect(raw.includes(Buffer.from(SECRET))).toBe(false);
      expect(raw.includes(Buffer.from(SECRET.slice(8, 24)))).toBe(false);
      const again = await open();
      expect((await again.get('live'))?.credentials).toEqual({
        apiKey: SECRET,
        refreshToken: `${SECRET}-refresh`,
      });
      expect(await again.getEphemeral('oauth_state', 'k')).toBe(`verifier-${SECRET}`);
    });

    it('refuses a key that is not the store’s, without echoing it', async () => {
      const { place, open } = await location({ secretKey: KEY_A });
      await (await open()).create({
        name: 'a',
        connector: 'payments',
        credentials: { apiKey: SECRET },
        options: {},
      });
      const wrong = await refusal(place, { secretKey: 'a passphrase of another store' });
      expect(wrong).toMatchObject({ kind: 'validation', parameter: 'C_HOST_SECRET_KEY' });
      expect(wrong.message).toMatch(/does not open/);
      expect(wrong.message).toMatch(/C_HOST_SECRET_KEYS_OLD/);
      expect(wrong.message).not.toContain('a passphrase of another store');
      expect(await refusal(place, { secretKey: KEY_B })).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });
      expect((await (await open()).get('a'))?.credentials.apiKey).toBe(SECRET);
    });

    it('reports one row sealed with another key on that connection only; the rest keeps working', async () => {
      const { place, open } = await location();
      const store = await open();
      await store.create({
        name: 'good',
        connector: 'payments',
        credentials: { apiKey: SECRET },
        options: {},
      });
      await store.putEphemeral('session', 'mine', '1', Date.now() + 60_000);
      // What an older host left behind after it silently made a new key: rows under two keys.
      const stranger = new SecretBox(Buffer.alloc(32, 9));
      await place.insertConnection(
        'lost',
        'docs',
        stranger.seal(JSON.stringify({ accessToken: 'x' }), 'connection:lost'),
      );
      await place.insertEphemeral('session', 'old', stranger.seal('1', 'session:old'), Date.now() + 60_000);

      const listed = await store.list();
      expect(listed.map((record) => [record.name, record.status])).toEqual([
        ['lost', 'unreadable'],
        ['good', 'ok'],
      ]);
      expect(listed[0]!.credentials).toEqual({});
      expect((await store.get('good'))?.credentials.apiKey).toBe(SECRET);
      expect(await store.getEphemeral('session', 'old')).toBeUndefined();
      expect(await store.takeEphemeral('session', 'old')).toBeUndefined();
      expect(await store.getEphemeral('session', 'mine')).toBe('1');
      // An update that needs the old credentials cannot make them up; a whole new set replaces them.
      await expect(store.updateCredentials('lost', (current) => current)).rejects.toThrow(
        /cannot be decrypted/,
      );
      await store.updateCredentials('lost', { accessToken: 'fresh' }, { status: 'ok' });
      expect(await store.get('lost')).toMatchObject({ status: 'ok', credentials: { accessToken: 'fresh' } });
    });

    it('stretches a passphrase with a random salt of its own store: a row carried over does not open', async () => {
      const passphrase = 'correct horse battery staple';
      const first = await location({ secretKey: passphrase });
      const second = await location({ secretKey: passphrase });
      await (await first.open()).create({
        name: 'a',
        connector: 'payments',
        credentials: { apiKey: SECRET },
        options: {},
      });
      const other = await second.open();
      const records = [JSON.parse((await (await first.open()).getSetting(KEY_SETTING))!)];
      records.push(JSON.parse((await other.getSetting(KEY_SETTING))!));
      expect(records[0]).toMatchObject({ version: 2, kdf: 'scrypt', salt: expect.any(String) });
      expect(records[0].salt).not.toBe(records[1].salt);
      await second.place.insertConnection('a', 'payments', await first.place.sealedCredentials('a'));
      expect((await other.get('a'))?.status).toBe('unreadable');
      expect((await (await first.open()).get('a'))?.credentials.apiKey).toBe(SECRET);
    });

    it('keeps rotated tokens across a restart', async () => {
      const { open } = await location();
      const store = await open();
      await store.create({
        name: 'o',
        connector: 'issues',
        credentials: { accessToken: 'at_1', refreshToken: 'rt_1' },
        options: {},
      });
      await store.updateCredentials('o', (current) => ({
        ...current,
        accessToken: 'at_2',
        refreshToken: 'rt_2',
      }));
      await store.close();
      expect((await (await open()).get('o'))?.credentials).toEqual({
        accessToken: 'at_2',
        refreshToken: 'rt_2',
      });
    });

    it('applies concurrent credential updates from several handles one after the other', async () => {
      const { open } = await location();
      const handles = [await open(), await open()];
      await handles[0]!.create({ name: 'c', connector: 'issues', credentials: { n: 0 }, options: {} });
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          handles[index % 2]!.updateCredentials('c', (current) => ({ n: (current.n as number) + 1 })),
        ),
      );
      expect((await handles[0]!.get('c'))?.credentials.n).toBe(20);
    });

    it('keeps one default per connector; the first is the default and a removed default passes on', async () => {
      const { open } = await location();
      const store = await open();
      const first = await store.create({ name: 'one', connector: 'payments', credentials: {}, options: {} });
      const second = await store.create({ name: 'two', connector: 'payments', credentials: {}, options: {} });
      await store.create({ name: 'x', connector: 'docs', credentials: {}, options: {} });
      expect([first.isDefault, second.isDefault]).toEqual([true, false]);
      expect(await store.setDefault('two')).toBe(true);
      expect((await store.getDefault('payments'))?.name).toBe('two');
      expect((await store.getDefault('docs'))?.name).toBe('x');
      await store.remove('two');
      expect((await store.getDefault('payments'))?.name).toBe('one');
      expect(await store.remove('two')).toBe(false);
      expect(await store.setDefault('nope')).toBe(false);
      await expect(
        store.create({ name: 'one', connector: 'payments', credentials: {}, options: {} }),
      ).rejects.toThrow(/already exists/);
    });

    it('keeps one default when handles create a connector’s connections at once, and one of two same names', async () => {
      const { open } = await location();
      const handles = [await open(), await open(), await open()];
      await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          handles[index % 3]!.create({
            name: `p${index}`,
            connector: 'payments',
            credentials: {},
            options: {},
          }),
        ),
      );
      const listed = await handles[0]!.list();
      expect(listed).toHaveLength(6);
      expect(listed.filter((record) => record.isDefault)).toHaveLength(1);
      const outcomes = await Promise.allSettled(
        handles.map((store, index) =>
          store.create({
            name: 'same',
            connector: index === 0 ? 'docs' : 'issues',
            credentials: {},
            options: {},
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason.name).toBe('ConnectionExistsError');
      }
    });

    it('records needs_reconnect and clears it with new credentials', async () => {
      const { open } = await location();
      const store = await open();
      await store.create({
        name: 'o',
        connector: 'docs',
        credentials: { accessToken: 'a' },
        options: { x: 1 },
      });
      await store.setStatus('o', 'needs_reconnect');
      expect((await store.get('o'))?.status).toBe('needs_reconnect');
      const updated = await store.updateCredentials('o', () => ({ accessToken: 'b' }), {
        status: 'ok',
        options: { x: 2 },
      });
      expect(updated).toMatchObject({ status: 'ok', options: { x: 2 }, credentials: { accessToken: 'b' } });
      expect(await store.updateCredentials('missing', { a: 1 })).toBeUndefined();
    });

    it('keeps settings, and hands out a single-use value once, never after it expires', async () => {
      let now = Date.now();
      const { open } = await location({ now: () => new Date(now) });
      const store = await open();
      expect(await store.getSetting('s')).toBeUndefined();
      await store.setSetting('s', '1');
      await store.setSetting('s', '2');
      expect(await store.getSetting('s')).toBe('2');
      await store.deleteSetting('s');
      expect(await store.getSetting('s')).toBeUndefined();

      await store.putEphemeral('oauth_state', 's1', 'v1', now + 1000);
      await store.putEphemeral('oauth_state', 's2', 'v2', now + 1000);
      expect(await store.getEphemeral('oauth_state', 's1')).toBe('v1');
      expect(await store.takeEphemeral('oauth_state', 's1')).toBe('v1');
      expect(await store.takeEphemeral('oauth_state', 's1')).toBeUndefined();
      now += 2000;
      expect(await store.getEphemeral('oauth_state', 's2')).toBeUndefined();
      expect(await store.takeEphemeral('oauth_state', 's2')).toBeUndefined();
    });

    it('lets one handle take a single-use value when several race for it', async () => {
      const { open } = await location();
      const handles = [await open(), await open(), await open()];
      await handles[0]!.putEphemeral('login', 'once', 'yes', Date.now() + 60_000);
      const taken = await Promise.all(
        Array.from({ length: 9 }, (_, index) => handles[index % 3]!.takeEphemeral('login', 'once')),
      );
      expect(taken.filter((value) => value === 'yes')).toHaveLength(1);
    });

    it('is ready once open', async () => {
      const { open } = await location();
      expect(await (await open()).checkReady()).toMatchObject({ ready: true });
    });

    describe('withLock', () => {
      it('lets one holder at a time in across handles (as across processes), without blocking the event loop', async () => {
        const { open } = await location();
        const handles = [await open(), await open(), await open()];
        let inside = 0;
        let most = 0;
        let ticks = 0;
        const ticker = setInterval(() => {
          ticks += 1;
        }, 1);
        const order: number[] = [];
        await Promise.all(
          Array.from({ length: 9 }, (_, index) =>
            handles[index % 3]!.withLock('oauth-refresh:x', async () => {
              inside += 1;
              most = Math.max(most, inside);
              await new Promise((resolve) => setTimeout(resolve, 5));
              order.push(index);
              inside -= 1;
            }),
          ),
        );
        clearInterval(ticker);
        expect(most).toBe(1);
        expect(order.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
        // Waiters waited with timers: the loop kept turning while they waited.
        expect(ticks).toBeGreaterThan(0);
        // Released: the same name is free again at once, and another name never waited.
        await expect(
          handles[0]!.withLock('oauth-refresh:x', async () => 'free', { waitMs: 0 }),
        ).resolves.toBe('free');
      });

      it('releases the lock when the work fails, and takes over one whose holder died', async () => {
        const { place, open } = await location();
        const store = await open();
        await expect(
          store.withLock('l', async () => {
            throw new Error('work failed');
          }),
        ).rejects.toThrow('work failed');
        await expect(store.withLock('l', async () => 1, { waitMs: 0 })).resolves.toBe(1);

        await place.holdLockAsDeadProcess('dead', 300);
        await expect(store.withLock('dead', async () => 2, { waitMs: 0 })).rejects.toMatchObject({
          kind: 'timeout',
        });
        await expect(store.withLock('dead', async () => 3, { waitMs: 10_000 })).resolves.toBe(3);
      });

      it('stops waiting when the signal aborts', async () => {
        const { open } = await location();
        const [holder, waiter] = [await open(), await open()];
        let release!: () => void;
        let inside!: () => void;
        const entered = new Promise<void>((resolve) => (inside = resolve));
        const held = holder.withLock('busy', () => {
          inside();
          return new Promise<void>((resolve) => (release = resolve));
        });
        await entered;
        const controller = new AbortController();
        const waiting = waiter.withLock('busy', async () => 'never', { signal: controller.signal });
        controller.abort(new Error('stopped'));
        await expect(waiting).rejects.toThrow('stopped');
        release();
        await held;
      });
    });

    describe('acquireSlot', () => {
      it('lets at most `limit` holders in across handles, and hands freed slots on', async () => {
        const { open } = await location();
        const handles = [await open(), await open(), await open()];
        let inside = 0;
        let most = 0;
        await Promise.all(
          Array.from({ length: 24 }, async (_, index) => {
            const release = await handles[index % 3]!.acquireSlot('budget:amplitude', 5);
            inside += 1;
            most = Math.max(most, inside);
            // Held until the budget has been full once, so a slow machine (an acquire slower than a
            // hold) still fills it; a sixth holder let in shows as most = 6.
            for (let waited = 0; most < 5 && waited < 5_000; waited += 5) {
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
            inside -= 1;
            await release();
          }),
        );
        expect(most).toBe(5);
        // Each budget is its own.
        const other = await Promise.all(
          Array.from({ length: 2 }, () => handles[0]!.acquireSlot('budget:b', 2)),
        );
        await expect(handles[1]!.acquireSlot('budget:b', 2, { waitMs: 0 })).rejects.toMatchObject({
          kind: 'timeout',
        });
        for (const release of other) await release();
        const again = await handles[1]!.acquireSlot('budget:b', 2, { waitMs: 0 });
        await again();
        // Giving a slot back twice frees it once.
        await again();
      });

      it('frees the slot of a holder that died (stopped renewing) once its lease runs out', async () => {
        const { open } = await location();
        const dying = await open();
        const survivor = await open();
        await dying.acquireSlot('budget:d', 1, { ttlMs: 300 });
        // Closing without giving the slot back: as a process killed while it held one.
        await dying.close();
        await expect(survivor.acquireSlot('budget:d', 1, { waitMs: 0 })).rejects.toMatchObject({
          kind: 'timeout',
        });
        const release = await survivor.acquireSlot('budget:d', 1, { waitMs: 10_000 });
        await release();
      });

      it('keeps a slot it renews past its lease', async () => {
        const { open } = await location();
        const [holder, other] = [await open(), await open()];
        const release = await holder.acquireSlot('budget:r', 1, { ttlMs: 150 });
        await new Promise((resolve) => setTimeout(resolve, 400));
        await expect(other.acquireSlot('budget:r', 1, { waitMs: 0 })).rejects.toMatchObject({
          kind: 'timeout',
        });
        await release();
        await (await other.acquireSlot('budget:r', 1, { waitMs: 0 }))();
      });
    });

    describe('failure counts (the guessing throttle)', () => {
      const MINUTE = 60_000;

      it('opens a window, counts in it, ends it on time, and forgets a key cleared; every handle sees the same counts', async () => {
        const { open } = await location();
        const [one, two] = [await open(), await open()];
        const t = Date.now();
        expect(await one.failures.get('203.0.113.7', t)).toBeUndefined();
        expect(await one.failures.add('203.0.113.7', t, MINUTE)).toEqual({ count: 1, resetAt: t + MINUTE });
        // Another handle (process, instance) counts in the same window, which later failures do not extend.
        expect(await two.failures.add('203.0.113.7', t + 10, MINUTE)).toEqual({
          count: 2,
          resetAt: t + MINUTE,
        });
        expect(await one.failures.add('203.0.113.7', t + 20, MINUTE)).toEqual({
          count: 3,
          resetAt: t + MINUTE,
        });
        expect(await two.failures.get('203.0.113.7', t + MINUTE - 1)).toEqual({
          count: 3,
          resetAt: t + MINUTE,
        });
        // Another client has a window of its own.
        expect(await two.failures.add('2001:db8:1:2::/64', t, MINUTE)).toEqual({
          count: 1,
          resetAt: t + MINUTE,
        });
        expect(await one.failures.get('2001:db8:1:2::/64', t + 1)).toEqual({ count: 1, resetAt: t + MINUTE });
        // Ended: as good as none, and the next failure opens a new window from 1.
        expect(await one.failures.get('203.0.113.7', t + MINUTE)).toBeUndefined();
        expect(await two.failures.add('203.0.113.7', t + MINUTE, MINUTE)).toEqual({
          count: 1,
          resetAt: t + 2 * MINUTE,
        });
        await one.failures.clear('203.0.113.7');
        expect(await two.failures.get('203.0.113.7', t + MINUTE)).toBeUndefined();
        expect(await two.failures.add('203.0.113.7', t + MINUTE, MINUTE)).toEqual({
          count: 1,
          resetAt: t + 2 * MINUTE,
        });
      });

      it('counts every one of many failures added at once from several handles exactly once', async () => {
        const { open } = await location();
        const handles = [await open(), await open(), await open()];
        const t = Date.now();
        const added = await Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            handles[index % 3]!.failures.add('198.51.100.9', t, MINUTE),
          ),
        );
        // Each add saw its own count: no two read the same count and wrote the same next one.
        expect(added.map((window) => window.count).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 60 }, (_, index) => index + 1),
        );
        expect(new Set(added.map((window) => window.resetAt))).toEqual(new Set([t + MINUTE]));
        expect(await handles[0]!.failures.get('198.51.100.9', t)).toEqual({ count: 60, resetAt: t + MINUTE });
      });

      it('prunes ended windows a batch per failure, so a flood of addresses does not stay behind; open windows stay', async () => {
        const { place, open } = await location();
        const store = await open();
        const t = Date.now();
        const flood = FAILURE_PRUNE_BATCH + 50;
        for (let index = 0; index < flood; index += 1) {
          await store.failures.add(`192.0.2.${index % 250}/${index}`, t, 1000);
        }
        await store.failures.add('203.0.113.1', t + 500, MINUTE);
        expect(await place.failureKeys()).toHaveLength(flood + 1);
        // Once the flood's windows have ended, each new failure clears a batch of them.
        await store.failures.add('203.0.113.2', t + 1000, MINUTE);
        expect(await place.failureKeys()).toHaveLength(flood + 2 - FAILURE_PRUNE_BATCH);
        await store.failures.add('203.0.113.2', t + 1001, MINUTE);
        expect((await place.failureKeys()).sort()).toEqual(['203.0.113.1', '203.0.113.2']);
        expect(await store.failures.get('203.0.113.1', t + 1001)).toEqual({
          count: 1,
          resetAt: t + 500 + MINUTE,
        });
      });
    });

    describe('audit log', () => {
      it('keeps entries from every handle, newest first, limited and filtered by time', async () => {
        const { open } = await location();
        const [one, two] = [await open(), await open()];
        const base = Date.parse('2026-03-01T10:00:00.000Z');
        await one.appendAudit({
          at: new Date(base),
          actor: 'cli',
          action: 'connection.create',
          target: 'live',
          connection: 'live',
          outcome: 'ok',
        });
        await two.appendAudit({
          at: new Date(base + 60_000),
          actor: 'token:0123456789ab',
          action: 'command.run',
          target: 'payments.createCustomer',
          connection: 'live',
          outcome: 'rate_limit',
          requestId: 'req_123',
        });
        await one.appendAudit({
          at: new Date(base + 120_000),
          actor: 'session:ba9876543210',
          action: 'connection.remove',
          target: 'live',
          connection: 'live',
          outcome: 'ok',
        });
        const all = await two.listAudit({ limit: 10 });
        expect(all.map((entry) => [entry.action, entry.at])).toEqual([
          ['connection.remove', '2026-03-01T10:02:00.000Z'],
          ['command.run', '2026-03-01T10:01:00.000Z'],
          ['connection.create', '2026-03-01T10:00:00.000Z'],
        ]);
        expect(all[1]).toEqual({
          id: expect.any(Number),
          at: '2026-03-01T10:01:00.000Z',
          actor: 'token:0123456789ab',
          action: 'command.run',
          target: 'payments.createCustomer',
          connection: 'live',
          outcome: 'rate_limit',
          requestId: 'req_123',
        });
        expect(all[0]!.id).toBeGreaterThan(all[1]!.id);
        expect(all[2]).not.toHaveProperty('requestId');
        expect((await one.listAudit({ limit: 2 })).map((entry) => entry.action)).toEqual([
          'connection.remove',
          'command.run',
        ]);
        const since = await one.listAudit({ limit: 10, since: new Date(base + 60_000) });
        expect(since.map((entry) => entry.action)).toEqual(['connection.remove', 'command.run']);
        expect(await one.listAudit({ limit: 10, since: new Date(base + 180_000) })).toEqual([]);
      });

      it('keeps every entry of several handles writing at once, each with its own id', async () => {
        const { open } = await location();
        const handles = [await open(), await open(), await open()];
        await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            handles[index % 3]!.appendAudit({
              at: new Date(),
              actor: 'cli',
              action: 'command.run',
              target: `payments.command${index}`,
              outcome: 'ok',
            }),
          ),
        );
        const entries = await (await open()).listAudit({ limit: 100 });
        expect(new Set(entries.map((entry) => entry.target)).size).toBe(30);
        expect(new Set(entries.map((entry) => entry.id)).size).toBe(30);
      });
    });

    describe('async runs', () => {
      const newRun = (id: string, extra: Partial<NewRun> = {}): NewRun => ({
        id,
        command: 'payments.getCustomers',
        connection: 'live',
        input: { limit: 3 },
        repeatSafe: true,
        ...extra,
      });
      const A = { owner: 'host-a:1:aa', leaseMs: 30_000 };
      const B = { owner: 'host-b:2:bb', leaseMs: 30_000 };
      const collect = async (pieces: AsyncIterable<string>) => {
        const all: string[] = [];
        for await (const piece of pieces) all.push(piece);
        return all;
      };

      it('records a run queued, and lets each queued run be claimed by one handle only, oldest first', async () => {
        const { open } = await location();
        const [one, two] = [await open(), await open()];
        const created = await one.createRun(newRun('r-0', { idempotencyKey: 'k-0', repeatSafe: false }));
        expect(created).toMatchObject({
          id: 'r-0',
          command: 'payments.getCustomers',
          connection: 'live',
          input: { limit: 3 },
          idempotencyKey: 'k-0',
          repeatSafe: false,
          status: 'queued',
          attempt: 0,
          progress: undefined,
          result: undefined,
          error: undefined,
          startedAt: undefined,
          finishedAt: undefined,
        });
        for (let index = 1; index < 6; index += 1) await two.createRun(newRun(`r-${index}`));
        expect((await one.listRuns({ status: 'queued' })).map((run) => run.id)).toEqual([
          'r-0',
          'r-1',
          'r-2',
          'r-3',
          'r-4',
          'r-5',
        ]);
        const claims = await Promise.all(
          Array.from({ length: 12 }, (_, index) => (index % 2 ? one : two).claimNextRun(index % 2 ? A : B)),
        );
        const taken = claims.filter((run) => run !== undefined);
        expect(taken.map((run) => run.id).sort()).toEqual(['r-0', 'r-1', 'r-2', 'r-3', 'r-4', 'r-5']);
        for (const run of taken) {
          expect(run).toMatchObject({ status: 'running', attempt: 1 });
          expect([A.owner, B.owner]).toContain(run.owner);
          expect(run.leaseExpiresAt).toBeGreaterThan(Date.now());
          expect(run.startedAt).toEqual(expect.any(String));
        }
        expect(await one.listRuns({ status: 'queued' })).toEqual([]);
        expect(await one.listRuns({ status: 'running', limit: 2 })).toHaveLength(2);
      });

      it('fences a worker by its attempt: once another took the run over, the first can neither report nor end it', async () => {
        const { open } = await location();
        const [one, two] = [await open(), await open()];
        await one.createRun(newRun('r'));
        const first = (await one.claimNextRun(A))!;
        expect(await one.touchRun('r', first.attempt, { progress: { current: 1 } })).toBe('running');
        expect((await two.getRun('r'))?.progress).toEqual({ current: 1 });
        // Its worker died: a queue handed the run to another.
        const taken = (await two.takeRun('r', B))!;
        expect(taken.previous).toBe('running');
        expect(taken.run).toMatchObject({ status: 'running', attempt: 2, owner: B.owner });
        expect(taken.run.startedAt).toBe(first.startedAt);
        expect(await one.touchRun('r', 1, { progress: { current: 2 }, leaseMs: 1 })).toBeUndefined();
        expect(await one.finishRun('r', 1, { error: { kind: 'internal', message: 'late' } })).toBe(false);
        expect(await one.releaseRun('r', 1)).toBe(false);
        expect(await two.finishRun('r', 2, { result: { head: '{"ok":true}', count: 0 }, pieces: [] })).toBe(
          true,
        );
        const run = (await one.getRun('r'))!;
        expect(run).toMatchObject({
          status: 'succeeded',
          attempt: 2,
          result: { head: '{"ok":true}', count: 0 },
        });
        expect(run).toMatchObject({ error: undefined, owner: undefined, leaseExpiresAt: undefined });
        // An ended run is handed back unchanged: a queue's repeat of its job changes nothing.
        const again = (await one.takeRun('r', A))!;
        expect(again.previous).toBe('succeeded');
        expect(again.run.attempt).toBe(2);
        expect(await one.takeRun('nope', A)).toBeUndefined();
      });

      it('cancels a queued run at once and a running one through its worker’s next renewal; an ended run stays as it was', async () => {
        const { open } = await location();
        const [one, two] = [await open(), await open()];
        await one.createRun(newRun('q'));
        const queued = (await two.cancelRun('q'))!;
        expect(queued.previous).toBe('queued');
        expect(queued.run).toMatchObject({ status: 'canceled', error: undefined, startedAt: undefined });
        expect(queued.run.finishedAt).toEqual(expect.any(String));
        // Never started: no worker claims or takes it any more.
        expect(await one.claimNextRun(A)).toBeUndefined();
        expect(await one.takeRun('q', A)).toMatchObject({ previous: 'canceled', run: { attempt: 0 } });

        await one.createRun(newRun('r'));
        const running = (await one.claimNextRun(A))!;
        await one.touchRun('r', running.attempt, { progress: { current: 3 } });
        const asked = (await two.cancelRun('r'))!;
        expect(asked.previous).toBe('running');
        expect(asked.run).toMatchObject({ status: 'canceling', owner: A.owner, finishedAt: undefined });
        // Asking again changes nothing; the worker hears of it when it renews its lease.
        expect((await two.cancelRun('r'))?.previous).toBe('canceling');
        expect(await one.touchRun('r', running.attempt, { leaseMs: 1000 })).toBe('canceling');
        // Not put back in the queue, nor taken by another worker's queue job.
        expect(await one.releaseRun('r', running.attempt)).toBe(false);
        expect((await two.takeRun('r', B))?.previous).toBe('canceling');
        const error = { kind: 'internal', message: 'may have written', outcomeUnknown: true };
        expect(await one.finishRun('r', running.attempt, { canceled: true, error })).toBe(true);
        expect(await two.getRun('r')).toMatchObject({
          status: 'canceled',
          progress: { current: 3 },
          result: undefined,
          error,
          owner: undefined,
        });
        expect(await one.touchRun('r', running.attempt, {})).toBeUndefined();
        expect((await two.cancelRun('r'))?.previous).toBe('canceled');
        expect(await one.pruneRuns(new Date(Date.now() + 60_000))).toBe(2);

        await one.createRun(newRun('done'));
        const done = (await one.claimNextRun(A))!;
        await one.finishRun('done', done.attempt, { result: { head: '1', count: 0 }, pieces: [] });
        expect(await two.cancelRun('done')).toMatchObject({
          previous: 'succeeded',
          run: { status: 'succeeded' },
        });
        expect(await two.cancelRun('nope')).toBeUndefined();
      });

      it('keeps a result with its list in pieces, read back in order, and an error', async () => {
        const { open } = await location();
        const store = await open();
        await store.createRun(newRun('list'));
        const list = (await store.claimNextRun(A))!;
        const pieces = ['{"id":"a"}\n{"id":"b"}\n', '{"id":"c"}\n'];
        const result = { head: '{"data":', tail: ',"hasMore":false}', count: 3 };
        expect(await store.finishRun(list.id, list.attempt, { result, pieces })).toBe(true);
        const done = (await (await open()).getRun('list'))!;
        expect(done).toMatchObject({ status: 'succeeded', result, error: undefined });
        expect(done.finishedAt! >= done.startedAt!).toBe(true);
        expect(await collect(store.readRunResult('list'))).toEqual(pieces);
        await store.createRun(newRun('fails'));
        const failing = (await store.claimNextRun(A))!;
        const error = { name: 'ProviderError', kind: 'provider', message: 'No such customer', status: 404 };
        expect(await store.finishRun(failing.id, failing.attempt, { error })).toBe(true);
        expect(await store.getRun('fails')).toMatchObject({ status: 'failed', error, result: undefined });
        expect(await collect(store.readRunResult('fails'))).toEqual([]);
      });

      it('puts a released run back in the queue, and prunes ended runs with their results', async () => {
        const { open } = await location();
        const store = await open();
        await store.createRun(newRun('back'));
        const first = (await store.claimNextRun(A))!;
        await store.touchRun('back', first.attempt, { progress: { current: 5 } });
        expect(await store.releaseRun('back', first.attempt)).toBe(true);
        expect(await store.getRun('back')).toMatchObject({
          status: 'queued',
          progress: undefined,
          owner: undefined,
        });
        expect(await store.touchRun('back', first.attempt, { leaseMs: 1 })).toBeUndefined();
        const second = (await store.claimNextRun(B))!;
        expect(second).toMatchObject({ id: 'back', attempt: 2, owner: B.owner });
        await store.finishRun('back', 2, { result: { head: '', tail: '', count: 1 }, pieces: ['1\n'] });
        await store.createRun(newRun('waiting'));
        expect(await store.pruneRuns(new Date(Date.now() - 60_000))).toBe(0);
        expect(await store.pruneRuns(new Date(Date.now() + 60_000))).toBe(1);
        expect(await store.getRun('back')).toBeUndefined();
        expect(await collect(store.readRunResult('back'))).toEqual([]);
        expect((await store.getRun('waiting'))?.status).toBe('queued');
      });

      it('keeps a run’s input, result and error sealed at rest, and re-seals them on key rotation', async () => {
        const { place, open } = await location({ secretKey: KEY_A });
        const store = await open();
        await store.createRun(newRun('s', { input: { apiKeyEcho: SECRET } }));
        const run = (await store.claimNextRun(A))!;
        await store.finishRun('s', run.attempt, {
          result: { head: `{"secret":"${SECRET}","data":`, tail: '}', count: 1 },
          pieces: [`{"token":"${SECRET}-piece"}\n`],
        });
        await store.createRun(newRun('e'));
        const failing = (await store.claimNextRun(A))!;
        await store.finishRun('e', failing.attempt, {
          error: { kind: 'provider', message: `echo ${SECRET}` },
        });
        await store.close();
        const raw = await place.rawContent();
        expect(raw.includes(Buffer.from(SECRET.slice(8, 24)))).toBe(false);

        const moved = await open({ secretKey: KEY_B, oldKeys: KEY_A });
        const report = await moved.reseal();
        expect(report.ephemerals).toBe(5);
        const after = await open({ secretKey: KEY_B });
        expect((await after.getRun('s'))?.input).toEqual({ apiKeyEcho: SECRET });
        expect((await after.getRun('s'))?.result?.head).toContain(SECRET);
        expect(await collect(after.readRunResult('s'))).toEqual([`{"token":"${SECRET}-piece"}\n`]);
        expect((await after.getRun('e'))?.error?.message).toBe(`echo ${SECRET}`);
      });
    });

    describe('key rotation', () => {
      it('reads rows of the old key with C_HOST_SECRET_KEYS_OLD, re-seals them all, then only the new key opens', async () => {
        const { place, open } = await location({ secretKey: KEY_A });
        const before = await open();
        await before.create({
          name: 'p',
          connector: 'payments',
          credentials: { apiKey: SECRET },
          options: {},
        });
        await before.create({
          name: 'o',
          connector: 'issues',
          credentials: { refreshToken: 'rt_1' },
          options: {},
        });
        await before.putEphemeral('session', 's', 'alive', Date.now() + 60_000);
        const sealedBefore = await place.sealedCredentials('p');

        // The first instance given the new key (and the old one as old) moves the store to it.
        const moved = await open({ secretKey: KEY_B, oldKeys: ` ${KEY_C}, ${KEY_A} ` });
        expect((await moved.get('p'))?.credentials.apiKey).toBe(SECRET);
        expect(await moved.getEphemeral('session', 's')).toBe('alive');
        const record = JSON.parse((await moved.getSetting(KEY_SETTING))!);
        expect(record.previous).toHaveLength(1);
        // An instance not yet given the new key still starts (a restart during a rolling change).
        expect(await refusal(place, { secretKey: KEY_A })).toBeUndefined();
        // A key the store does not know is refused, unless one of the old keys is the store's.
        expect(
          await refusal(place, { secretKey: KEY_C, oldKeys: randomBytes(32).toString('base64') }),
        ).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });

        // New values are sealed with the new key at once.
        await moved.create({
          name: 'n',
          connector: 'docs',
          credentials: { accessToken: 'new' },
          options: {},
        });
        const report = await moved.reseal();
        expect(report).toEqual({ connections: 2, ephemerals: 1, current: 1, unreadable: [] });
        expect(await place.sealedCredentials('p')).not.toBe(sealedBefore);
        // Re-sealing changes no content and no update time: clients built on the row stay valid.
        expect((await moved.get('p'))?.credentials).toEqual({ apiKey: SECRET });
        expect(await moved.reseal()).toEqual({ connections: 0, ephemerals: 0, current: 3, unreadable: [] });

        // Done: the new key alone opens everything, and the old key no longer opens the store.
        const after = await open({ secretKey: KEY_B });
        expect((await after.list()).map((entry) => [entry.name, entry.status])).toEqual([
          ['n', 'ok'],
          ['o', 'ok'],
          ['p', 'ok'],
        ]);
        expect(await after.getEphemeral('session', 's')).toBe('alive');
        expect(JSON.parse((await after.getSetting(KEY_SETTING))!).previous).toBeUndefined();
        expect(await refusal(place, { secretKey: KEY_A })).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });
      });

      it('loses no token that concurrent refreshes write while it re-seals', async () => {
        const { open } = await location({ secretKey: KEY_A });
        const setup = await open();
        for (let index = 0; index < 10; index += 1) {
          await setup.create({ name: `c${index}`, connector: 'issues', credentials: { n: 0 }, options: {} });
        }
        // A rolling change in two steps: first every instance learns the new key (as an old one),
        // then each moves to it; an instance of either step reads what the other writes.
        const learned = await open({ secretKey: KEY_A, oldKeys: KEY_B });
        const moved = await open({ secretKey: KEY_B, oldKeys: KEY_A });
        const rotating = await open({ secretKey: KEY_B, oldKeys: KEY_A });
        const writers = [learned, moved];
        const refreshes = Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            writers[index % 2]!.updateCredentials(`c${index % 10}`, (current) => ({
              n: (current.n as number) + 1,
            })),
          ),
        );
        const [report] = await Promise.all([rotating.reseal(), refreshes]);
        expect(report.unreadable).toEqual([]);
        const finished = await open({ secretKey: KEY_B, oldKeys: KEY_A });
        for (let index = 0; index < 10; index += 1) {
          expect((await finished.get(`c${index}`))?.credentials.n).toBe(6);
        }
        // Whatever the instance still sealing with the old key wrote after the pass, a second pass re-seals.
        await finished.reseal();
        const only = await open({ secretKey: KEY_B });
        for (const entry of await only.list()) expect(entry.status).toBe('ok');
      });
    });
  });
}
