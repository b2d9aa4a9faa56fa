import { afterEach, describe, expect, it } from 'vitest';
import { things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve() {
  const host = await tempHost([things], { token: 'test-access-token-0123456789' });
  const app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(
    () => host.cleanup(),
    () => app.close(),
  );
  return { host, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

describe('GET /api/ready', () => {
  it('answers 200 without a token while the store can serve, and says which store', async () => {
    const { base } = await serve();
    const response = await call(base, 'GET', '/api/ready');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ ok: true, ready: true, store: 'sqlite' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once the store cannot serve, while liveness still answers 200', async () => {
    const { host, base } = await serve();
    await host.store.close();
    const response = await call(base, 'GET', '/api/ready');
    expect(response.status).toBe(503);
    expect(response.json).toEqual({
      ok: false,
      ready: false,
      store: 'sqlite',
      reason: 'the store is closed',
    });
    expect((await call(base, 'GET', '/api/health')).status).toBe(200);
  });
});
