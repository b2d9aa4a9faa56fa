import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from './connectors.js';
import { type Sandbox, startSandbox } from './sandbox.js';
import { tempDir, tempHost } from './test-support/temp-host.js';

const dir = tempDir();
let sandbox: Sandbox;

beforeAll(async () => {
  const host = await tempHost(await loadConnectors(['issues']), { dataDir: dir.path });
  sandbox = await startSandbox(host);
  await host.close();
});

afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

describe('rotated OAuth tokens', () => {
  it('are written back to the store when core refreshes them, and survive a restart', async () => {
    const first = await tempHost(await loadConnectors(['issues']), { dataDir: dir.path });
    const before = (await first.store.get('sandbox-issues'))!.credentials;
    // The access token has expired: the next call refreshes it (and the provider rotates the refresh token).
    await first.store.updateCredentials('sandbox-issues', (current) => ({
      ...current,
      expiresAt: Date.now() - 1000,
    }));
    await first.connections.run('issues.searchTeams', { name: 'eng' });
    const after = (await first.store.get('sandbox-issues'))!.credentials;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    await first.close();

    const second = await tempHost(await loadConnectors(['issues']), { dataDir: dir.path });
    try {
      expect((await second.store.get('sandbox-issues'))!.credentials).toEqual(after);
      // Expire it again: this refresh can only succeed with the persisted refresh token (the old one is spent).
      await second.store.updateCredentials('sandbox-issues', (current) => ({
        ...current,
        expiresAt: Date.now() - 1000,
      }));
      await expect(second.connections.run('issues.searchTeams', { name: 'eng' })).resolves.toBeDefined();
      expect((await second.connections.get('sandbox-issues')).status).toBe('ok');
    } finally {
      await second.close();
    }
  });
});
