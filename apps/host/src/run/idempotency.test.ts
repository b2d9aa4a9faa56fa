import type { TestServer } from '@c/core/testing';
import { type PaymentsSandbox, startPaymentsSimulator } from '@c/payments/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { SqliteHostStore } from '../store/sqlite-store.js';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';
import { IDEMPOTENCY_TTL_MS, IdempotencyLedger } from './idempotency.js';

// Callers' idempotency keys as the host keeps them: in its store, across processes and restarts.
// Two hosts on one data directory stand for two processes (each opens the store on its own).

let provider: TestServer;
const opened: Awaited<ReturnType<typeof tempHost>>[] = [];
const dirs: ReturnType<typeof tempDir>[] = [];

beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(() => provider.close());
afterEach(async () => {
  await Promise.all(opened.splice(0).map((host) => host.close()));
  for (const dir of dirs.splice(0)) dir.remove();
  provider.reset();
  provider.clearFaults();
});

/** A host ("process") on a data directory; `dataDir` shares one with another host. */
async function processOn(dataDir: string) {
  const host = await tempHost([things], { dataDir });
  opened.push(host);
  return host;
}

async function firstProcess() {
  const dir = tempDir();
  dirs.push(dir);
  const host = await processOn(dir.path);
  await host.connections.create({
    name: 'main',
    connector: 'things',
    credentials: { apiKey: FAKE_KEY },
    options: { baseUrl: provider.url },
  });
  // The connection's verify call is not part of what a test counts.
  provider.reset();
  return { host, dataDir: dir.path };
}

const deletes = () => provider.calls.filter((call) => call.method === 'DELETE');

describe('idempotency keys kept by the host', () => {
  it('returns the first result for a repeat, in another process and after a restart, calling the provider once', async () => {
    const { host, dataDir } = await firstProcess();
    const first = await host.runner.call(
      'things.deleteThing',
      { thingId: 'th_1' },
      { idempotencyKey: 'k-1' },
    );
    expect(first).toEqual({ id: 'th_1', deleted: true });

    const other = await processOn(dataDir);
    const replays: string[] = [];
    const again = await other.runner.call(
      'things.deleteThing',
      { thingId: 'th_1' },
      { idempotencyKey: 'k-1', onReplay: (at) => replays.push(at) },
    );
    expect(again).toEqual(first);
    expect(replays).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]);

    await host.close();
    await other.close();
    const restarted = await processOn(dataDir);
    expect(
      await restarted.runner.call('things.deleteThing', { thingId: 'th_1' }, { idempotencyKey: 'k-1' }),
    ).toEqual(first);
    expect(deletes()).toHaveLength(1);
  });

  it('refuses the same key for another input, command or connection, naming idempotencyKey', async () => {
    const { host } = await firstProcess();
    await host.connections.create({
      name: 'second',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
    await host.runner.call('things.deleteThing', { thingId: 'th_1' }, { idempotencyKey: 'k-2' });
    for (const [input, connection, what] of [
      [{ thingId: 'th_2' }, undefined, 'another input'],
      [{ thingId: 'th_1' }, 'second', 'another connection (main)'],
    ] as const) {
      const error: any = await host.runner
        .call('things.deleteThing', input, { idempotencyKey: 'k-2', connection })
        .catch((caught: unknown) => caught);
      expect(error.toJSON()).toMatchObject({
        kind: 'validation',
        parameter: 'idempotencyKey',
        details: { conflict: true, idempotencyKey: 'k-2' },
      });
      expect(error.message).toContain(what);
    }
    expect(deletes()).toHaveLength(1);
  });

  it('makes one provider call when two processes send the same keyed call at once', async () => {
    const { host, dataDir } = await firstProcess();
    const other = await processOn(dataDir);
    provider.fault({ type: 'delay', ms: 300 });
    const [a, b] = await Promise.all([
      host.runner.call('things.deleteThing', { thingId: 'th_7' }, { idempotencyKey: 'k-3' }),
      other.runner.call('things.deleteThing', { thingId: 'th_7' }, { idempotencyKey: 'k-3' }),
    ]);
    expect(a).toEqual({ id: 'th_7', deleted: true });
    expect(b).toEqual(a);
    expect(deletes()).toHaveLength(1);
  });

  it('records nothing for a failed run: a repeat runs again', async () => {
    const { host } = await firstProcess();
    provider.fault({ type: 'status', status: 503, body: '{}', times: 1 });
    await expect(
      host.runner.call('things.deleteThing', { thingId: 'th_4' }, { idempotencyKey: 'k-4' }),
    ).rejects.toMatchObject({ kind: 'provider' });
    expect(
      await host.runner.call('things.deleteThing', { thingId: 'th_4' }, { idempotencyKey: 'k-4' }),
    ).toEqual({ id: 'th_4', deleted: true });
    expect(deletes()).toHaveLength(2);
  });

  it('takes no key for a read-only command, and checks its form before anything is sent', async () => {
    const { host } = await firstProcess();
    for (const [command, input, key] of [
      ['things.getThing', { thingId: 'th_1' }, 'k-5'],
      ['things.deleteThing', { thingId: 'th_1' }, 'tab\there'],
    ] as const) {
      await expect(host.runner.call(command, input, { idempotencyKey: key })).rejects.toMatchObject({
        kind: 'validation',
        parameter: 'idempotencyKey',
      });
    }
    expect(provider.calls).toHaveLength(0);
  });

  it('sends nothing for a dry run and records nothing for its key', async () => {
    const { host } = await firstProcess();
    const dry = await host.runner.call(
      'things.deleteThing',
      { thingId: 'th_9' },
      { idempotencyKey: 'k-6', dryRun: true },
    );
    expect(dry).toMatchObject({
      dryRun: true,
      requests: [
        {
          method: 'DELETE',
          url: `${provider.url}/things/th_9`,
          headers: { authorization: 'Bearer [REDACTED]' },
        },
      ],
    });
    expect(provider.calls).toHaveLength(0);
    await host.runner.call('things.deleteThing', { thingId: 'th_9' }, { idempotencyKey: 'k-6' });
    expect(deletes()).toHaveLength(1);
  });
});

describe('idempotency keys at Stripe', () => {
  let stripe: PaymentsSandbox;
  beforeAll(async () => {
    stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  });
  afterAll(() => stripe.close());

  it('sends the caller’s key as Idempotency-Key and answers a repeat from the store', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const host = await tempHost(await loadConnectors(['payments']), {
      dataDir: dir.path,
      env: {
        C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
        C_PAYMENTS_BASE_URL: stripe.url,
      },
    });
    opened.push(host);
    const input = { email: 'ada@example.com', name: 'Ada Lovelace' };
    const first = (await host.runner.call('payments.createCustomer', input, {
      idempotencyKey: 'signup-ada-1',
    })) as { id: string };
    const again = (await host.runner.call('payments.createCustomer', input, {
      idempotencyKey: 'signup-ada-1',
    })) as { id: string };
    expect(again.id).toBe(first.id);
    const posts = stripe.server.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.headers['idempotency-key'])).toEqual(['signup-ada-1']);
  });
});

describe('IdempotencyLedger', () => {
  it('forgets a key after 24 hours', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let now = Date.parse('2026-11-24T10:00:00Z');
    const store = new SqliteHostStore({ dataDir: dir.path, now: () => new Date(now) });
    const ledger = new IdempotencyLedger(store, () => now);
    let calls = 0;
    const keyed = {
      key: 'k-7',
      command: 'things.deleteThing',
      connection: 'main',
      input: { thingId: 'th_1' },
    };
    const work = async () => ({ call: ++calls });
    expect(await ledger.run(keyed, work)).toEqual({ call: 1 });
    now += IDEMPOTENCY_TTL_MS - 1000;
    expect(await ledger.run(keyed, work)).toEqual({ call: 1 });
    now += 2000;
    expect(await ledger.run(keyed, work)).toEqual({ call: 2 });
    await store.close();
  });

  it('treats inputs that differ only in key order as the same input', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = new SqliteHostStore({ dataDir: dir.path });
    const ledger = new IdempotencyLedger(store);
    const keyed = (input: unknown) => ({ key: 'k-8', command: 'c.x', connection: 'main', input });
    let calls = 0;
    await ledger.run(keyed({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } }), async () => ++calls);
    await ledger.run(keyed({ b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 }), async () => ++calls);
    expect(calls).toBe(1);
    await expect(ledger.run(keyed({ a: 2 }), async () => ++calls)).rejects.toMatchObject({
      parameter: 'idempotencyKey',
    });
    await store.close();
  });
});
