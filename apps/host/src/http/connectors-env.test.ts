import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

// GET /api/connectors lists, for each connector, the environment variables a connection can be made
// from. With every one of them set in the host's own environment (as on a machine where the CLI is
// used), the listing must name the variables and what they fill, never carry what they hold.

const TOKEN = 'connectors-env-token-0123456789abcdef';

let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let base: string;
const planted = new Map<string, string>();
let connectors: Awaited<ReturnType<typeof loadConnectors>>;

beforeAll(async () => {
  connectors = await loadConnectors();
  for (const connector of connectors) {
    for (const name of Object.keys(connector.env ?? {})) {
      const value = `planted-${name.toLowerCase()}-0123456789`;
      planted.set(name, value);
      vi.stubEnv(name, value);
    }
  }
  host = await tempHost(connectors, { token: TOKEN });
  await host.access.init();
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await app.close();
  await host.cleanup();
});

describe('GET /api/connectors env', () => {
  it('names each variable and what it fills, and never carries a value set in the environment', async () => {
    // Every connector declares some, or the attack below would prove nothing.
    expect(planted.size).toBeGreaterThanOrEqual(4);
    const response = await call(base, 'GET', '/api/connectors', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    for (const summary of response.json as { id: string; env: Record<string, string> }[]) {
      const declared = connectors.find((connector) => connector.id === summary.id)?.env ?? {};
      expect(summary.env, summary.id).toEqual(declared);
      for (const target of Object.values(summary.env)) {
        expect(target, summary.id).toMatch(/^(credentials\.)?[A-Za-z][\w.]*$/);
      }
    }
    for (const [name, value] of planted) expect(response.text, name).not.toContain(value);
  });
});
