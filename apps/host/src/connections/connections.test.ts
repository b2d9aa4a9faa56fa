import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { TestServer } from '@c/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../access.js';
import { createHttpServer } from '../http/server.js';
import { SecretBox } from '../store/secret-box.js';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { ENV_CONNECTION } from './connection-manager.js';

let provider: TestServer;
const hosts: Awaited<ReturnType<typeof tempHost>>[] = [];

beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(() => provider.close());
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.cleanup()));
  provider.reset();
});

async function host(env: NodeJS.ProcessEnv = {}) {
  const created = await tempHost([things], { env });
  hosts.push(created);
  return created;
}

describe('ConnectionManager', () => {
  it('makes an implicit env connection from the connector env map', async () => {
    const h = await host({ C_THINGS_API_KEY: FAKE_KEY, C_THINGS_BASE_URL: provider.url });
    const views = await h.connections.list();
    expect(views).toEqual([
      expect.objectContaining({
        name: ENV_CONNECTION,
        connector: 'things',
        isDefault: true,
        credentialHints: { apiKey: 'sk_test_…4242' },
        options: { baseUrl: provider.url },
      }),
    ]);
    expect(JSON.stringify(views)).not.toContain(FAKE_KEY);
    expect(await h.runner.call('things.getThing', { thingId: 'th_9' })).toEqual({
      id: 'th_9',
      object: 'thing',
    });
    expect(await h.runner.call('things.getThing', { thingId: 'th_8' }, { connection: 'env' })).toMatchObject({
      id: 'th_8',
    });
  });

  it('refuses a credential field the connector does not take, naming it, and stores nothing', async () => {
    const h = await host();
    const attempt = (credentials: Record<string, unknown>) =>
      h.connections
        .create({ name: 'extra', connector: 'things', credentials, options: { baseUrl: provider.url } })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    const error = await attempt({ apiKey: FAKE_KEY, apikey_backup: 'sk_live_other_secret_value' });
    expect(error).toMatchObject({ kind: 'validation', parameter: 'credentials.apikey_backup' });
    expect(String((error as Error).message)).toContain('it takes "apiKey"');
    expect(String((error as Error).message)).not.toContain('sk_live_other');
    expect(await h.connections.list()).toEqual([]);
    expect(provider.calls).toEqual([]);
    await h.connections.create({
      name: 'ok',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
    await expect(
      h.connections.replaceCredentials('ok', { apiKey: FAKE_KEY, note: 'x' }),
    ).rejects.toMatchObject({
      parameter: 'credentials.note',
    });
  });

  it('prefers a stored default over the env connection', async () => {
    const h = await host({
      C_THINGS_API_KEY: 'sk_test_env_key_that_is_wrong',
      C_THINGS_BASE_URL: provider.url,
    });
    await h.connections.create({
      name: 'stored',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
    expect((await h.connections.resolve('things')).name).toBe('stored');
    expect((await h.connections.list()).find((view) => view.name === 'env')?.isDefault).toBe(false);
  });

  it('passes over the default of a sandbox that no longer runs for working env credentials', async () => {
    const h = await host({ C_THINGS_API_KEY: FAKE_KEY, C_THINGS_BASE_URL: provider.url });
    // What `serve --sandbox` leaves behind once stopped: a default pointing at a simulator now gone.
    await h.connections.create(
      {
        name: 'sandbox-things',
        connector: 'things',
        credentials: { apiKey: 'sk_test_sandbox_0123456789' },
        options: { baseUrl: 'http://127.0.0.1:9' },
      },
      { verify: false, sandbox: true },
    );
    expect((await h.connections.resolve('things')).name).toBe(ENV_CONNECTION);
    expect(await h.runner.call('things.getThing', { thingId: 'th_3' })).toMatchObject({ id: 'th_3' });
    const views = await h.connections.list();
    expect(views.find((view) => view.name === ENV_CONNECTION)?.isDefault).toBe(true);
    expect(views.find((view) => view.name === 'sandbox-things')?.isDefault).toBe(false);
    // Named, it is still used (and fails as it would).
    expect((await h.connections.resolve('things', 'sandbox-things')).name).toBe('sandbox-things');

    // While a sandbox runs (a live process claimed it), its default is the default.
    await h.store.settings.setSetting(
      'sandbox_owner',
      JSON.stringify({ pid: process.pid, instance: 'live' }),
    );
    expect((await h.connections.resolve('things')).name).toBe('sandbox-things');
  });

  it('says how to connect when there is no connection', async () => {
    const h = await host();
    await expect(h.runner.call('things.getThing', { thingId: 'th_1' })).rejects.toMatchObject({
      kind: 'validation',
      parameter: 'connection',
    });
  });

  it('validates input before resolving a connection, and sends nothing', async () => {
    const h = await host();
    await expect(h.runner.call('things.getThing', { thingId: 1 })).rejects.toMatchObject({
      parameter: 'thingId',
    });
    await expect(h.runner.call('things.nope', {})).rejects.toMatchObject({ parameter: 'command' });
    expect(provider.calls).toHaveLength(0);
  });

  it('marks a connection needs_reconnect when the provider refuses its credentials, and a good test clears it', async () => {
    const h = await host();
    await h.connections.create({
      name: 'c',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
    // The key is revoked at the provider: swap what the store holds for a key it refuses.
    await h.store.connections.updateCredentials('c', () => ({ apiKey: 'sk_test_revoked_00000000' }));
    const error = await h.runner
      .call('things.getThing', { thingId: 'th_1' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'auth' });
    expect((error as { toJSON(): object }).toJSON()).toMatchObject({ needsReconnect: true });
    expect((await h.connections.get('c')).status).toBe('needs_reconnect');
    await expect(h.connections.test('c')).rejects.toMatchObject({ kind: 'auth' });
    await h.connections.replaceCredentials('c', { apiKey: FAKE_KEY });
    expect((await h.connections.get('c')).status).toBe('ok');
  });

  it('retries with the stored credentials when another process replaced them during the call', async () => {
    const h = await host();
    await h.store.connections.create({
      name: 'shared',
      connector: 'things',
      credentials: { apiKey: 'sk_test_stale_key_0000000' },
      options: { baseUrl: provider.url },
    });
    provider.fault({ type: 'delay', ms: 300, match: (call) => call.path === '/things/th_1' });
    const pending = h.runner.call('things.getThing', { thingId: 'th_1' }, { connection: 'shared' });
    while (provider.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // Meanwhile another process (a CLI beside a server) stores working credentials.
    await h.store.connections.updateCredentials('shared', () => ({ apiKey: FAKE_KEY }));
    await expect(pending).resolves.toEqual({ id: 'th_1', object: 'thing' });
    expect(provider.calls.map((call) => call.headers.authorization)).toEqual([
      'Bearer sk_test_stale_key_0000000',
      `Bearer ${FAKE_KEY}`,
    ]);
    expect((await h.connections.get('shared')).status).toBe('ok');
  });

  it('refuses bad names, unknown connectors and the reserved name env', async () => {
    const h = await host();
    const base = {
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    };
    await expect(h.connections.create({ ...base, name: 'env' })).rejects.toMatchObject({ parameter: 'name' });
    await expect(h.connections.create({ ...base, name: 'a b' })).rejects.toMatchObject({ parameter: 'name' });
    await expect(h.connections.create({ ...base, name: 'ok', connector: 'nope' })).rejects.toMatchObject({
      parameter: 'connector',
    });
    expect(provider.calls).toHaveLength(0);
  });

  it('refuses a connection of another connector', async () => {
    const h = await host();
    await h.store.connections.create({ name: 'd', connector: 'docs', credentials: {}, options: {} });
    await expect(h.connections.resolve('things', 'd')).rejects.toMatchObject({ parameter: 'connection' });
  });
});

describe('ConnectionManager: credentials only from the credential fields', () => {
  const ATTACKER_KEY = 'sk_test_attacker_0000000000000000';

  it('refuses options that carry credentials or anything unknown, before anything is stored or sent', async () => {
    const h = await host();
    const base = { connector: 'things', credentials: { apiKey: FAKE_KEY } };
    for (const [options, parameter] of [
      [{ baseUrl: provider.url, credentials: { apiKey: ATTACKER_KEY } }, 'options.credentials'],
      [{ baseUrl: provider.url, apiKey: ATTACKER_KEY }, 'options.apiKey'],
      [{ baseUrl: provider.url, http: { retry: { maxRetries: 1000 } } }, 'options.http'],
      [{ baseUrl: provider.url, onTokens: 'x' }, 'options.onTokens'],
    ] as const) {
      const error = await h.connections
        .create({ ...base, name: 'c', options }, { verify: false })
        .catch((caught: unknown) => caught);
      expect(error, parameter).toMatchObject({ kind: 'validation', parameter });
      expect(JSON.stringify((error as { toJSON(): object }).toJSON())).not.toContain(ATTACKER_KEY);
    }
    expect(await h.store.connections.list()).toEqual([]);
    expect(provider.calls).toHaveLength(0);
  });

  it('never lets stored options replace the stored credentials at run time', async () => {
    const h = await host();
    // A row written before options were checked: its options name a key the provider accepts.
    await h.store.connections.create({
      name: 'planted',
      connector: 'things',
      credentials: { apiKey: 'sk_test_the_real_but_revoked_key' },
      options: { baseUrl: provider.url, credentials: { apiKey: FAKE_KEY } },
    });
    await expect(
      h.runner.call('things.getThing', { thingId: 'th_1' }, { connection: 'planted' }),
    ).rejects.toMatchObject({ kind: 'validation', parameter: 'options.credentials' });
    expect(provider.calls).toHaveLength(0);
    expect((await h.connections.get('planted')).status).toBe('ok');
  });

  it('checks credentials and options on Reconnect, and keeps the stored ones when they are refused', async () => {
    const h = await host();
    await h.connections.create({
      name: 'r',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
    await expect(
      h.connections.replaceCredentials('r', { apiKey: FAKE_KEY }, { credentials: { apiKey: ATTACKER_KEY } }),
    ).rejects.toMatchObject({ parameter: 'options.credentials' });
    await expect(h.connections.replaceCredentials('r', { apiKey: '' })).rejects.toMatchObject({
      parameter: 'credentials.apiKey',
    });
    expect((await h.store.connections.get('r'))?.credentials).toEqual({ apiKey: FAKE_KEY });
    expect((await h.store.connections.get('r'))?.options).toEqual({ baseUrl: provider.url });
  });
});

describe('ConnectionManager: a connection sealed with another key', () => {
  it('is listed as unreadable and refused clearly, while the others keep working', async () => {
    const h = await host();
    await h.connections.create({
      name: 'good',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
    const db = new DatabaseSync(join(h.dataDir, 'host.db'));
    db.prepare(
      `INSERT INTO connections (name, connector, credentials, options, created_at, updated_at)
       VALUES ('lost', 'things', ?, ?, '2024-01-01', '2024-01-01')`,
    ).run(
      new SecretBox(Buffer.alloc(32, 1)).seal(JSON.stringify({ apiKey: FAKE_KEY }), 'connection:lost'),
      JSON.stringify({ baseUrl: provider.url }),
    );
    db.close();
    provider.reset();

    const views = await h.connections.list();
    expect(views.map((view) => [view.name, view.status, view.credentialHints])).toEqual([
      ['lost', 'unreadable', {}],
      ['good', 'ok', { apiKey: 'sk_test_…4242' }],
    ]);
    const error = await h.runner
      .call('things.getThing', { thingId: 'th_1' }, { connection: 'lost' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'auth', details: { connection: 'lost', unreadable: true } });
    expect((error as Error).message).toMatch(/C_HOST_SECRET_KEY or secret\.key/);
    await expect(h.connections.test('lost')).rejects.toMatchObject({ kind: 'auth' });
    // Reported, not recorded: the right key would make it readable again.
    expect((await h.store.connections.get('lost'))?.status).toBe('unreadable');
    expect(provider.calls).toHaveLength(0);
    expect(await h.runner.call('things.getThing', { thingId: 'th_2' })).toEqual({
      id: 'th_2',
      object: 'thing',
    });

    // Reconnect replaces what cannot be read.
    await h.connections.replaceCredentials('lost', { apiKey: FAKE_KEY });
    expect((await h.connections.get('lost')).status).toBe('ok');
    await expect(
      h.runner.call('things.getThing', { thingId: 'th_3' }, { connection: 'lost' }),
    ).resolves.toMatchObject({ id: 'th_3' });
  });
});

describe('the HTTP API with rows sealed under another key', () => {
  it('still answers /api/health and /api/connections, reporting the unreadable connection', async () => {
    const h = await host();
    const token = (await h.access.init())!;
    const stranger = new SecretBox(Buffer.alloc(32, 2));
    const cookieValue = randomToken();
    const db = new DatabaseSync(join(h.dataDir, 'host.db'));
    db.prepare(
      `INSERT INTO connections (name, connector, credentials, options, created_at, updated_at)
       VALUES ('lost', 'things', ?, '{}', '2024-01-01', '2024-01-01')`,
    ).run(stranger.seal(JSON.stringify({ apiKey: FAKE_KEY }), 'connection:lost'));
    // A browser still holds the cookie of a session sealed under the other key.
    db.prepare("INSERT INTO ephemeral (kind, key, value, expires_at) VALUES ('session', ?, ?, ?)").run(
      sha256(cookieValue),
      stranger.seal('1', `session:${sha256(cookieValue)}`),
      Date.now() + 60_000,
    );
    db.close();
    const app = await createHttpServer({ host: h, bind: '127.0.0.1', webDir: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      const cookie = `c_host_session_${port}=${cookieValue}`;
      const health = await call(base, 'GET', '/api/health', { headers: { cookie } });
      expect(health.status).toBe(200);
      expect((await call(base, 'GET', '/api/connections', { headers: { cookie } })).status).toBe(401);
      const listed = await call(base, 'GET', '/api/connections', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(listed.status).toBe(200);
      expect(listed.json).toEqual([
        expect.objectContaining({ name: 'lost', status: 'unreadable', credentialHints: {} }),
      ]);
    } finally {
      await app.close();
    }
  });
});
