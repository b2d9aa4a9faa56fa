import { afterEach, describe, expect, it } from 'vitest';
import { AccessControl } from './access.js';
import { runCli } from './test-support/cli.js';
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
    expect(await host.store.getSetting('access_token_sha256')).not.toContain(token);

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
    expect(await host.store.getSetting('access_token_sha256')).toBeUndefined();
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

  it('c-host token prints a new token that the data directory then accepts', async () => {
    const host = await tempHost([]);
    hosts.push(host);
    const result = await runCli(['token'], { env: { C_HOST_DATA_DIR: host.dataDir } });
    expect(result.code).toBe(0);
    expect(await host.access.checkToken(result.json.token)).toBe(true);
  });
});
