import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

// By default the guessing throttle counts in the host's store: two `serve` processes on one data
// directory (or a server restarted mid-window) must not give a guesser twice the tries.

const TOKEN = 'test-access-token-throttle-store-0123456789';
const dir = tempDir();
const hosts: Awaited<ReturnType<typeof tempHost>>[] = [];
const apps: FastifyInstance[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  for (const host of hosts) await host.cleanup();
  dir.remove();
});

/** A server with the default throttle on its own host (as a process of its own) on the shared data directory. */
async function serve(): Promise<{ base: string; app: FastifyInstance }> {
  const host = await tempHost([things], { token: TOKEN, dataDir: dir.path });
  hosts.push(host);
  await host.access.init();
  const app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, app };
}

async function attempt(base: string, from: string, token: string) {
  return call(base, 'GET', '/api/connections', {
    localAddress: from,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('the guessing throttle on the embedded store', () => {
  it('counts a client’s wrong tokens together on every server of one data directory, across a restart', async () => {
    const [one, two] = [await serve(), await serve()];
    const guesser = '127.0.0.21';
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      statuses.push((await attempt((index % 2 ? two : one).base, guesser, `wrong-${index}`)).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    // Five on each: alone, neither would have blocked it. Now both refuse even the right token.
    for (const server of [one, two]) {
      const refused = await attempt(server.base, guesser, TOKEN);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // A server started afresh on the same directory remembers it too.
    await one.app.close();
    const three = await serve();
    expect((await attempt(three.base, guesser, TOKEN)).status).toBe(429);
    // Another client is let in.
    expect((await attempt(three.base, '127.0.0.22', TOKEN)).status).toBe(200);
  });
});
