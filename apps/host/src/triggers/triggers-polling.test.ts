import { defineConnector, defineTrigger, ProviderError } from '@c/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHost } from '../test-support/temp-host.js';

/** What the fake provider has, newest last; `poll` reads it from a cursor (an index). */
const feed: { id: string; at: string }[] = [];
let running = 0;
let mostAtOnce = 0;
let failNext = false;

const ticker = defineConnector({
  id: 'ticker',
  title: 'Ticker',
  description: 'A fake provider with a polling trigger.',
  credentials: (z) => z.object({ apiKey: z.string() }),
  options: (z) => z.object({}),
  auth: { type: 'apiKey' },
  commands: {},
  triggers: {
    tick: defineTrigger({
      key: 'tick',
      title: 'Tick',
      description: 'Every new item of the feed, polled.',
      input: (z) => z.object({}),
      output: (z) => z.object({ id: z.string() }),
      kinds: ['polling'],
      pollIntervalMs: 10,
      async poll(_ctx, { cursor }) {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (failNext) {
            failNext = false;
            throw new ProviderError('the feed is down', { status: 503 });
          }
          const from = cursor === undefined ? feed.length : Number(cursor);
          const events = feed
            .slice(from)
            .map((item) => ({ id: item.id, type: 'tick', occurredAt: item.at, data: { id: item.id } }));
          return { events, cursor: String(feed.length) };
        } finally {
          running -= 1;
        }
      },
    }),
  },
  createContext: () => ({ close: async () => {} }),
});

let host: Awaited<ReturnType<typeof tempHost>>;
let second: Awaited<ReturnType<typeof tempHost>>;

beforeAll(async () => {
  host = await tempHost([ticker]);
  second = await tempHost([ticker], { dataDir: host.dataDir });
  await host.store.connections.create({
    name: 'ticker',
    connector: 'ticker',
    credentials: { apiKey: 'k' },
    options: {},
    isDefault: true,
  });
});
afterAll(async () => {
  await second.close();
  await host.cleanup();
});

const push = (id: string) => feed.push({ id, at: new Date().toISOString() });

describe('polling triggers in the host', () => {
  let id: string;

  it('sets the watermark when subscribing, then stores what comes after it, polled in the background', async () => {
    push('old-1');
    const { subscription } = await host.triggers.subscribe({ trigger: 'ticker.tick', input: {} });
    id = subscription.id;
    expect(subscription.hookUrl).toBeUndefined();
    expect((await host.store.triggers.getSubscription(id))?.cursor).toBe('1');
    push('new-1');
    push('new-2');
    await host.triggers.start();
    try {
      for (;;) {
        const { events } = await host.triggers.events({ subscription: id });
        if (events.length >= 2) {
          expect(events.map((event) => event.id)).toEqual(['new-1', 'new-2']);
          break;
        }
        await host.triggers.waitForEvents(200);
      }
    } finally {
      host.triggers.stop();
    }
  });

  it('polls one subscription from one instance at a time, and stores each item once', async () => {
    push('new-3');
    mostAtOnce = 0;
    await Promise.all([
      host.triggers.pollNow(id),
      second.triggers.pollNow(id),
      host.triggers.pollNow(id),
      second.triggers.pollNow(id),
    ]);
    expect(mostAtOnce).toBe(1);
    const { events } = await second.triggers.events({ subscription: id });
    expect(events.map((event) => event.id)).toEqual(['new-1', 'new-2', 'new-3']);
  });

  it('records a failed poll on the subscription and keeps its cursor', async () => {
    failNext = true;
    await host.triggers.pollNow(id);
    const failed = await host.store.triggers.getSubscription(id);
    expect(failed?.cursor).toBe(String(feed.length));
    expect(failed?.error).toMatchObject({ kind: 'provider', message: 'the feed is down' });
    push('new-4');
    await host.triggers.pollNow(id);
    const recovered = await host.store.triggers.getSubscription(id);
    expect(recovered?.error).toBeUndefined();
    expect((await host.triggers.events({ subscription: id })).events.at(-1)?.id).toBe('new-4');
  });
});
