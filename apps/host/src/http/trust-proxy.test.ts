import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';
import { GuessThrottle } from './throttle.js';

// The guessing throttle counts by `request.ip`. Behind a load balancer every request comes from the
// balancer, so without `trustProxy` one guesser locks everyone out; with `X-Forwarded-For` believed
// from anyone, a guesser names a fresh address per guess. These attacks run over real sockets from
// distinct loopback addresses: 127.0.0.10 plays the balancer, the others direct clients.

const TOKEN = 'test-access-token-trust-proxy-0123456789';
const PROXY = '127.0.0.10';
const LIMIT = 3;
let host: Awaited<ReturnType<typeof tempHost>>;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  host = await tempHost([things], { token: TOKEN });
  await host.access.init();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await host.cleanup();
});

/** A server with a throttle of its own (3 wrong tokens a minute), trusting `trustProxy`. */
async function serve(trustProxy?: string[]): Promise<string> {
  const app = await createHttpServer({
    host,
    bind: '127.0.0.1',
    webDir: '/nonexistent',
    throttle: new GuessThrottle({ limit: LIMIT }),
    ...(trustProxy ? { trustProxy } : {}),
  });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** GET /api/connections from `from` with a bearer token and an `X-Forwarded-For`, if any. */
async function guess(base: string, from: string, token: string, forwardedFor?: string) {
  const response = await call(base, 'GET', '/api/connections', {
    localAddress: from,
    headers: {
      authorization: `Bearer ${token}`,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
  });
  return response.status;
}

describe('the guessing throttle behind a load balancer', () => {
  it('without --trust-proxy, a guesser rotating X-Forwarded-For is still counted by its own address', async () => {
    const base = await serve();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT + 1; attempt += 1) {
      statuses.push(await guess(base, '127.0.0.20', `wrong-${attempt}`, `198.51.100.${attempt + 1}`));
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
    // Even the right token with yet another forged address is refused unchecked.
    expect(await guess(base, '127.0.0.20', TOKEN, '198.51.100.200')).toBe(429);
    // The header is not what is counted: another peer naming the same address gets in.
    expect(await guess(base, '127.0.0.21', TOKEN, '198.51.100.1')).toBe(200);
  });

  it('with --trust-proxy, two clients behind the proxy are throttled apart: one guesser does not lock out the other', async () => {
    const base = await serve([PROXY]);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect(await guess(base, PROXY, `wrong-${attempt}`, '198.51.100.1')).toBe(401);
    }
    expect(await guess(base, PROXY, TOKEN, '198.51.100.1')).toBe(429);
    expect(await guess(base, PROXY, TOKEN, '198.51.100.2')).toBe(200);
  });

  it('with --trust-proxy, a client cannot escape by sending its own X-Forwarded-For through the proxy', async () => {
    const base = await serve([PROXY]);
    // nginx's `$proxy_add_x_forwarded_for` appends the address it saw to whatever the client sent:
    // only that last entry is the proxy's word, the forged ones before it are ignored.
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect(await guess(base, PROXY, `wrong-${attempt}`, `203.0.113.${attempt + 1}, 198.51.100.3`)).toBe(
        401,
      );
    }
    expect(await guess(base, PROXY, TOKEN, '203.0.113.99, 198.51.100.3')).toBe(429);
  });

  it('with --trust-proxy, X-Forwarded-For from a peer that is not a listed proxy is ignored', async () => {
    const base = await serve([PROXY]);
    // The attacker connects directly, forging a victim's address: it spends its own budget only.
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect(await guess(base, '127.0.0.30', `wrong-${attempt}`, '198.51.100.9')).toBe(401);
    }
    expect(await guess(base, '127.0.0.30', TOKEN, `198.51.100.${LIMIT + 50}`)).toBe(429);
    // The victim, really behind the proxy at that address, is not locked out.
    expect(await guess(base, PROXY, TOKEN, '198.51.100.9')).toBe(200);
  });

  it("reads the host's configuration (C_HOST_TRUST_PROXY) when no list is passed", async () => {
    const configured = await tempHost([things], {
      token: TOKEN,
      env: { C_HOST_TRUST_PROXY: `${PROXY}/32` },
    });
    try {
      await configured.access.init();
      const app = await createHttpServer({
        host: configured,
        bind: '127.0.0.1',
        webDir: '/nonexistent',
        throttle: new GuessThrottle({ limit: LIMIT }),
      });
      apps.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      for (let attempt = 0; attempt < LIMIT; attempt += 1) {
        await guess(base, PROXY, `wrong-${attempt}`, '198.51.100.1');
      }
      expect(await guess(base, PROXY, TOKEN, '198.51.100.2')).toBe(200);
    } finally {
      await configured.cleanup();
    }
  });
});

describe('c-host serve --trust-proxy', () => {
  it('refuses an entry that is not an address or a range (exit 2, naming trust-proxy) before listening', async () => {
    const dir = tempDir();
    try {
      const cases: [string[], Record<string, string>, string][] = [
        [['--trust-proxy', '10.0.0.1,*'], {}, '"*"'],
        [[], { C_HOST_TRUST_PROXY: 'true' }, '"true"'],
      ];
      for (const [flags, env, named] of cases) {
        const result = await runCli(['serve', '--no-open', '--port', '0', ...flags], {
          env: { C_HOST_DATA_DIR: dir.path, ...env },
        });
        expect(result.code).toBe(2);
        expect(result.error).toMatchObject({ kind: 'validation', parameter: 'trust-proxy' });
        expect(result.error.message).toContain(named);
        expect(result.stdout).not.toContain('http://');
      }
    } finally {
      dir.remove();
    }
  });
});
