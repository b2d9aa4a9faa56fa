import type { AmplitudeSandbox } from '@c/analytics/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOf } from '../observability/request-context.js';
import { call, rawRequest } from '../test-support/http.js';
import { holdOnce, hostWithAmplitude, listenOn } from '../test-support/runs.js';
import type { tempHost } from '../test-support/temp-host.js';

// POST /api/runs/{id}/cancel attacked with a real run in flight: a cancel that got through would
// cut the export off, so each refused request must leave the run running. Sent byte for byte, so the
// Host, Origin and Sec-Fetch-Site headers are exactly what a rebinding page or a cross-site form sends.

const TOKEN = 'runs-cancel-attacks-token-0123456789abcdef';
const EXPORT = { start: '20240101T00', end: '20240101T05', maxEvents: 50 };

let amplitude: AmplitudeSandbox;
let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let port: number;
let base: string;

beforeAll(async () => {
  ({ amplitude, host } = await hostWithAmplitude({ export: { events: 50 } }, { token: TOKEN }));
  ({ app, port, base } = await listenOn(host));
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
  await amplitude.close();
});

function cancel(id: string, headers: string[], query = '') {
  const head = [
    `POST /api/runs/${id}/cancel${query} HTTP/1.1`,
    'Connection: close',
    'Content-Length: 0',
    ...headers,
  ];
  return rawRequest(port, `${head.join('\r\n')}\r\n\r\n`);
}

const status = async (id: string) =>
  (await call(base, 'GET', `/api/runs/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json.status;

describe('POST /api/runs/{id}/cancel under attack', () => {
  it('refuses every request without the token, cross-site or to a foreign Host, and audits the one allowed', async () => {
    const held = holdOnce(amplitude.server, 'get', '*/api/2/export');
    const accepted = await call(base, 'POST', '/api/runs', {
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { command: 'analytics.exportData', input: EXPORT },
    });
    expect(accepted.status).toBe(202);
    const { id } = accepted.json;
    await held.arrived;
    expect(await status(id)).toBe('running');

    const own = `Host: 127.0.0.1:${port}`;
    const bearer = `Authorization: Bearer ${TOKEN}`;
    const attacks: [string, string[], string, number][] = [
      ['no token', [own], '', 401],
      ['a wrong token', [own, `Authorization: Bearer ${TOKEN.slice(0, -1)}x`], '', 401],
      ['the token in the query string', [own], `?token=${TOKEN}`, 401],
      ['the token as access_token', [own], `?access_token=${TOKEN}`, 401],
      ['a cross-site request with the token', [own, bearer, 'Sec-Fetch-Site: cross-site'], '', 403],
      ['a foreign Origin with the token', [own, bearer, 'Origin: http://evil.example'], '', 403],
      ['a null Origin with the token', [own, bearer, 'Origin: null'], '', 403],
    ];
    for (const [name, headers, query, expected] of attacks) {
      const response = await cancel(id, headers, query);
      expect(response.status, name).toBe(expected);
      expect(JSON.parse(response.body).error.kind, name).toBe(expected === 401 ? 'auth' : 'permission');
      expect(await status(id), name).toBe('running');
    }
    // DNS rebinding: a page on evil.example resolved to loopback sends its own name as Host.
    const rebound = await cancel(id, ['Host: evil.example', bearer]);
    expect(rebound.status).toBeGreaterThanOrEqual(400);
    expect(rebound.status).toBeLessThan(500);
    expect(await status(id)).toBe('running');
    expect(
      (await host.store.audit.listAudit({ limit: 50 })).filter((entry) => entry.action === 'run.cancel'),
    ).toEqual([]);

    const allowed = await cancel(id, [own, bearer, 'Sec-Fetch-Site: same-origin', `Origin: ${base}`]);
    expect(allowed.status).toBe(202);
    await held.aborted;
    held.release();
    const audit = (await host.store.audit.listAudit({ limit: 50 })).filter(
      (entry) => entry.action === 'run.cancel',
    );
    expect(audit).toMatchObject([
      { target: id, actor: actorOf('token', TOKEN), connection: 'amp', outcome: 'ok' },
    ]);
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
  });
});
