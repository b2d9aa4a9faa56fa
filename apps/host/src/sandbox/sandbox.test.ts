import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Connector } from '@c/core';
import { defineSimulator } from '@c/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { runCli, startCli } from '../test-support/cli.js';
import { things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';
import { startSandbox } from './sandbox.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('startSandbox', () => {
  it('connects to each seeded simulator, on the same port at the next start, and keeps a user default', async () => {
    const dir = tempDir();
    cleanups.push(() => dir.remove());
    const connectors = await loadConnectors(['payments']);
    const host = await tempHost(connectors, { dataDir: dir.path });
    cleanups.push(() => host.cleanup());

    const first = await startSandbox(host);
    cleanups.push(() => first.close());
    expect(first.connections).toEqual({ payments: 'sandbox-payments' });
    expect(await host.connections.get('sandbox-payments')).toMatchObject({
      sandbox: true,
      isDefault: true,
      options: { baseUrl: first.urls.payments },
    });
    const customers = (await host.runner.call('payments.getCustomers', { limit: 3 })) as {
      data: unknown[];
    };
    expect(customers.data).toHaveLength(3);
    await first.close();

    await host.store.connections.create({
      name: 'mine',
      connector: 'payments',
      credentials: { apiKey: 'sk_test_x' },
      options: {},
      isDefault: true,
    });
    const second = await startSandbox(host);
    cleanups.push(() => second.close());
    // The same address: a base URL copied from the connection (a snippet, a client) still works.
    expect(second.urls.payments).toBe(first.urls.payments);
    expect(second.notes).toEqual([]);
    const view = await host.connections.get('sandbox-payments');
    expect(view.options.baseUrl).toBe(second.urls.payments);
    expect(view.isDefault).toBe(false);
    expect(
      await host.runner.call('payments.getCustomers', { limit: 1 }, { connection: 'sandbox-payments' }),
    ).toBeDefined();
  });

  it('leaves the other simulators running when one fails to start or simulates another provider', async () => {
    const broken: Connector = {
      ...things,
      id: 'broken',
      simulator: async () =>
        defineSimulator({
          connectorId: 'broken',
          speaks: 'nothing',
          start: async () => {
            throw new Error('no schema here');
          },
        }),
    };
    // Declares the simulator of `things`: wiring it to this connector's connection would be wrong.
    const impostor: Connector = { ...things, id: 'impostor' };
    const host = await tempHost([...(await loadConnectors(['payments'])), broken, impostor]);
    cleanups.push(() => host.cleanup());
    const sandbox = await startSandbox(host);
    cleanups.push(() => sandbox.close());
    expect(sandbox.failures).toEqual({
      broken: 'no schema here',
      impostor: 'The simulator of impostor simulates things',
    });
    expect(Object.keys(sandbox.connections)).toEqual(['payments']);
    expect(await host.store.connections.get('sandbox-impostor')).toBeUndefined();
  });
});

describe('one sandbox per data directory', () => {
  it('refuses to take over the sandbox of a process that still runs, and passes over one that died', async () => {
    const host = await tempHost(await loadConnectors(['payments']));
    cleanups.push(() => host.cleanup());
    const first = await startSandbox(host);
    const pointed = (await host.store.connections.get('sandbox-payments'))!.options;
    await first.close();

    // Another process (here: the one that started this test) runs its sandbox on this data directory.
    await host.store.settings.setSetting(
      'sandbox_owner',
      JSON.stringify({ pid: process.ppid, instance: 'other' }),
    );
    const refused = await startSandbox(host).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'validation', parameter: 'sandbox' });
    expect((refused as Error).message).toContain(`pid ${process.ppid}`);
    expect((await host.store.connections.get('sandbox-payments'))!.options).toEqual(pointed);

    // That process was killed without letting go: its claim is stale.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await host.store.settings.setSetting('sandbox_owner', JSON.stringify({ pid: dead, instance: 'gone' }));
    const next = await startSandbox(host);
    cleanups.push(() => next.close());
    expect((await host.store.connections.get('sandbox-payments'))!.options.baseUrl).toBe(next.urls.payments);
    await next.close();
    expect(await host.store.settings.getSetting('sandbox_owner')).toBeUndefined();
  });

  it('a second serve --sandbox on the same data directory is refused and leaves the first one whole', async () => {
    const dir = tempDir();
    cleanups.push(() => dir.remove());
    // World-readable: the files inside must be owner-only all the same.
    chmodSync(dir.path, 0o755);
    const env = { C_HOST_DATA_DIR: dir.path };
    const first = startCli(['serve', '--sandbox', '--port', '0', '--no-open'], env);
    cleanups.push(async () => {
      await first.stop();
    });
    await first.waitFor(/\/auth\?token=/);
    const serverFile = join(dir.path, 'server.json');
    const recorded = readFileSync(serverFile, 'utf8');
    for (const file of readdirSync(dir.path))
      expect(statSync(join(dir.path, file)).mode & 0o777, file).toBe(0o600);
    const connections = async () => {
      const host = await tempHost([], { dataDir: dir.path });
      try {
        return (await host.store.connections.list()).map((record) => [record.name, record.options]);
      } finally {
        await host.close();
      }
    };
    const before = await connections();

    const second = await runCli(['serve', '--sandbox', '--port', '0', '--no-open'], { env });
    expect(second.code).toBe(2);
    expect(second.error).toMatchObject({ kind: 'validation', parameter: 'sandbox' });
    expect(second.error.message).toMatch(/another c-host \(pid \d+, `serve --sandbox` or `mcp --sandbox`\)/);
    expect(await connections()).toEqual(before);
    expect(readFileSync(serverFile, 'utf8')).toBe(recorded);

    // A second plain serve beside it neither takes the record nor removes it when it stops.
    const plain = startCli(['serve', '--port', '0', '--no-open'], env);
    const [, plainUrl] = await plain.waitFor(/(http:\/\/127\.0\.0\.1:\d+)\/auth\?token=/);
    // Once it answers, it has finished starting (its SIGTERM handler included).
    expect((await call(plainUrl!, 'GET', '/api/health')).status).toBe(200);
    expect(readFileSync(serverFile, 'utf8')).toBe(recorded);
    expect(await plain.stop()).toBe(0);
    expect(readFileSync(serverFile, 'utf8')).toBe(recorded);

    expect(await first.stop()).toBe(0);
    expect(existsSync(serverFile)).toBe(false);
  }, 90_000);
});
