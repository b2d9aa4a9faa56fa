import { randomUUID } from 'node:crypto';
import { defineConnector, defineTrigger, NotFoundError, ProviderError } from '@c/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempHost } from '../test-support/temp-host.js';

// Renewal of a push channel (as Drive's) and the safety poll beside it, on a fake provider whose
// channels the tests can see: what is open at the provider is what leaks when a channel is lost.

interface ChannelState {
  channelId: string;
}

/** The provider: its open channels, and a change feed polled from an index. */
const channels = new Set<string>();
const feed: { id: string; at: string }[] = [];
/** While set, the provider refuses to open or renew channels (an outage). */
let outage = false;
const subscribeCalls: { previous: unknown }[] = [];

function open(): { state: ChannelState; renewAt: string } {
  const channelId = randomUUID();
  channels.add(channelId);
  return { state: { channelId }, renewAt: new Date(Date.now() + 3_600_000).toISOString() };
}

const relay = defineConnector({
  id: 'relay',
  title: 'Relay',
  description: 'A fake provider with a push channel to renew and a change feed to poll.',
  credentials: (z) => z.object({ apiKey: z.string() }),
  options: (z) => z.object({}),
  auth: { type: 'apiKey' },
  commands: {},
  triggers: {
    changed: defineTrigger({
      key: 'changed',
      title: 'Changed',
      description: 'A change, pushed through a channel that must be renewed, and polled as a safety net.',
      input: (z) => z.object({}),
      output: (z) => z.object({ id: z.string() }),
      kinds: ['webhook', 'polling'],
      pollIntervalMs: 10,
      async subscribe(_ctx, { previous }) {
        subscribeCalls.push({ previous });
        if (outage) throw new ProviderError('the provider is down', { status: 503 });
        const opened = open();
        // What a trigger does with `previous`: the channel it replaces is closed, not left open.
        if (previous) channels.delete(previous.channelId);
        return { ...opened, cursor: String(feed.length) };
      },
      async renew(_ctx, { state }: { state: ChannelState }) {
        if (outage) throw new ProviderError('the provider is down', { status: 503 });
        // Renewing needs the old channel: one the provider already dropped cannot be renewed.
        if (!channels.has(state.channelId)) throw new NotFoundError('No such channel');
        channels.delete(state.channelId);
        return open();
      },
      async unsubscribe(_ctx, state: ChannelState) {
        channels.delete(state.channelId);
      },
      verify: () => [],
      async poll(_ctx, { cursor }) {
        const from = cursor === undefined ? feed.length : Number(cursor);
        const events = feed
          .slice(from)
          .map((item) => ({ id: item.id, type: 'changed', occurredAt: item.at, data: { id: item.id } }));
        return { events, cursor: String(feed.length) };
      },
    }),
  },
  createContext: () => ({ close: async () => {} }),
});

let host: Awaited<ReturnType<typeof tempHost>>;

beforeAll(async () => {
  host = await tempHost([relay], { env: { C_HOST_PUBLIC_URL: 'https://hooks.example.com' } });
  await host.store.connections.create({
    name: 'relay',
    connector: 'relay',
    credentials: { apiKey: 'k' },
    options: {},
    isDefault: true,
  });
});
afterAll(async () => {
  host.triggers.stop();
  await host.cleanup();
});
beforeEach(() => {
  outage = false;
  subscribeCalls.length = 0;
});

async function subscribeDue(): Promise<string> {
  const { subscription } = await host.triggers.subscribe({ trigger: 'relay.changed', input: {} });
  await host.store.triggers.updateSubscription(subscription.id, {
    renewAt: new Date(Date.now() - 1000).toISOString(),
  });
  return subscription.id;
}

const record = async (id: string) => (await host.store.triggers.getSubscription(id))!;
const stateOf = async (id: string) => (await record(id)).state as ChannelState;

/** Waits (for the background poll) until the subscription holds `count` events. */
async function eventsOf(id: string, count: number) {
  for (let round = 0; round < 100; round += 1) {
    const { events } = await host.triggers.events({ subscription: id });
    if (events.length >= count) return events;
    await host.triggers.waitForEvents(100);
  }
  return (await host.triggers.events({ subscription: id })).events;
}

describe('renewing a push channel', () => {
  it('a failed renewal leaves the subscription failed, with its error, and its safety poll running', async () => {
    const id = await subscribeDue();
    outage = true;
    await host.triggers.renewDue();
    expect(await record(id)).toMatchObject({
      status: 'failed',
      error: { kind: 'provider', message: 'the provider is down' },
    });
    feed.push({ id: 'missed-1', at: new Date().toISOString() });
    await host.triggers.start();
    try {
      const events = await eventsOf(id, 1);
      expect(events.map((event) => event.id)).toEqual(['missed-1']);
    } finally {
      host.triggers.stop();
    }
    // The poll worked, but the channel did not: the failure stays shown until a renewal succeeds.
    expect(await record(id)).toMatchObject({ status: 'failed', error: { kind: 'provider' } });
    await host.triggers.unsubscribe(id);
  });

  it('retries a failed renewal by subscribing again with the stored state as previous: the old channel is replaced, not leaked', async () => {
    const id = await subscribeDue();
    const first = await stateOf(id);
    outage = true;
    await host.triggers.renewDue();
    expect((await record(id)).status).toBe('failed');
    // The old channel is still open at the provider: the retry must close it, not open one beside it.
    expect(channels.has(first.channelId)).toBe(true);
    outage = false;
    feed.push({ id: 'kept-1', at: new Date().toISOString() });
    const cursor = (await record(id)).cursor;
    await host.triggers.renewDue();
    const after = await record(id);
    expect(subscribeCalls.at(-1)).toEqual({ previous: first });
    expect(after).toMatchObject({ status: 'active', cursor });
    expect(after.error).toBeUndefined();
    expect([...channels].filter((channel) => channel !== first.channelId)).toContain(
      (after.state as ChannelState).channelId,
    );
    expect(channels.has(first.channelId)).toBe(false);
    // The cursor was kept, not reset to the new subscription's start: the change in between is polled.
    await host.triggers.pollNow(id);
    expect((await host.triggers.events({ subscription: id })).events.map((event) => event.id)).toEqual([
      'kept-1',
    ]);
    await host.triggers.unsubscribe(id);
    expect(channels.size).toBe(0);
  });

  it('recovers a channel the provider already dropped (the host was down past its expiration)', async () => {
    const id = await subscribeDue();
    const first = await stateOf(id);
    channels.delete(first.channelId);
    await host.triggers.renewDue();
    expect(await record(id)).toMatchObject({ status: 'failed', error: { kind: 'not_found' } });
    await host.triggers.renewDue();
    const after = await record(id);
    expect(after.status).toBe('active');
    expect([...channels]).toEqual([(after.state as ChannelState).channelId]);
    await host.triggers.unsubscribe(id);
  });

  it('writes the same renewal failure once, so its retries do not hold back the poll schedule', async () => {
    const id = await subscribeDue();
    outage = true;
    await host.triggers.renewDue();
    const failed = await record(id);
    await host.triggers.renewDue();
    expect((await record(id)).updatedAt).toBe(failed.updatedAt);
    await host.triggers.unsubscribe(id);
  });
});

describe('subscribing', () => {
  it('removes the provider side it just made when the subscription cannot be stored, and reports the failure', async () => {
    const before = channels.size;
    const create = vi
      .spyOn(host.store.triggers, 'createSubscription')
      .mockRejectedValueOnce(new Error('the database is gone'));
    try {
      await expect(host.triggers.subscribe({ trigger: 'relay.changed', input: {} })).rejects.toThrow(
        'the database is gone',
      );
    } finally {
      create.mockRestore();
    }
    expect(subscribeCalls).toHaveLength(1);
    expect(channels.size).toBe(before);
    expect(await host.store.triggers.listSubscriptions()).toEqual([]);
  });
});
