// The whole route table, attacked without the token: every registered route (collected with Fastify's
// onRoute hook, so a route added tomorrow is attacked too) and every way of writing its path that a
// router or a careless check might read differently, sent byte for byte over a raw socket.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from '@c/core/testing';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { call, type RawResponse, rawRequest } from '../test-support/http.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

const TOKEN = 'route-attacks-token-0123456789abcdef';
const SOURCE_MAP = '{"version":3,"sources":["secret-source.ts"],"mappings":"AAAA"}';

let provider: TestServer;
let host: Awaited<ReturnType<typeof tempHost>>;
let web: ReturnType<typeof tempDir>;
let app: FastifyInstance;
let port: number;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  provider = await startFakeProvider();
  host = await tempHost([things], { token: TOKEN });
  await host.access.init();
  web = tempDir('c-host-web-');
  mkdirSync(join(web.path, 'assets'));
  writeFileSync(join(web.path, 'index.html'), '<!doctype html><title>ui</title><div id="root"></div>');
  writeFileSync(join(web.path, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
  writeFileSync(join(web.path, 'assets', 'app.js.map'), SOURCE_MAP);
  app = await createHttpServer({
    host,
    bind: '127.0.0.1',
    webDir: web.path,
    onRoute: (route) => routes.push(route),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  const created = await call(`http://127.0.0.1:${port}`, 'POST', '/api/connections', {
    headers: { authorization: `Bearer ${TOKEN}` },
    body: {
      name: 'main',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    },
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
  await provider.close();
  web.remove();
});

/** A value for each route parameter that would do something real if the request got through. */
const PARAMS: Record<string, string> = { id: 'things.getThing', name: 'main', connector: 'things' };

/** The body a request would carry to do harm on each route. */
function bodyFor(url: string): string | undefined {
  if (url === '/api/commands/:id/run') return JSON.stringify({ input: { thingId: 'th_1' } });
  if (url === '/api/connections') {
    return JSON.stringify({
      name: 'stolen',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
  }
  if (url === '/mcp') return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  return undefined;
}

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => PARAMS[name] ?? name);
}

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Ways of writing `path` that a router may take for it, or a check on the URL text may not. */
function tricks(path: string): string[] {
  const segments = path.split('/').slice(1);
  const withSegment = (index: number, value: string) =>
    `/${segments.map((segment, at) => (at === index ? value : segment)).join('/')}`;
  const out = new Set<string>();
  segments.forEach((segment, index) => {
    if (!segment) return;
    out.add(withSegment(index, hex(segment[0]!) + segment.slice(1)));
    out.add(withSegment(index, hex(segment[0]!).toUpperCase() + segment.slice(1)));
    out.add(withSegment(index, `%25${hex(segment[0]!).slice(1)}${segment.slice(1)}`));
    out.add(withSegment(index, segment.toUpperCase()));
    out.add(withSegment(index, segment[0]!.toUpperCase() + segment.slice(1)));
  });
  out.add(`/${segments.map((segment) => [...segment].map(hex).join('')).join('/')}`);
  out.add(`/${segments.join('%2F')}`);
  out.add(`/${segments.join('%2f')}`);
  out.add(`/${segments.join('//')}`);
  out.add(`//${segments.join('/')}`);
  out.add(`/./${segments.join('/')}`);
  out.add(`/${segments.join('/./')}`);
  out.add(`/${segments.join('/%2e/')}`);
  out.add(`/x/../${segments.join('/')}`);
  out.add(`/x/%2e%2e/${segments.join('/')}`);
  out.add(`/${segments.join('/x/../')}`);
  out.add(`/${segments.join('\\')}`);
  out.add(path.toUpperCase());
  out.add(`${path}.`);
  out.add(`${path}%2e`);
  out.add(`${path}/`);
  out.add(`${path}/.`);
  out.add(`${path};`);
  out.add(`${path};x=1`);
  out.add(`${path}%00`);
  out.add(`${path}%20`);
  out.add(`${path}#x`);
  out.add(`http://127.0.0.1:${port}${path}`);
  out.add(`HTTP://127.0.0.1:${port}${path}`);
  out.add(`http://evil.example${path}`);
  out.add(`//127.0.0.1:${port}${path}`);
  out.delete(path);
  return [...out];
}

function send(method: string, target: string, body: string | undefined, extra = ''): Promise<RawResponse> {
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    'Accept: application/json, text/event-stream',
  ];
  if (body !== undefined)
    head.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  return rawRequest(port, `${head.join('\r\n')}\r\n${extra}\r\n${body ?? ''}`);
}

/** Every registered method and concrete path, with whether its route is marked public. */
function table() {
  return routes.flatMap((route) =>
    [route.method].flat().map((method) => ({
      method: String(method),
      url: route.url,
      path: concrete(route.url),
      public: route.config?.public === true,
    })),
  );
}

async function stateOf() {
  return {
    calls: provider.calls.length,
    connections: (await host.connections.list()).map((view) => view.name),
  };
}

describe('the route table', () => {
  it('holds every surface, and only the sign-in, health, readiness, callback and UI routes are public', () => {
    const rows = table();
    const protectedUrls = new Set(rows.filter((row) => !row.public).map((row) => row.url));
    for (const url of [
      '/api/connections',
      '/api/commands/:id/run',
      '/api/commands',
      '/mcp',
      '/api/openapi.json',
      '/api/triggers',
      '/api/subscriptions',
      '/api/events',
      '/api/events/stream',
    ]) {
      expect(protectedUrls, url).toContain(url);
    }
    const publicRoutes = rows.filter((row) => row.public).map((row) => `${row.method} ${row.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        'DELETE /api/session',
        'GET /',
        'GET /api/health',
        'GET /api/ready',
        'GET /api/oauth/callback',
        'GET /assets/app.js',
        'GET /auth',
        // The icon every page asks for (no data in it).
        'GET /favicon.ico',
        'GET /favicon.svg',
        'GET /index.html',
        'HEAD /',
        'HEAD /api/health',
        'HEAD /api/ready',
        'HEAD /api/oauth/callback',
        'HEAD /assets/app.js',
        'HEAD /auth',
        'HEAD /favicon.ico',
        'HEAD /favicon.svg',
        'HEAD /index.html',
        'POST /api/session',
        // The webhook receiver: a delivery proves itself by the provider's signature, not a token.
        'POST /hooks/:id',
      ].sort(),
    );
  });

  it('answers 401 on every protected route without the token', async () => {
    for (const row of table().filter((entry) => !entry.public)) {
      const response = await send(row.method, row.path, bodyFor(row.url));
      expect(response.status, `${row.method} ${row.path}`).toBe(401);
    }
  });

  it('never lets a rewritten path reach a protected handler without the token', async () => {
    const before = await stateOf();
    const reached: string[] = [];
    const statuses = new Map<number, number>();
    for (const row of table().filter((entry) => !entry.public)) {
      for (const target of tricks(row.path)) {
        const response = await send(row.method, target, bodyFor(row.url));
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (![400, 401, 404].includes(response.status)) {
          reached.push(`${row.method} ${target} -> ${response.status} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(reached).toEqual([]);
    // Many rewrites do reach a protected route (the router decodes them): the guard is what stops them.
    expect(statuses.get(401) ?? 0).toBeGreaterThan(50);
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(500);
    expect(await stateOf()).toEqual(before);
  });

  it('never answers a public route with a 5xx, however its path is written', async () => {
    const failures: string[] = [];
    for (const row of table().filter((entry) => entry.public)) {
      for (const target of tricks(row.path)) {
        const response = await send(row.method, target, undefined);
        if (response.status === 0 || response.status >= 500)
          failures.push(`${row.method} ${target} -> ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an absolute-form request target with 400, even with the token', async () => {
    const response = await send(
      'GET',
      `http://127.0.0.1:${port}/api/connections`,
      undefined,
      `Authorization: Bearer ${TOKEN}\r\n`,
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).error).toMatchObject({ kind: 'validation', name: 'ValidationError' });
    expect(response.body).not.toContain('"main"');
  });

  it('does not list MCP tools on /%6dcp without the token', async () => {
    const response = await send('POST', '/%6dcp', bodyFor('/mcp'));
    expect(response.status).toBe(401);
    expect(response.body).not.toContain('things_getThing');
  });

  it('refuses a cross-site request to a protected route however its path is written, token or not', async () => {
    const before = await stateOf();
    const reached: string[] = [];
    for (const row of table().filter((entry) => !entry.public)) {
      for (const target of [row.path, ...tricks(row.path)]) {
        const response = await send(
          row.method,
          target,
          bodyFor(row.url),
          `Authorization: Bearer ${TOKEN}\r\nSec-Fetch-Site: cross-site\r\n`,
        );
        if (![400, 403, 404].includes(response.status))
          reached.push(`${row.method} ${target} -> ${response.status}`);
      }
    }
    expect(reached).toEqual([]);
    expect(await stateOf()).toEqual(before);
  });

  it('serves no source map, whatever the build left in the web folder', async () => {
    for (const target of ['/assets/app.js.map', '/assets/%61pp.js.map', '/assets/app.js.map/']) {
      const response = await send('GET', target, undefined);
      expect(response.status, target).toBe(404);
      expect(response.body).not.toContain('secret-source');
    }
  });
});
