import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { things } from '../test-support/fake-connector.js';
import { rawRequest } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

// Every protected route of the table (collected with onRoute, so a route added tomorrow is checked
// too), written exactly as it is registered and sent with the right token, from another site. The
// answer must be the guard's own 403: a handler's 404 or 409 would mean the request got through and
// only failed for want of a real id (an unguarded cancel of a real run would succeed).

const TOKEN = 'route-table-origin-token-0123456789abcdef';
const PARAMS: Record<string, string> = { id: 'x', name: 'main', connector: 'things' };

let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let port: number;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  host = await tempHost([things], { token: TOKEN });
  await host.access.init();
  app = await createHttpServer({
    host,
    bind: '127.0.0.1',
    webDir: '/nonexistent',
    onRoute: (route) => routes.push(route),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
});

function protectedRows() {
  return routes
    .filter((route) => route.config?.public !== true)
    .flatMap((route) =>
      [route.method].flat().map((method) => ({
        method: String(method),
        path: route.url.replace(/:(\w+)/g, (_match, name: string) => PARAMS[name] ?? name),
      })),
    );
}

async function send(method: string, path: string, extra: string[]) {
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    `Authorization: Bearer ${TOKEN}`,
    ...(method === 'GET' || method === 'HEAD' ? [] : ['Content-Type: application/json', 'Content-Length: 2']),
    ...extra,
  ];
  const body = method === 'GET' || method === 'HEAD' ? '' : '{}';
  return rawRequest(port, `${head.join('\r\n')}\r\n\r\n${body}`);
}

describe('every protected route, from another site with the token', () => {
  it('is refused by the guard (403) for Sec-Fetch-Site: cross-site and for a foreign Origin', async () => {
    const rows = protectedRows();
    expect(rows.map((row) => `${row.method} ${row.path}`)).toContain('POST /api/runs/x/cancel');
    const through: string[] = [];
    for (const row of rows) {
      for (const extra of [['Sec-Fetch-Site: cross-site'], ['Origin: https://evil.example']]) {
        const response = await send(row.method, row.path, extra);
        if (response.status !== 403)
          through.push(`${row.method} ${row.path} ${extra[0]} -> ${response.status}`);
      }
    }
    expect(through).toEqual([]);
  });
});
