import type { TestServer } from '@c/core/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { call, cookieFrom } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

const TOKEN = 'test-access-token-0123456789';
let provider: TestServer;
let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let base: string;
let port: number;
const auth = { authorization: `Bearer ${TOKEN}` };

beforeAll(async () => {
  provider = await startFakeProvider();
  host = await tempHost([things], { token: TOKEN });
  await host.access.init();
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
  await provider.close();
});

beforeEach(() => provider.reset());

async function addConnection(name: string, isDefault = false) {
  return call(base, 'POST', '/api/connections', {
    headers: auth,
    body: {
      name,
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
      isDefault,
    },
  });
}

describe('security', () => {
  it('answers the health check without a token', async () => {
    const response = await call(base, 'GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ ok: true, version: expect.any(String) });
  });

  it('requires the access token for the API and /mcp', async () => {
    for (const [method, path] of [
      ['GET', '/api/commands'],
      ['GET', '/api/connections'],
      ['POST', '/api/commands/things.getThing/run'],
      ['POST', '/mcp'],
    ] as const) {
      const response = await call(base, method, path, method === 'POST' ? { body: {} } : {});
      expect(response.status, path).toBe(401);
      expect(response.json.error).toMatchObject({ kind: 'auth', name: 'AuthError' });
    }
    const wrong = await call(base, 'GET', '/api/commands', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect((await call(base, 'GET', '/api/commands', { headers: auth })).status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding), whatever the token', async () => {
    for (const hostHeader of ['evil.example:' + port, '127.0.0.1:1', 'localhost']) {
      const response = await call(base, 'GET', '/api/health', { headers: { ...auth, host: hostHeader } });
      expect(response.status, hostHeader).toBe(403);
      expect(response.json.error.kind).toBe('permission');
    }
    for (const hostHeader of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect(
        (await call(base, 'GET', '/api/health', { headers: { host: hostHeader } })).status,
        hostHeader,
      ).toBe(200);
    }
  });

  it('refuses cross-origin requests, and accepts its own origin', async () => {
    const evil = await call(base, 'GET', '/api/commands', {
      headers: { ...auth, origin: 'http://evil.example' },
    });
    expect(evil.status).toBe(403);
    const site = await call(base, 'GET', '/api/commands', {
      headers: { ...auth, 'sec-fetch-site': 'cross-site' },
    });
    expect(site.status).toBe(403);
    const own = await call(base, 'GET', '/api/commands', { headers: { ...auth, origin: base } });
    expect(own.status).toBe(200);
  });

  it('signs a browser in with the token and out again (HttpOnly, SameSite=Strict)', async () => {
    const wrong = await call(base, 'POST', '/api/session', { body: { token: 'nope' } });
    expect(wrong.status).toBe(401);
    const login = await call(base, 'POST', '/api/session', { body: { token: TOKEN } });
    expect(login.status).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = cookieFrom(login, `c_host_session_${port}=`)!;
    expect((await call(base, 'GET', '/api/connections', { headers: { cookie } })).status).toBe(200);
    expect((await call(base, 'DELETE', '/api/session', { headers: { cookie } })).status).toBe(204);
    expect((await call(base, 'GET', '/api/connections', { headers: { cookie } })).status).toBe(401);
  });

  it('signs in through a one-time /auth link, which works once', async () => {
    const token = await host.access.createLoginToken();
    const first = await call(
      base,
      'GET',
      `/auth?token=${token}&next=${encodeURIComponent('//evil.example')}`,
    );
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/');
    const cookie = cookieFrom(first, `c_host_session_${port}=`)!;
    expect((await call(base, 'GET', '/api/commands', { headers: { cookie } })).status).toBe(200);
    const again = await call(base, 'GET', `/auth?token=${token}`);
    expect(again.status).toBe(401);
    expect(cookieFrom(again, 'c_host_session')).toBeUndefined();
  });
});

describe('commands', () => {
  it('lists commands with ids, tool names and hints, and describes one with JSON Schema', async () => {
    const list = await call(base, 'GET', '/api/commands', { headers: auth });
    expect(list.json).toContainEqual({
      id: 'things.getThing',
      connector: 'things',
      key: 'getThing',
      title: 'Get Thing',
      description: 'Reads one thing by id.',
      annotations: { readOnly: true, destructive: false, idempotent: true },
      toolName: 'things_getThing',
    });
    const one = await call(base, 'GET', '/api/commands/things.getThing', { headers: auth });
    expect(one.json.inputSchema.properties.thingId).toMatchObject({ title: 'Thing Id', type: 'string' });
    const missing = await call(base, 'GET', '/api/commands/things.nope', { headers: auth });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ kind: 'validation', parameter: 'command' });
  });

  it('lists connectors with JSON Schemas of credentials and options', async () => {
    const response = await call(base, 'GET', '/api/connectors', { headers: auth });
    expect(response.json[0]).toMatchObject({
      id: 'things',
      auth: { type: 'apiKey' },
      credentialsSchema: { properties: { apiKey: { title: 'API Key' } } },
      optionsSchema: { properties: { baseUrl: { type: 'string' } } },
    });
  });

  it('runs a command on the default connection and maps errors to statuses', async () => {
    expect((await addConnection('main')).status).toBe(201);
    const ok = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { input: { thingId: 'th_1' } },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ result: { id: 'th_1', object: 'thing' } });
    expect(provider.calls.at(-1)).toMatchObject({ method: 'GET', path: '/things/th_1' });
    expect(provider.calls.at(-1)?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);

    const sent = provider.calls.length;
    const bad = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { connection: 'main', input: { thingId: 'x' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ kind: 'validation', parameter: 'thingId' });
    expect(provider.calls.length).toBe(sent);

    const notFound = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { input: { thingId: 'th_missing' } },
    });
    expect(notFound.status).toBe(404);
    expect(notFound.json.error.kind).toBe('not_found');

    const limited = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { input: { thingId: 'th_busy' } },
    });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ kind: 'rate_limit', retryAfterMs: 7000 });
    expect(limited.headers['retry-after']).toBe('7');

    const unknownConnection = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { connection: 'ghost', input: { thingId: 'th_1' } },
    });
    expect(unknownConnection.status).toBe(400);
    expect(unknownConnection.json.error.parameter).toBe('connection');

    const extra = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { input: {}, extra: 1 },
    });
    expect(extra.status).toBe(400);
    expect(extra.json.error).toMatchObject({ kind: 'validation', parameter: 'extra' });
    await call(base, 'DELETE', '/api/connections/main', { headers: auth });
  });
});

describe('connections', () => {
  it('creates (verified, secrets write-only), lists with hints, tests, sets default and removes', async () => {
    const created = await addConnection('first');
    expect(created.status).toBe(201);
    expect(created.text).not.toContain(FAKE_KEY);
    expect(created.json).toMatchObject({
      name: 'first',
      connector: 'things',
      isDefault: true,
      sandbox: false,
      status: 'ok',
      credentialHints: { apiKey: 'sk_test_…4242' },
      options: { baseUrl: provider.url },
    });
    expect(provider.calls.at(-1)?.path).toBe('/me');
    expect((await addConnection('second')).json.isDefault).toBe(false);
    expect((await addConnection('second')).status).toBe(409);

    const list = await call(base, 'GET', '/api/connections', { headers: auth });
    expect(list.text).not.toContain(FAKE_KEY);
    expect(list.json.map((view: { name: string }) => view.name)).toEqual(['first', 'second']);

    expect(
      (await call(base, 'POST', '/api/connections/second/default', { headers: auth })).json.isDefault,
    ).toBe(true);
    expect((await call(base, 'POST', '/api/connections/second/test', { headers: auth })).json.status).toBe(
      'ok',
    );
    expect((await call(base, 'DELETE', '/api/connections/second', { headers: auth })).status).toBe(204);
    expect((await call(base, 'DELETE', '/api/connections/second', { headers: auth })).status).toBe(404);
    await call(base, 'DELETE', '/api/connections/first', { headers: auth });
  });

  it('refuses a wrong key at once and stores nothing', async () => {
    const response = await call(base, 'POST', '/api/connections', {
      headers: auth,
      body: {
        name: 'wrong',
        connector: 'things',
        credentials: { apiKey: 'sk_test_wrong_key_000000' },
        options: { baseUrl: provider.url },
      },
    });
    expect(response.status).toBe(401);
    expect(response.json.error.kind).toBe('auth');
    expect(response.text).not.toContain('sk_test_wrong_key_000000');
    expect(await host.store.get('wrong')).toBeUndefined();
  });

  it('names the invalid field of a malformed body', async () => {
    const missing = await call(base, 'POST', '/api/connections', {
      headers: auth,
      body: { name: 'x', connector: 'things' },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({ kind: 'validation', parameter: 'credentials' });
    const badCredentials = await call(base, 'POST', '/api/connections', {
      headers: auth,
      body: { name: 'x', connector: 'things', credentials: {}, options: { baseUrl: provider.url } },
    });
    expect(badCredentials.status).toBe(400);
    expect(badCredentials.json.error.parameter).toBe('credentials.apiKey');
    const unknown = await call(base, 'POST', '/api/connections', {
      headers: auth,
      body: { name: 'x', connector: 'nope', credentials: {} },
    });
    expect(unknown.json.error.parameter).toBe('connector');
  });
});

describe('OAuth start', () => {
  it('tells a pop-up opener why Connect cannot start, and answers JSON to API clients', async () => {
    const popup = await call(base, 'GET', '/api/oauth/things/start?connection=t', {
      headers: { ...auth, accept: 'text/html,application/xhtml+xml' },
    });
    expect(popup.status).toBe(400);
    expect(popup.headers['content-type']).toMatch(/text\/html/);
    const message = JSON.parse(/const m=(\{.*?\});/.exec(popup.text)![1]!);
    expect(message).toMatchObject({ type: 'c-host:oauth', ok: false, connection: 't' });
    expect(message.error).toMatch(/does not connect with OAuth/);
    const api = await call(base, 'GET', '/api/oauth/things/start?connection=t', { headers: auth });
    expect(api.status).toBe(400);
    expect(api.json.error.parameter).toBe('connector');
  });

  it('sends headers that keep the UI out of frames', async () => {
    const response = await call(base, 'GET', '/');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('documents', () => {
  it('serves an OpenAPI document with a run path per command', async () => {
    const response = await call(base, 'GET', '/api/openapi.json', { headers: auth });
    expect(response.json.openapi).toBe('3.1.0');
    const run = response.json.paths['/api/commands/things.getThing/run'].post;
    expect(run.operationId).toBe('things_getThing');
    expect(run.requestBody.content['application/json'].schema.properties.input.properties.thingId.title).toBe(
      'Thing Id',
    );
  });

  it('shows a short note at / when the web UI is not built', async () => {
    const response = await call(base, 'GET', '/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('web UI is not built');
  });
});
