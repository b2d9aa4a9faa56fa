import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

// GET /api/sandbox shows the sandbox's keys (they are not secrets) so that a person can use the
// sandbox from a program; a real connection's credentials on the same host must never appear there.

const TOKEN = 'sandbox-route-token-0123456789abcdef';
const REAL_KEY = 'sk_live_realConnectionKeyNeverShownHere';

let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox | undefined;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  host = await tempHost(await loadConnectors(['payments', 'issues']), { token: TOKEN });
  await host.access.init();
  await host.connections.create(
    { name: 'mine', connector: 'payments', credentials: { apiKey: REAL_KEY } },
    { verify: false },
  );
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await host?.cleanup();
});

const get = (path: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  call(base, 'GET', path, { headers });

describe('GET /api/sandbox', () => {
  it('is empty before a sandbox ran, and needs the token', async () => {
    expect((await get('/api/sandbox', {})).status).toBe(401);
    const none = await get('/api/sandbox');
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ running: false, simulators: [] });
  });

  it("shows each simulator's base URL and the variables to paste, its keys included, never a real connection's", async () => {
    sandbox = await startSandbox(host);
    const shown = await get('/api/sandbox');
    expect(shown.status).toBe(200);
    expect(shown.json.running).toBe(true);
    const payments = shown.json.simulators.find(
      (entry: { connector: string }) => entry.connector === 'payments',
    );
    const connection = (await host.store.connections.list()).find(
      (record) => record.name === 'sandbox-payments',
    );
    expect(payments).toEqual({
      connector: 'payments',
      connection: 'sandbox-payments',
      baseUrl: connection?.options.baseUrl,
      env: expect.objectContaining({
        C_PAYMENTS_API_KEY: connection?.credentials.apiKey,
        C_PAYMENTS_BASE_URL: connection?.options.baseUrl,
      }),
    });
    expect(payments.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    expect(shown.json.simulators.map((entry: { connector: string }) => entry.connector).sort()).toEqual([
      'issues',
      'payments',
    ]);
    expect(shown.text).not.toContain(REAL_KEY);
    expect(shown.text).not.toContain('"mine"');
  });

  it('keeps showing the keys it will use again once the sandbox stopped, marked not running', async () => {
    await sandbox?.close();
    sandbox = undefined;
    const stopped = await get('/api/sandbox');
    expect(stopped.json.running).toBe(false);
    expect(stopped.json.simulators.length).toBe(2);
  });
});
