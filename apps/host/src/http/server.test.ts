import type { TestServer } from '@c/core/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { call, cookieFrom, rawRequest } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { HOOK_BODY_LIMIT } from './hooks-routes.js';
import { BODY_LIMIT, createHttpServer } from './server.js';

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
    // A spent link says what happened and both ways back in, not a bare refusal.
    expect(again.text).toContain('works once, for 10 minutes');
    expect(again.text).toContain('<a href="/">Sign in with the access token</a>');
    expect(again.text).toContain('<code>c-host link</code>');
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
    expect(await host.store.connections.get('wrong')).toBeUndefined();
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

  it('gives every page an icon without a session, so no page logs a 404 for it', async () => {
    const page = await call(base, 'GET', '/');
    expect(page.text).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(page.headers['content-security-policy']).toContain("img-src 'self'");
    const icon = await call(base, 'GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.text).toMatch(/^<svg /);
    const legacy = await call(base, 'GET', '/favicon.ico');
    expect([legacy.status, legacy.headers.location]).toEqual([301, '/favicon.svg']);
  });
});

/** A POST with any body text and content type, over a raw socket (no client re-encodes it). */
function post(path: string, type: string, body: string, headers: Record<string, string> = auth) {
  const lines = [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    'Accept: application/json, text/event-stream',
    `Content-Type: ${type}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return rawRequest(port, `${lines.join('\r\n')}\r\n\r\n${body}`).then((response) => ({
    ...response,
    json: JSON.parse(response.body || 'null'),
  }));
}

/** The shape every failure of the API has. */
const errorShape = (kind: string) => ({
  error: expect.objectContaining({
    name: expect.any(String),
    kind,
    message: expect.any(String),
    retryable: false,
  }),
});

describe('bad bodies are local faults, with the status that says which', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('refuses a 100k-deep body with a 400 before anything walks it, on every route', async () => {
    for (const [path, body] of [
      ['/api/commands/things.getThing/run', `{"input":{"thingId":"th_1","x":${deep(100_000)}}}`],
      ['/api/connections', `{"name":"d","connector":"things","credentials":${deep(100_000)}}`],
      [
        '/mcp',
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"things_getThing","arguments":${deep(100_000)}}}`,
      ],
    ] as const) {
      const sent = provider.calls.length;
      const response = await post(path, 'application/json', body);
      expect(response.status, path).toBe(400);
      expect(response.json, path).toEqual(errorShape('validation'));
      expect(response.json.error.message).toMatch(/deeper than 64 levels/);
      expect(provider.calls.length).toBe(sent);
    }
  });

  it('refuses a body that is not JSON with 415 (a form or text/plain is what a cross-site page can send)', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await post('/api/commands/things.getThing/run', type, '{"input":{"thingId":"th_1"}}');
      expect(response.status, type).toBe(415);
      expect(response.json).toEqual(errorShape('validation'));
      expect(response.json.error.message).toMatch(/must be JSON/);
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const body = `{"input":{"thingId":"${'x'.repeat(BODY_LIMIT)}"}}`;
    const response = await post('/api/commands/things.getThing/run', 'application/json', body);
    expect(response.status).toBe(413);
    expect(response.json).toEqual(errorShape('validation'));
    expect(response.json.error.message).toMatch(/larger than 10 MiB/);
  });

  it('refuses a webhook delivery over its own, smaller limit with 413, whatever its content type', async () => {
    const body = 'x'.repeat(HOOK_BODY_LIMIT + 1);
    for (const type of ['application/json', 'application/octet-stream']) {
      const response = await post('/hooks/sub_unknown', type, body, {});
      expect(response.status, type).toBe(413);
      expect(response.json, type).toEqual(errorShape('validation'));
      // The limit it names is the one it applies.
      expect(response.json.error.message, type).toMatch(/larger than 1 MiB/);
    }
  });

  it('refuses __proto__, constructor and prototype keys with a 400 naming them, never touching a prototype', async () => {
    for (const [body, parameter] of [
      ['{"input":{"thingId":"th_1","__proto__":{"polluted":1}}}', 'input.__proto__'],
      ['{"input":{"metadata":{"constructor":{"prototype":{"polluted":1}}}}}', 'input.metadata.constructor'],
      [
        '{"name":"p","connector":"things","credentials":{"apiKey":"k"},"options":{"prototype":1}}',
        'options.prototype',
      ],
      ['[{"__proto__":{"polluted":1}}]', '0.__proto__'],
    ] as const) {
      const response = await post(
        body.startsWith('{"name"') ? '/api/connections' : '/api/commands/things.getThing/run',
        'application/json',
        body,
      );
      expect(response.status, body).toBe(400);
      expect(response.json.error).toMatchObject({ kind: 'validation', parameter });
      expect(response.json.error.message).not.toMatch(/not valid JSON/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('says plainly when a body is not JSON at all, without quoting it', async () => {
    const response = await post(
      '/api/connections',
      'application/json',
      '{"credentials":{"apiKey":"sk_live_secret',
    );
    expect(response.status).toBe(400);
    expect(response.json.error.message).toBe('Invalid body: it is not valid JSON');
    expect(response.body).not.toContain('sk_live_secret');
  });

  it("reports an unexpected fault of the host as a 500 of kind internal, not the provider's", async () => {
    const spy = vi.spyOn(host.connections, 'list').mockRejectedValueOnce(new Error('disk I/O error'));
    try {
      const response = await call(base, 'GET', '/api/connections', { headers: auth });
      expect(response.status).toBe(500);
      expect(response.json).toEqual({
        error: {
          name: 'InternalError',
          kind: 'internal',
          message: 'c-host failed on its side: disk I/O error',
          retryable: false,
        },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers a path it cannot decode with a 400 in the error JSON', async () => {
    const response = await rawRequest(
      port,
      `GET /api/commands/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(errorShape('validation'));
  });
});

describe('guessing the token', () => {
  it('answers 429 with Retry-After after a burst of wrong tokens from one client; another client still gets in', async () => {
    const attacker = '127.0.0.2';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await call(base, 'GET', '/api/connections', {
        headers: { authorization: `Bearer wrong-${attempt}` },
        localAddress: attacker,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const blocked = await call(base, 'GET', '/api/connections', { headers: auth, localAddress: attacker });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json.error).toMatchObject({ kind: 'rate_limit', retryAfterMs: expect.any(Number) });
    expect(blocked.text).not.toContain('"name":"main"');

    const other = await call(base, 'GET', '/api/connections', { headers: auth, localAddress: '127.0.0.3' });
    expect(other.status).toBe(200);
  });

  it('answers a burst of parallel wrong tokens from one client "wrong" ten times at most, the rest 429, and refuses the right token in it', async () => {
    const attacker = '127.0.0.6';
    // Forty guesses at once, the right token among the last: sent in parallel, every one of them used
    // to read the count before any failure was recorded, so all forty were checked and answered.
    const guesses = Array.from({ length: 40 }, (_, index) => (index === 35 ? TOKEN : `burst-${index}`));
    const answers = await Promise.all(
      guesses.map((token) =>
        call(base, 'GET', '/api/connections', {
          headers: { authorization: `Bearer ${token}` },
          localAddress: attacker,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    expect(answers[35]?.status).toBe(429);
    for (const answer of answers.filter((each) => each.status === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('throttles wrong tokens on POST /api/session and unknown links on /auth the same way', async () => {
    const client = '127.0.0.4';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call(base, 'POST', '/api/session', {
        body: { token: `nope-${attempt}` },
        localAddress: client,
      });
      expect(response.status).toBe(401);
    }
    const session = await call(base, 'POST', '/api/session', {
      body: { token: TOKEN },
      localAddress: client,
    });
    expect(session.status).toBe(429);
    expect(session.headers['retry-after']).toMatch(/^\d+$/);
    expect(cookieFrom(session, 'c_host_session')).toBeUndefined();

    const link = await host.access.createLoginToken();
    const auth429 = await call(base, 'GET', `/auth?token=${link}`, { localAddress: client });
    expect(auth429.status).toBe(429);
    expect(auth429.headers['retry-after']).toMatch(/^\d+$/);
    // Refused unchecked: the link was not spent, and works from another client.
    expect((await call(base, 'GET', `/auth?token=${link}`, { localAddress: '127.0.0.5' })).status).toBe(302);

    const linkGuesser = '127.0.0.6';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await call(base, 'GET', `/auth?token=guess-${attempt}`, { localAddress: linkGuesser });
    }
    expect((await call(base, 'GET', '/auth?token=guess-x', { localAddress: linkGuesser })).status).toBe(429);
  });
});

describe('/auth?next=', () => {
  it('redirects only to a path of this host: tabs, backslashes, CR/LF and schemes fall back to /', async () => {
    for (const next of [
      '/%09/evil.example',
      '/%5C/evil.example',
      '/%5Cevil.example',
      '%2F%2Fevil.example',
      '/x%0D%0ASet-Cookie:%20a=b',
      '/%0A/evil.example',
      'https:%2F%2Fevil.example',
      'javascript:alert(1)',
      '/%E2%80%A8',
    ]) {
      const link = await host.access.createLoginToken();
      const response = await call(base, 'GET', `/auth?token=${link}&next=${next}`);
      expect(response.status, next).toBe(302);
      expect(response.headers.location, next).toBe('/');
      expect(response.headers['set-cookie'], next).toBeDefined();
    }
    const link = await host.access.createLoginToken();
    const kept = await call(
      base,
      'GET',
      `/auth?token=${link}&next=${encodeURIComponent('/api/oauth/things/start?connection=a')}`,
    );
    expect(kept.headers.location).toBe('/api/oauth/things/start?connection=a');
  });

  it('refuses a repeated parameter with a 400 before the link is spent', async () => {
    const link = await host.access.createLoginToken();
    for (const query of [`token=${link}&token=${link}`, `token=${link}&next=/a&next=/b`]) {
      const response = await call(base, 'GET', `/auth?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json).toEqual(errorShape('validation'));
    }
    expect((await call(base, 'GET', `/auth?token=${link}`)).status).toBe(302);
  });
});

describe('response headers', () => {
  it('marks every JSON answer of the API no-store, errors included', async () => {
    for (const [path, headers] of [
      ['/api/health', {}],
      ['/api/commands', auth],
      ['/api/connections', {}],
      ['/api/nope', auth],
    ] as const) {
      const response = await call(base, 'GET', path, { headers });
      expect(response.headers['content-type'], path).toMatch(/^application\/json/);
      expect(response.headers['cache-control'], path).toBe('no-store');
    }
  });

  it("sends the server's own pages with a CSP that runs only their own inline script and style", async () => {
    for (const response of [
      await call(base, 'GET', '/'),
      await call(base, 'GET', '/api/oauth/things/start?connection=t', {
        headers: { ...auth, accept: 'text/html' },
      }),
      await call(base, 'GET', '/api/oauth/callback?state=unknown&code=x'),
    ]) {
      const csp = String(response.headers['content-security-policy']);
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain(`style-src 'nonce-${nonce}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      for (const tag of response.text.match(/<(script|style)\b[^>]*>/g) ?? []) {
        expect(tag).toContain(`nonce="${nonce}"`);
      }
    }
    const first = await call(base, 'GET', '/');
    const second = await call(base, 'GET', '/');
    expect(first.headers['content-security-policy']).not.toBe(second.headers['content-security-policy']);
  });

  it('sends JSON answers with a CSP that lets nothing run', async () => {
    const response = await call(base, 'GET', '/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('the built web UI', () => {
  it('keeps its own CSP on a reload answered 304 (a 304 must not carry the API policy)', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const webDir = mkdtempSync(join(tmpdir(), 'c-host-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><script type="module" src="/app.js"></script>');
    writeFileSync(join(webDir, 'app.js'), 'console.log(1)');
    const ui = await createHttpServer({ host, bind: '127.0.0.1', webDir });
    await ui.listen({ port: 0, host: '127.0.0.1' });
    const uiBase = `http://127.0.0.1:${(ui.server.address() as { port: number }).port}`;
    try {
      const first = await call(uiBase, 'GET', '/');
      expect(first.status).toBe(200);
      const policy = String(first.headers['content-security-policy']);
      // Scripts from the UI's own files only: no inline script, and no string made into code.
      expect(policy.split('; ')).toContain("script-src 'self'");
      expect(policy).not.toMatch(/unsafe-eval|unsafe-inline|wasm-unsafe-eval/);
      const etag = String(first.headers.etag);
      const reload = await call(uiBase, 'GET', '/', { headers: { 'if-none-match': etag } });
      expect(reload.status).toBe(304);
      expect(String(reload.headers['content-security-policy'] ?? '')).not.toContain("default-src 'none'");
      // The UI routes on the hash: any other path is no page of it, and says so with a 404.
      const unknown = await call(uiBase, 'GET', '/no/such/page', { headers: { accept: 'text/html' } });
      expect(unknown.status).toBe(404);
      expect(unknown.text).toContain('No page here');
      expect(unknown.text).toContain('<a href="/">Open the web UI</a>');
      expect(unknown.text).not.toContain('app.js');
    } finally {
      await ui.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
