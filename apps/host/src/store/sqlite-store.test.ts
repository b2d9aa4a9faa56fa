import { scryptSync } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-host.js';
import { KEY_SETTING, SecretBox } from './secret-box.js';
import { SqliteConnectionStore } from './sqlite-store.js';

const SECRET = 'sk_live_0123456789abcdefSECRET4242';
const dirs: { remove(): void }[] = [];
const stores: SqliteConnectionStore[] = [];

function open(dataDir: string, secretKey?: string, now?: () => Date) {
  const store = new SqliteConnectionStore({ dataDir, secretKey, now });
  stores.push(store);
  return store;
}

/** The refusal a store gives when it cannot be opened, or undefined when it opens. */
function refusal(dataDir: string, secretKey?: string): any {
  try {
    open(dataDir, secretKey);
  } catch (error) {
    return error;
  }
  return undefined;
}

function fresh() {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
}

/** Runs SQL on a store's file directly, as another program (or an older host) would. */
function sql<T>(dataDir: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(dataDir, 'host.db'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  for (const dir of dirs.splice(0)) dir.remove();
});

describe('SqliteConnectionStore', () => {
  it('keeps secrets encrypted at rest: no file in the data directory holds one in clear', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
    await store.create({ name: 'live', connector: 'payments', credentials: { apiKey: SECRET }, options: {} });
    await store.updateCredentials('live', (current) => ({ ...current, refreshToken: `${SECRET}-refresh` }));
    await store.putEphemeral('oauth_state', 'k', `verifier-${SECRET}`, Date.now() + 60_000);
    await store.close();
    const files = readdirSync(dataDir);
    expect(files).toContain('host.db');
    for (const file of files) {
      const bytes = readFileSync(join(dataDir, file));
      expect(bytes.includes(Buffer.from(SECRET)), file).toBe(false);
      expect(bytes.includes(Buffer.from(SECRET.slice(8, 24))), file).toBe(false);
    }
    expect((await open(dataDir).get('live'))?.credentials.apiKey).toBe(SECRET);
  });

  it('creates every file owner-only (0600) in a world-readable data directory, journals included', async () => {
    const dataDir = fresh();
    chmodSync(dataDir, 0o755);
    const store = open(dataDir);
    await store.create({ name: 'a', connector: 'payments', credentials: { apiKey: SECRET }, options: {} });
    await store.putEphemeral('session', 's', '1', Date.now() + 60_000);
    // While the store is open SQLite keeps its write-ahead log and shared-memory index beside it.
    const files = readdirSync(dataDir).sort();
    expect(files).toEqual(['host.db', 'host.db-shm', 'host.db-wal', 'secret.key']);
    for (const file of files) expect(statSync(join(dataDir, file)).mode & 0o777, file).toBe(0o600);
    await store.close();
    expect(statSync(join(dataDir, 'host.db')).mode & 0o777).toBe(0o600);
  });

  it('makes the files of a store created world-readable owner-only when it opens', async () => {
    const dataDir = fresh();
    await open(dataDir).close();
    for (const file of readdirSync(dataDir)) chmodSync(join(dataDir, file), 0o644);
    const store = open(dataDir);
    await store.create({ name: 'a', connector: 'payments', credentials: {}, options: {} });
    for (const file of readdirSync(dataDir)) {
      expect(statSync(join(dataDir, file)).mode & 0o777, file).toBe(0o600);
    }
  });

  it('refuses a lost secret.key instead of making a new one over sealed rows', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
    await store.create({ name: 'a', connector: 'payments', credentials: { apiKey: SECRET }, options: {} });
    await store.close();
    const key = readFileSync(join(dataDir, 'secret.key'), 'utf8');
    rmSync(join(dataDir, 'secret.key'));

    const error = refusal(dataDir);
    expect(error).toMatchObject({ kind: 'validation', parameter: 'C_HOST_SECRET_KEY' });
    expect(error.message).toContain(join(dataDir, 'secret.key'));
    expect(error.message).toMatch(/is missing.*back from a backup, or set C_HOST_SECRET_KEY/);
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);

    // The key supplied another way opens the store as before.
    expect((await open(dataDir, key).get('a'))?.credentials.apiKey).toBe(SECRET);
  });

  it('refuses a changed secret.key or a C_HOST_SECRET_KEY that is not the store’s, naming where it came from', async () => {
    const dataDir = fresh();
    await open(dataDir).close();
    const original = readFileSync(join(dataDir, 'secret.key'), 'utf8');

    const fromEnv = refusal(dataDir, 'a passphrase of another store');
    expect(fromEnv).toMatchObject({ kind: 'validation', parameter: 'C_HOST_SECRET_KEY' });
    expect(fromEnv.message).toMatch(/secret key from C_HOST_SECRET_KEY does not open the store/);
    expect(fromEnv.message).not.toContain('a passphrase of another store');

    writeFileSync(join(dataDir, 'secret.key'), Buffer.alloc(32, 7).toString('base64'));
    const fromFile = refusal(dataDir);
    expect(fromFile.message).toContain(`${join(dataDir, 'secret.key')} (secret.key) does not open the store`);
    expect(fromFile.message).toMatch(/Put back the secret\.key this store was sealed with/);

    writeFileSync(join(dataDir, 'secret.key'), original);
    expect(refusal(dataDir)).toBeUndefined();
  });

  it('reports one row sealed with another key on that connection only; the rest keeps working', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
    await store.create({ name: 'good', connector: 'payments', credentials: { apiKey: SECRET }, options: {} });
    await store.putEphemeral('session', 'mine', '1', Date.now() + 60_000);
    // What an older host left behind after it silently made a new key: rows under two keys.
    const stranger = new SecretBox(Buffer.alloc(32, 9));
    sql(dataDir, (db) => {
      db.prepare(
        `INSERT INTO connections (name, connector, credentials, options, created_at, updated_at)
         VALUES ('lost', 'docs', ?, '{}', '2024-01-01', '2024-01-01')`,
      ).run(stranger.seal(JSON.stringify({ accessToken: 'x' }), 'connection:lost'));
      db.prepare("INSERT INTO ephemeral (kind, key, value, expires_at) VALUES ('session', 'old', ?, ?)").run(
        stranger.seal('1', 'session:old'),
        Date.now() + 60_000,
      );
    });

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

  it('stretches a passphrase with a random salt of its own store', async () => {
    const passphrase = 'correct horse battery staple';
    const first = fresh();
    const second = fresh();
    await open(first, passphrase).create({
      name: 'a',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    await open(second, passphrase).create({ name: 'b', connector: 'payments', credentials: {}, options: {} });
    const records = [first, second].map((dir) =>
      JSON.parse(
        sql(
          dir,
          (db) => (db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY_SETTING) as any).value,
        ),
      ),
    );
    expect(records[0]).toMatchObject({ version: 2, kdf: 'scrypt', salt: expect.any(String) });
    expect(records[0].salt).not.toBe(records[1].salt);
    // The same passphrase gives each store another key: a row carried over does not open.
    const sealed = sql(
      first,
      (db) => (db.prepare("SELECT credentials FROM connections WHERE name = 'a'").get() as any).credentials,
    );
    sql(second, (db) =>
      db.prepare("UPDATE connections SET credentials = ?, name = 'a' WHERE name = 'b'").run(sealed),
    );
    expect((await open(second, passphrase).get('a'))?.status).toBe('unreadable');
    expect((await open(first, passphrase).get('a'))?.credentials.apiKey).toBe(SECRET);
  });

  it('opens a store sealed before key records, keeping its derivation, and refuses a key that opens none of its rows', async () => {
    const passphrase = 'an older passphrase';
    const dataDir = fresh();
    await open(dataDir, passphrase).close();
    // As the host sealed it before: the passphrase stretched with one fixed salt, no key record.
    const legacy = new SecretBox(scryptSync(passphrase, 'c-host secret key v1', 32));
    sql(dataDir, (db) => {
      db.prepare('DELETE FROM settings').run();
      db.prepare(
        `INSERT INTO connections (name, connector, credentials, options, created_at, updated_at)
         VALUES ('old', 'payments', ?, '{}', '2024-01-01', '2024-01-01')`,
      ).run(legacy.seal(JSON.stringify({ apiKey: SECRET }), 'connection:old'));
    });
    expect(refusal(dataDir, 'not the passphrase')).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
    expect(refusal(dataDir)).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);

    const store = open(dataDir, passphrase);
    expect((await store.get('old'))?.credentials.apiKey).toBe(SECRET);
    expect(JSON.parse((await store.getSetting(KEY_SETTING))!)).toMatchObject({ version: 1, kdf: 'scrypt' });
    await store.close();
    expect((await open(dataDir, passphrase).get('old'))?.status).toBe('ok');
    expect(refusal(dataDir, 'not the passphrase')).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });
  });

  it('keeps rotated tokens across a restart', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
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
    const again = open(dataDir);
    expect((await again.get('o'))?.credentials).toEqual({ accessToken: 'at_2', refreshToken: 'rt_2' });
  });

  it('applies concurrent credential updates one after the other', async () => {
    const store = open(fresh());
    await store.create({ name: 'c', connector: 'issues', credentials: { n: 0 }, options: {} });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.updateCredentials('c', (current) => ({ n: (current.n as number) + 1 })),
      ),
    );
    expect((await store.get('c'))?.credentials.n).toBe(20);
  });

  it('keeps one default per connector; the first is the default and a removed default passes on', async () => {
    const store = open(fresh());
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

  it('records needs_reconnect and clears it with new credentials', async () => {
    const store = open(fresh());
    await store.create({ name: 'o', connector: 'docs', credentials: { accessToken: 'a' }, options: {} });
    await store.setStatus('o', 'needs_reconnect');
    expect((await store.get('o'))?.status).toBe('needs_reconnect');
    await store.updateCredentials('o', () => ({ accessToken: 'b' }), { status: 'ok' });
    expect((await store.get('o'))?.status).toBe('ok');
  });

  it('hands out a single-use value once, and never after it expires', async () => {
    let now = Date.now();
    const store = open(fresh(), undefined, () => new Date(now));
    await store.putEphemeral('oauth_state', 's1', 'v1', now + 1000);
    await store.putEphemeral('oauth_state', 's2', 'v2', now + 1000);
    expect(await store.getEphemeral('oauth_state', 's1')).toBe('v1');
    expect(await store.takeEphemeral('oauth_state', 's1')).toBe('v1');
    expect(await store.takeEphemeral('oauth_state', 's1')).toBeUndefined();
    now += 2000;
    expect(await store.takeEphemeral('oauth_state', 's2')).toBeUndefined();
  });
});

describe('SqliteConnectionStore.withLock', () => {
  it('lets one holder at a time in across store handles (as across processes), without blocking the event loop', async () => {
    const dataDir = fresh();
    const handles = [open(dataDir), open(dataDir), open(dataDir)];
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
    // Waiters polled with timers: the loop kept turning while they waited.
    expect(ticks).toBeGreaterThan(0);
    // Released: another name or the same one is free again at once.
    await expect(handles[0]!.withLock('oauth-refresh:x', async () => 'free')).resolves.toBe('free');
  });

  it('releases the lock when the work fails, and takes over one whose holder died', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
    await expect(
      store.withLock('l', async () => {
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    await expect(store.withLock('l', async () => 1, { waitMs: 0 })).resolves.toBe(1);

    // A holder killed while it held the lock leaves the row behind until it expires.
    sql(dataDir, (db) =>
      db
        .prepare("INSERT INTO locks (name, owner, expires_at) VALUES ('dead', 'gone', ?)")
        .run(Date.now() + 150),
    );
    await expect(store.withLock('dead', async () => 2, { waitMs: 0 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    await expect(store.withLock('dead', async () => 3, { waitMs: 5000 })).resolves.toBe(3);
  });
});
