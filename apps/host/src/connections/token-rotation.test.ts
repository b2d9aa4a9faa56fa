import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startIssuesSimulator } from '@c/issues/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { cliCommand, hostRoot } from '../test-support/cli.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';

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
    const before = (await first.store.connections.get('sandbox-issues'))!.credentials;
    // The access token has expired: the next call refreshes it (and the provider rotates the refresh token).
    await first.store.connections.updateCredentials('sandbox-issues', (current) => ({
      ...current,
      expiresAt: Date.now() - 1000,
    }));
    await first.runner.call('issues.searchTeams', { name: 'eng' });
    const after = (await first.store.connections.get('sandbox-issues'))!.credentials;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    await first.close();

    const second = await tempHost(await loadConnectors(['issues']), { dataDir: dir.path });
    try {
      expect((await second.store.connections.get('sandbox-issues'))!.credentials).toEqual(after);
      // Expire it again: this refresh can only succeed with the persisted refresh token (the old one is spent).
      await second.store.connections.updateCredentials('sandbox-issues', (current) => ({
        ...current,
        expiresAt: Date.now() - 1000,
      }));
      await expect(second.runner.call('issues.searchTeams', { name: 'eng' })).resolves.toBeDefined();
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
      fileURLToPath(new URL('../test-support/run-worker.ts', import.meta.url)),
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
    // Linear's token endpoint as simulated: every refresh rotates the refresh token and a spent one is
    // refused, so two refreshes racing on one token would leave the connection at needs_reconnect.
    const linear = await startIssuesSimulator({ seed: true, contracts: false });
    const data = tempDir();
    const workers: ReturnType<typeof startWorker>[] = [];
    try {
      const setup = await tempHost(await loadConnectors(['issues']), { dataDir: data.path });
      await setup.connections.create(
        {
          name: 'linear',
          connector: 'issues',
          credentials: linear.connection.credentials,
          options: linear.connection.options,
        },
        { verify: false },
      );
      workers.push(startWorker(data.path, 'issues'), startWorker(data.path, 'issues'));
      await Promise.all(workers.map((worker) => worker.ready));
      const refreshes = () =>
        linear.server.calls.filter(
          (call) => call.path === '/oauth/token' && call.bodyForm?.get('grant_type') === 'refresh_token',
        ).length;

      for (let round = 1; round <= 4; round += 1) {
        // The stored access token has expired: every run in both processes wants a new one at once.
        await setup.store.connections.updateCredentials('linear', (current) => ({
          ...current,
          expiresAt: Date.now() - 1000,
        }));
        const outcomes = await Promise.all(
          workers.map((worker) => worker.run('issues.searchTeams', 6, { name: 'eng' })),
        );
        expect(outcomes, `round ${round}`).toEqual([
          { ok: 6, errors: [] },
          { ok: 6, errors: [] },
        ]);
        expect(refreshes(), `round ${round}`).toBe(round);
        expect((await setup.connections.get('linear')).status).toBe('ok');
      }
      // The grant is intact: the last stored refresh token is the live one.
      await setup.store.connections.updateCredentials('linear', (current) => ({
        ...current,
        expiresAt: Date.now() - 1000,
      }));
      await expect(setup.runner.call('issues.searchTeams', { name: 'eng' })).resolves.toBeDefined();
      expect(refreshes()).toBe(5);
      await setup.close();
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await linear.close();
      data.remove();
    }
  }, 60_000);
});
