import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-host.js';
import { loadSecretKey, SecretBox } from './secret-box.js';
import { SqliteConnectionStore } from './sqlite-store.js';

const SECRET = 'sk_live_0123456789abcdefSECRET4242';
const dirs: { remove(): void }[] = [];
const stores: SqliteConnectionStore[] = [];

function open(dataDir: string, envKey?: string) {
  const store = new SqliteConnectionStore({ dataDir, box: new SecretBox(loadSecretKey(dataDir, envKey)) });
  stores.push(store);
  return store;
}

function fresh() {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
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

  it('creates the key file with owner-only permissions, and a wrong key cannot open the secrets', async () => {
    const dataDir = fresh();
    const store = open(dataDir);
    await store.create({ name: 'a', connector: 'payments', credentials: { apiKey: SECRET }, options: {} });
    await store.close();
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    const other = open(dataDir, 'another passphrase');
    await expect(other.get('a')).rejects.toThrow(/secret key/);
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
    const dataDir = fresh();
    const store = new SqliteConnectionStore({
      dataDir,
      box: new SecretBox(loadSecretKey(dataDir, undefined)),
      now: () => new Date(now),
    });
    stores.push(store);
    await store.putEphemeral('oauth_state', 's1', 'v1', now + 1000);
    await store.putEphemeral('oauth_state', 's2', 'v2', now + 1000);
    expect(await store.getEphemeral('oauth_state', 's1')).toBe('v1');
    expect(await store.takeEphemeral('oauth_state', 's1')).toBe('v1');
    expect(await store.takeEphemeral('oauth_state', 's1')).toBeUndefined();
    now += 2000;
    expect(await store.takeEphemeral('oauth_state', 's2')).toBeUndefined();
  });
});
