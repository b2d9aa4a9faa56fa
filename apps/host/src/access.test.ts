import { afterEach, describe, expect, it } from 'vitest';
import { AccessControl } from './access.js';
import { createHttpServer } from './http/server.js';
import { runCli } from './test-support/cli.js';
import { call, cookieFrom } from './test-support/http.js';
import { tempHost } from './test-support/temp-host.js';

const hosts: Awaited<ReturnType<typeof tempHost>>[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.cleanup()));
});

describe('AccessControl', () => {
  it('generates a token once, keeps only its hash, and a rotation replaces it', async () => {
    const host = await tempHost([]);
    hosts.push(host);
    const token = (await host.access.init())!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await host.access.init()).toBeUndefined();
    expect(await host.access.checkToken(token)).toBe(true);
    expect(await host.access.checkToken(`${token}x`)).toBe(false);
    expect(await host.access.checkToken(undefined)).toBe(false);
    expect(await host.store.settings.getSetting('access_token_sha256')).not.toContain(token);

    // Another process (`c-host token`) rotates it: this one sees the new token at once.
    const other = new AccessControl(host.store);
    const next = await other.rotate();
    expect(await host.access.checkToken(token)).toBe(false);
    expect(await host.access.checkToken(next)).toBe(true);
  });

  it('uses an explicit token without storing it', async () => {
    const host = await tempHost([], { token: 'explicit-token-123456' });
    hosts.push(host);
    expect(await host.access.init()).toBeUndefined();
    expect(await host.access.checkToken('explicit-token-123456')).toBe(true);
    expect(await host.store.settings.getSetting('access_token_sha256')).toBeUndefined();
  });

  it('keeps sessions until they end, and login tokens work once', async () => {
    const host = await tempHost([]);
    hosts.push(host);
    const session = await host.access.createSession();
    expect(await host.access.checkSession(session)).toBe(true);
    await host.access.endSession(session);
    expect(await host.access.checkSession(session)).toBe(false);
    const login = await host.access.createLoginToken();
    expect(await host.access.redeemLoginToken(login)).toBe(true);
    expect(await host.access.redeemLoginToken(login)).toBe(false);
  });

  it('ends every session and sign-in link made under the old token when the token changes', async () => {
    const host = await tempHost([]);
    hosts.push(host);
    await host.access.init();
    const session = await host.access.createSession();
    const link = await host.access.createLoginToken();
    expect(await host.access.checkSession(session)).toBe(true);
    // Rotated by another process sharing the store (`c-host token`, another instance).
    await new AccessControl(host.store).rotate();
    expect(await host.access.checkSession(session)).toBe(false);
    expect(await host.access.redeemLoginToken(link)).toBe(false);
    const after = await host.access.createSession();
    expect(await host.access.checkSession(after)).toBe(true);

    // Under an explicit token, a rotation still ends the sessions, and so does another explicit token.
    const explicit = new AccessControl(host.store, { token: 'explicit-token-0123456789abcdef' });
    const pinned = await explicit.createSession();
    expect(await explicit.checkSession(pinned)).toBe(true);
    expect(
      await new AccessControl(host.store, { token: 'another-token-0123456789abcdef' }).checkSession(pinned),
    ).toBe(false);
    await host.access.rotate();
    expect(await explicit.checkSession(pinned)).toBe(false);
  });

  it('c-host token signs out a browser: its session cookie works before, 401 after', async () => {
    const host = await tempHost([]);
    hosts.push(host);
    const token = (await host.access.init())!;
    const app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address() as { port: number };
      const base = `http://127.0.0.1:${address.port}`;
      const signIn = await call(base, 'POST', '/api/session', { body: { token } });
      expect(signIn.status).toBe(200);
      const cookie = cookieFrom(signIn, `c_host_session_${address.port}=`)!;
      const link = await host.access.createLoginToken();
      expect((await call(base, 'GET', '/api/connections', { headers: { cookie } })).status).toBe(200);

      const rotated = await runCli(['token'], { env: { C_HOST_DATA_DIR: host.dataDir } });
      expect(rotated.code).toBe(0);

      expect((await call(base, 'GET', '/api/connections', { headers: { cookie } })).status).toBe(401);
      expect((await call(base, 'GET', `/auth?token=${link}`)).status).toBe(401);
      const bearer = { authorization: `Bearer ${rotated.json.token}` };
      expect((await call(base, 'GET', '/api/connections', { headers: bearer })).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 30_000);

  it('c-host token prints a new token that the data directory then accepts', async () => {
    const host = await tempHost([]);
    hosts.push(host);
    const result = await runCli(['token'], { env: { C_HOST_DATA_DIR: host.dataDir } });
    expect(result.code).toBe(0);
    expect(await host.access.checkToken(result.json.token)).toBe(true);
  });
});
