import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startDocsSimulator } from '@c/docs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from './connectors.js';
import { type Sandbox, startSandbox } from './sandbox.js';
import { cliCommand, hostRoot } from './test-support/cli.js';
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

/** A host in its own process on a shared data directory (see test-support/run-worker.ts). */
function startWorker(dataDir: string, connectors: string) {
  const child = spawn(
    process.execPath,
    [
      ...cliCommand.args.slice(0, -1),
      fileURLToPath(new URL('./test-support/run-worker.ts', import.meta.url)),
      dataDir,
      connectors,
    ],
    {
      cwd: hostRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the worker process ended');
    return line.value;
  };
  return {
    ready: next(),
    async run(command: string, count: number, input: unknown): Promise<{ ok: number; errors: unknown[] }> {
      child.stdin.write(`${command} ${count} ${JSON.stringify(input)}\n`);
      return JSON.parse(await next());
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('close', () => resolve());
        child.stdin.end();
      }),
  };
}

describe('OAuth refresh across processes on one data directory', () => {
  it('refreshes once at the provider however many runs in two processes find the token expired', async () => {
    // Google's token endpoint as simulated: refresh tokens rotate, and reusing a retired one revokes the grant.
    const google = await startDocsSimulator({ seed: true, contracts: false });
    const data = tempDir();
    const workers: ReturnType<typeof startWorker>[] = [];
    try {
      const setup = await tempHost(await loadConnectors(['docs']), { dataDir: data.path });
      await setup.connections.create(
        {
          name: 'drive',
          connector: 'docs',
          credentials: google.connection.credentials,
          options: google.connection.options,
        },
        { verify: false },
      );
      workers.push(startWorker(data.path, 'docs'), startWorker(data.path, 'docs'));
      await Promise.all(workers.map((worker) => worker.ready));
      const refreshes = () =>
        google.server.calls.filter(
          (call) => call.path === '/token' && call.bodyForm?.get('grant_type') === 'refresh_token',
        ).length;

      for (let round = 1; round <= 4; round += 1) {
        // The stored access token has expired: every run in both processes wants a new one at once.
        await setup.store.updateCredentials('drive', (current) => ({
          ...current,
          expiresAt: Date.now() - 1000,
        }));
        const outcomes = await Promise.all(
          workers.map((worker) => worker.run('docs.searchDocuments', 6, { name: 'sync' })),
        );
        expect(outcomes, `round ${round}`).toEqual([
          { ok: 6, errors: [] },
          { ok: 6, errors: [] },
        ]);
        expect(refreshes(), `round ${round}`).toBe(round);
        expect((await setup.connections.get('drive')).status).toBe('ok');
      }
      // The grant is intact: the last stored refresh token is the live one.
      await setup.store.updateCredentials('drive', (current) => ({
        ...current,
        expiresAt: Date.now() - 1000,
      }));
      await expect(setup.connections.run('docs.searchDocuments', { name: 'sync' })).resolves.toBeDefined();
      expect(refreshes()).toBe(5);
      await setup.close();
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await google.close();
      data.remove();
    }
  }, 60_000);
});
