import { afterEach, describe, expect, it } from 'vitest';
import { loadConnectors } from './connectors.js';
import { simulatorLoaders, startSandbox } from './sandbox.js';
import { tempDir, tempHost } from './test-support/temp-host.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('startSandbox', () => {
  it('connects to each seeded simulator, re-points its connections on the next start, and keeps a user default', async () => {
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
    const customers = (await host.connections.run('payments.getCustomers', { limit: 3 })) as {
      data: unknown[];
    };
    expect(customers.data).toHaveLength(3);
    await first.close();

    await host.store.create({
      name: 'mine',
      connector: 'payments',
      credentials: { apiKey: 'sk_test_x' },
      options: {},
      isDefault: true,
    });
    const second = await startSandbox(host);
    cleanups.push(() => second.close());
    expect(second.urls.payments).not.toBe(first.urls.payments);
    const view = await host.connections.get('sandbox-payments');
    expect(view.options.baseUrl).toBe(second.urls.payments);
    expect(view.isDefault).toBe(false);
    expect(
      await host.connections.run('payments.getCustomers', { limit: 1 }, { connection: 'sandbox-payments' }),
    ).toBeDefined();
  });

  it('leaves the other simulators running when one fails to start', async () => {
    const original = simulatorLoaders.analytics!;
    simulatorLoaders.analytics = async () => async () => {
      throw new Error('no schema here');
    };
    cleanups.push(() => {
      simulatorLoaders.analytics = original;
    });
    const host = await tempHost(await loadConnectors(['payments', 'analytics']));
    cleanups.push(() => host.cleanup());
    const sandbox = await startSandbox(host);
    cleanups.push(() => sandbox.close());
    expect(sandbox.failures).toEqual({ analytics: 'no schema here' });
    expect(Object.keys(sandbox.connections)).toEqual(['payments']);
  });
});
