import { scryptSync } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-host.js';
import { KEY_SETTING, SecretBox } from './secret-box.js';
import { SqliteHostStore } from './sqlite-store.js';
import { storeSuite } from './store-suite.js';
import type { StoreLocation } from './store-suite-support.js';

const SECRET = 'sk_live_0123456789abcdefSECRET4242';
const dirs: { remove(): void }[] = [];
const stores: SqliteHostStore[] = [];

function open(dataDir: string, secretKey?: string, now?: () => Date) {
  const store = new SqliteHostStore({ dataDir, secretKey, now });
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

describe('SqliteHostStore', () => {
  it('creates every file owner-only (0600) in a world-readable data directory, journals included', async () => {
    const dataDir = fresh();
    chmodSync(dataDir, 0o755);
    const store = open(dataDir);
    await store.connections.create({
      name: 'a',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    await store.settings.putEphemeral('session', 's', '1', Date.now() + 60_000);
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
    await store.connections.create({ name: 'a', connector: 'payments', credentials: {}, options: {} });
    for (const file of readdirSync(dataDir)) {
      expect(statSync(join(dataDir, file)).mode & 0o777, file).toBe(0o600);
    }
  });

  it('refuses a lost secret.key instead of making a new one over sealed rows', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
    await store.connections.create({
      name: 'a',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    await store.close();
    const key = readFileSync(join(dataDir, 'secret.key'), 'utf8');
    rmSync(join(dataDir, 'secret.key'));

    const error = refusal(dataDir);
    expect(error).toMatchObject({ kind: 'validation', parameter: 'C_HOST_SECRET_KEY' });
    expect(error.message).toContain(join(dataDir, 'secret.key'));
    expect(error.message).toMatch(/is missing.*back from a backup, or set C_HOST_SECRET_KEY/);
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);

    // The key supplied another way opens the store as before.
    expect((await open(dataDir, key).connections.get('a'))?.credentials.apiKey).toBe(SECRET);
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
    expect((await store.connections.get('old'))?.credentials.apiKey).toBe(SECRET);
    expect(JSON.parse((await store.settings.getSetting(KEY_SETTING))!)).toMatchObject({
      version: 1,
      kdf: 'scrypt',
    });
    await store.close();
    expect((await open(dataDir, passphrase).connections.get('old'))?.status).toBe('ok');
    expect(refusal(dataDir, 'not the passphrase')).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });
  });

  it('moves a store made with its key file to C_HOST_SECRET_KEY when the file’s key is given as old', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
    await store.connections.create({
      name: 'a',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    await store.close();
    const fileKey = readFileSync(join(dataDir, 'secret.key'), 'utf8');
    const next = Buffer.alloc(32, 5).toString('base64');
    const moved = new SqliteHostStore({ dataDir, secretKey: next, oldKeys: fileKey });
    stores.push(moved);
    expect(await moved.reseal()).toMatchObject({ connections: 1, unreadable: [] });
    expect((await open(dataDir, next).connections.get('a'))?.credentials.apiKey).toBe(SECRET);
    // The file's key no longer opens the store: the refusal names the file.
    expect(refusal(dataDir).message).toContain('(secret.key) does not open the store');
  });

  it('adds the hook URL column to the subscriptions of an older store, keeping them', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
    await store.triggers.createSubscription({
      id: 'sub_old',
      trigger: 'payments.event',
      connection: 'sandbox-payments',
      input: { events: ['*'] },
      state: { endpointId: 'we_1', secret: 'whsec_1' },
    });
    await store.close();
    // As a host of before the column left it.
    sql(dataDir, (db) => db.exec('ALTER TABLE subscriptions DROP COLUMN hook_url'));
    const upgraded = open(dataDir);
    const kept = await upgraded.triggers.getSubscription('sub_old');
    expect([kept?.state, kept?.hookUrl]).toEqual([{ endpointId: 'we_1', secret: 'whsec_1' }, undefined]);
    const moved = await upgraded.triggers.updateSubscription('sub_old', {
      hookUrl: 'https://b.example/hooks/sub_old',
    });
    expect(moved?.hookUrl).toBe('https://b.example/hooks/sub_old');
  });
});

/** A data directory, opened as the shared suite asks. */
function sqliteLocation(dataDir: string): StoreLocation {
  return {
    async open(options = {}) {
      return new SqliteHostStore({ dataDir, ...options });
    },
    async insertConnection(name, connector, sealed) {
      sql(dataDir, (db) =>
        db
          .prepare(
            `INSERT INTO connections (name, connector, credentials, options, created_at, updated_at)
             VALUES (?, ?, ?, '{}', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`,
          )
          .run(name, connector, sealed),
      );
    },
    async insertEphemeral(kind, key, sealed, expiresAt) {
      sql(dataDir, (db) =>
        db
          .prepare('INSERT INTO ephemeral (kind, key, value, expires_at) VALUES (?, ?, ?, ?)')
          .run(kind, key, sealed, expiresAt),
      );
    },
    async sealedCredentials(name) {
      return sql(
        dataDir,
        (db) =>
          (db.prepare('SELECT credentials FROM connections WHERE name = ?').get(name) as any).credentials,
      );
    },
    async rawContent() {
      // Every file of the data directory: the database, its journals and the key file.
      return Buffer.concat(readdirSync(dataDir).map((file) => readFileSync(join(dataDir, file))));
    },
    async holdLockAsDeadProcess(name, ms) {
      // A holder killed while it held the lock leaves its row behind until the row expires.
      sql(dataDir, (db) =>
        db
          .prepare("INSERT INTO locks (name, owner, expires_at) VALUES (?, 'gone', ?)")
          .run(name, Date.now() + ms),
      );
    },
    async failureKeys() {
      return sql(dataDir, (db) =>
        (db.prepare('SELECT key FROM access_failures').all() as { key: string }[]).map((row) => row.key),
      );
    },
  };
}

storeSuite({
  name: 'SqliteHostStore',
  keyRequired: false,
  async fresh() {
    return sqliteLocation(fresh());
  },
});
