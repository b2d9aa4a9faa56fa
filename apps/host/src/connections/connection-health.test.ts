import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { tempHost } from '../test-support/temp-host.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a connection whose last check failed', () => {
  it('is listed as check_failed with the reason until a check succeeds', async () => {
    const host = await tempHost([things]);
    cleanups.push(() => host.cleanup());
    const provider = await startFakeProvider();
    await host.connections.create({
      name: 'shop',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
    expect((await host.connections.test('shop')).status).toBe('ok');
    await provider.close();

    const failure = await host.connections.test('shop').catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'network' });
    const failed = await host.connections.get('shop');
    expect(failed.status).toBe('check_failed');
    expect(failed.statusMessage).toMatch(/^The check of \d{4}-\d{2}-\d{2}T[\d:.]+Z failed: /);
    expect((await host.connections.list()).find((view) => view.name === 'shop')?.status).toBe('check_failed');

    const back = await startFakeProvider({ port: Number(new URL(provider.url).port) });
    cleanups.push(() => back.close());
    const passed = await host.connections.test('shop');
    expect(passed.status).toBe('ok');
    expect(passed.statusMessage).toBeUndefined();
  });

  it('forgets a failed check when the connection is removed, so a new one of that name starts clean', async () => {
    const host = await tempHost([things]);
    cleanups.push(() => host.cleanup());
    const input = { name: 'shop', connector: 'things', credentials: { apiKey: FAKE_KEY }, options: {} };
    await host.connections.create(input, { verify: false });
    await expect(host.connections.test('shop')).rejects.toMatchObject({ kind: 'network' });
    await host.connections.remove('shop');
    await host.connections.create(input, { verify: false });
    expect((await host.connections.get('shop')).status).toBe('ok');
  });
});
