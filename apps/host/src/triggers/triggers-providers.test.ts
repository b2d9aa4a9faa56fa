import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AmplitudeSandbox } from '@c/analytics/testing';
import { hmacSha256Hex } from '@c/core';
import { startWebhookReceiver } from '@c/core/testing';
import type { RunningDocsSimulator } from '@c/docs/testing';
import type { RunningIssuesSimulator } from '@c/issues/testing';
import type { FastifyInstance } from 'fastify';
import { http as mswHttp } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { createHttpServer } from '../http/server.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';

// The loop of `triggers.test.ts` (payments.event) for the other providers: each simulator's own
// deliveries (Linear webhooks, Drive push notifications) or state (Amplitude cohorts) reach the
// host's trigger service over loopback, as in `serve --sandbox`.

const TOKEN = 'test-access-token-trigger-providers';
const auth = { authorization: `Bearer ${TOKEN}` };
let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  host = await tempHost(await loadConnectors(['issues', 'docs', 'analytics']), { token: TOKEN });
  await host.access.init();
  sandbox = await startSandbox(host);
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await host?.cleanup();
});

/** Reads the events API until `count` events of the subscription are there. */
async function eventsOf(subscription: string, count: number) {
  for (;;) {
    const response = await call(base, 'GET', `/api/events?subscription=${subscription}`, { headers: auth });
    expect(response.status).toBe(200);
    if (response.json.events.length >= count) return response.json.events as Record<string, any>[];
    await host.triggers.waitForEvents(200);
  }
}

async function subscribe(body: Record<string, unknown>) {
  const response = await call(base, 'POST', '/api/subscriptions', { headers: auth, body });
  expect(response.status).toBe(201);
  return response.json as { id: string; hookUrl: string | undefined; connection: string };
}

async function run(command: string, input: Record<string, unknown>) {
  const response = await call(base, 'POST', `/api/commands/${command}/run`, {
    headers: auth,
    body: { input },
  });
  expect(response.status).toBe(200);
  return response.json.result;
}

describe('issues.event through the host, end to end', () => {
  const linear = () => sandbox.simulators.issues as RunningIssuesSimulator;
  let subscription: { id: string; hookUrl: string | undefined };
  let issueId: string;

  it('subscribes: a Linear webhook for Issue at the hook URL', async () => {
    subscription = await subscribe({
      trigger: 'issues.event',
      connection: 'sandbox-issues',
      input: { resourceTypes: ['Issue'], actions: ['update'], changedFields: ['title'] },
    });
    expect(subscription.hookUrl).toBe(`${base}/hooks/${subscription.id}`);
    const webhooks = [...linear().workspace.webhooks.values()];
    expect(webhooks).toMatchObject([{ url: subscription.hookUrl, resourceTypes: ['Issue'], enabled: true }]);
  });

  it('stores one Issue.update with updatedFrom when issues.updateIssue changes the title', async () => {
    issueId = [...linear().workspace.issues.keys()][0]!;
    const before = linear().workspace.issues.get(issueId)!.title;
    await run('issues.updateIssue', { issueId, title: 'Retitled by the trigger loop' });
    const [event] = await eventsOf(subscription.id, 1);
    expect(event).toMatchObject({
      trigger: 'issues.event',
      subscription: subscription.id,
      type: 'Issue.update',
      data: {
        action: 'update',
        type: 'Issue',
        data: { id: issueId, title: 'Retitled by the trigger loop' },
        updatedFrom: { title: before },
      },
    });
  });

  it('stores nothing for an update of priority alone, which the changedFields filter leaves out', async () => {
    const current = linear().workspace.issues.get(issueId)!.priority as number;
    await run('issues.updateIssue', { issueId, priority: current === 1 ? 2 : 1 });
    await linear().webhooks.idle();
    // Linear got its 2xx: the delivery was verified and filtered, not refused.
    expect(linear().webhooks.attempts.at(-1)).toMatchObject({ type: 'Issue', action: 'update', status: 200 });
    expect(await eventsOf(subscription.id, 1)).toHaveLength(1);
  });

  it('refuses a tampered delivery with 400 and stores nothing; the untampered one is stored', async () => {
    const state = (await host.store.triggers.getSubscription(subscription.id))!.state as { secret: string };
    const payload = JSON.stringify({
      action: 'update',
      type: 'Issue',
      data: { id: issueId, title: 'Signed title', updatedAt: new Date().toISOString() },
      updatedFrom: { title: 'Retitled by the trigger loop' },
      createdAt: new Date().toISOString(),
      organizationId: 'org',
      webhookId: 'manual',
      webhookTimestamp: Date.now(),
    });
    const post = (body: string) =>
      call(base, 'POST', `/hooks/${subscription.id}`, {
        headers: {
          'content-type': 'application/json',
          'linear-signature': hmacSha256Hex(state.secret, payload),
        },
        body: JSON.parse(body),
      });
    const tampered = await post(payload.replace('Signed title', 'Attacker title'));
    expect([tampered.status, tampered.json.error.kind]).toEqual([400, 'signature']);
    expect((await post(payload)).status).toBe(200);
    const events = await eventsOf(subscription.id, 2);
    expect(events.map((event) => event.data.data.title)).toEqual([
      'Retitled by the trigger loop',
      'Signed title',
    ]);
  });

  it('stores and delivers once a captured delivery resent under another Linear-Delivery; a retry and another event as before', async () => {
    const receiver = await startWebhookReceiver();
    let created: string | undefined;
    try {
      const delivering = await subscribe({
        trigger: 'issues.event',
        connection: 'sandbox-issues',
        input: { resourceTypes: ['Issue'] },
        deliverTo: { url: receiver.url },
      });
      created = delivering.id;
      const { secret } = (await host.store.triggers.getSubscription(delivering.id))!.state as {
        secret: string;
      };
      const signed = (title: string) =>
        JSON.stringify({
          action: 'update',
          type: 'Issue',
          data: { id: issueId, title, updatedAt: new Date().toISOString() },
          updatedFrom: { title: 'Before' },
          createdAt: new Date().toISOString(),
          organizationId: 'org',
          webhookId: 'manual',
          webhookTimestamp: Date.now(),
        });
      const post = async (payload: string, delivery: string) => {
        const response = await call(base, 'POST', `/hooks/${delivering.id}`, {
          headers: { 'linear-signature': hmacSha256Hex(secret, payload), 'linear-delivery': delivery },
          body: JSON.parse(payload),
        });
        return [response.status, response.json.stored, response.json.duplicates];
      };
      const captured = signed('Genuine');
      const [genuine, forged, other] = [randomUUID(), randomUUID(), randomUUID()];
      expect(await post(captured, genuine)).toEqual([200, 1, 0]);
      // The attacker's copy, seconds later: signature and timestamp pass, only the unsigned header
      // differs. Acknowledged like a repeat (it learns nothing), stored and delivered never.
      expect(await post(captured, forged)).toEqual([200, 0, 1]);
      // Linear's own retry of the same delivery, and then a new event, behave as before.
      expect(await post(captured, genuine)).toEqual([200, 0, 1]);
      expect(await post(signed('Another'), other)).toEqual([200, 1, 0]);

      const events = await eventsOf(delivering.id, 2);
      expect(events.map((event) => [event.id, event.data.data.title])).toEqual([
        [genuine, 'Genuine'],
        [other, 'Another'],
      ]);
      for (;;) {
        const read = await call(base, 'GET', `/api/subscriptions/${delivering.id}`, { headers: auth });
        const deliveries = read.json.deliveries as { status: string }[];
        if (deliveries.length > 0 && deliveries.every((delivery) => delivery.status === 'delivered')) break;
        await host.triggers.waitForEvents(100);
      }
      expect(receiver.received.map((delivery) => delivery.body.id)).toEqual([genuine, other]);
    } finally {
      // Its Linear webhook goes too, whatever happened: the next case counts the workspace's webhooks.
      if (created) await call(base, 'DELETE', `/api/subscriptions/${created}`, { headers: auth });
      await receiver.close();
    }
  }, 30_000);

  it('unsubscribes: the Linear webhook is deleted', async () => {
    expect(
      (await call(base, 'DELETE', `/api/subscriptions/${subscription.id}`, { headers: auth })).status,
    ).toBe(204);
    expect(linear().workspace.webhooks.size).toBe(0);
  });
});

describe('docs.fileChanged through the host, end to end', () => {
  const drive = () => sandbox.simulators.docs as RunningDocsSimulator;
  let subscription: { id: string; hookUrl: string | undefined };
  let documentId: string;
  const channelOf = async () =>
    (await host.store.triggers.getSubscription(subscription.id))!.state as {
      channelId: string;
      token: string;
    };

  it('subscribes: a Drive push channel to the hook URL, from the start page token', async () => {
    documentId = drive().seeded!.meetingNotesId;
    subscription = await subscribe({
      trigger: 'docs.fileChanged',
      connection: 'sandbox-docs',
      input: { documentId },
    });
    const { channelId } = await channelOf();
    expect([...drive().changes.channels.values()]).toMatchObject([
      { id: channelId, address: subscription.hookUrl },
    ]);
    expect((await host.store.triggers.getSubscription(subscription.id))!.cursor).toBe(
      drive().changes.startPageToken(),
    );
  });

  it('stores one fileChanged event when docs.updateDocumentContent edits the document', async () => {
    await run('docs.updateDocumentContent', {
      documentId,
      requests: [{ insertText: { location: { index: 1 }, text: 'Trigger loop. ' } }],
    });
    const [event] = await eventsOf(subscription.id, 1);
    expect(event).toMatchObject({
      trigger: 'docs.fileChanged',
      type: 'file.changed',
      data: { fileId: documentId, removed: false, file: { id: documentId } },
    });
    await drive().changes.idle();
    expect(drive().changes.notifications.at(-1)).toMatchObject({ state: 'change', status: 200 });
    // Polling again (the schedule's safety net) finds nothing new: the cursor moved past it.
    await host.triggers.pollNow(subscription.id);
    expect(await eventsOf(subscription.id, 1)).toHaveLength(1);
  });

  it('refuses a notification with the wrong channel token (400) and starts no poll', async () => {
    const { channelId } = await channelOf();
    const cursor = (await host.store.triggers.getSubscription(subscription.id))!.cursor;
    // A change Drive does not announce (the channel muted), so only a notification would fetch it.
    const channel = drive().changes.channels.get(channelId)!;
    drive().changes.channels.delete(channelId);
    await run('docs.updateDocumentContent', {
      documentId,
      requests: [{ insertText: { location: { index: 1 }, text: 'Unannounced. ' } }],
    });
    drive().changes.channels.set(channelId, channel);
    const forged = await call(base, 'POST', `/hooks/${subscription.id}`, {
      headers: {
        'x-goog-channel-id': channelId,
        'x-goog-channel-token': 'not-the-token',
        'x-goog-resource-state': 'change',
      },
    });
    expect([forged.status, forged.json.error.kind]).toEqual([400, 'signature']);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await host.store.triggers.getSubscription(subscription.id))!.cursor).toBe(cursor);
    expect(await eventsOf(subscription.id, 1)).toHaveLength(1);
    // The channel's own token starts the poll that fetches it.
    const { token } = await channelOf();
    const notified = await call(base, 'POST', `/hooks/${subscription.id}`, {
      headers: {
        'x-goog-channel-id': channelId,
        'x-goog-channel-token': token,
        'x-goog-resource-state': 'change',
      },
    });
    expect(notified.status).toBe(200);
    expect(await eventsOf(subscription.id, 2)).toHaveLength(2);
  });

  it('fetches a change notified while a poll is under way, without waiting for the schedule', async () => {
    const server = drive().server;
    let entered!: () => void;
    let release!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    // The first changes.list gets its answer from Drive, then waits: a poll caught mid-flight.
    server.use(
      mswHttp.get(`${server.url}/drive/v3/changes`, async ({ request }) => {
        if (held) return undefined;
        held = true;
        const answer = await fetch(request.url, { headers: request.headers });
        const body = await answer.text();
        entered();
        await gate;
        return new Response(body, { status: answer.status, headers: answer.headers });
      }),
    );
    try {
      const before = (await eventsOf(subscription.id, 1)).length;
      await run('docs.updateDocumentContent', {
        documentId,
        requests: [{ insertText: { location: { index: 1 }, text: 'First. ' } }],
      });
      await inFlight;
      await run('docs.updateDocumentContent', {
        documentId,
        requests: [{ insertText: { location: { index: 1 }, text: 'Second. ' } }],
      });
      await drive().changes.idle();
      expect(drive().changes.notifications.at(-1)).toMatchObject({ state: 'change', status: 200 });
      release();
      // The second edit comes from a poll right after the first, not from the one a minute later.
      const events = await eventsOf(subscription.id, before + 2);
      expect(events).toHaveLength(before + 2);
      expect(events.at(-1)!.data.time).toBe(new Date(drive().changes.log.at(-1)!.time).toISOString());
    } finally {
      release();
      server.resetHandlers();
    }
  });

  it('renews a channel due for renewal from the scheduler: a new channel, the old one stopped', async () => {
    const old = await channelOf();
    await host.store.triggers.updateSubscription(subscription.id, {
      renewAt: new Date(Date.now() - 1000).toISOString(),
    });
    // The renewal check runs every minute: fake the intervals, run one minute's ticks at once.
    host.triggers.stop();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await host.triggers.start(base);
      vi.advanceTimersByTime(60_000);
    } finally {
      host.triggers.stop();
      vi.useRealTimers();
    }
    let renewed = await channelOf();
    while (renewed.channelId === old.channelId) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      renewed = await channelOf();
    }
    await host.triggers.start(base);
    const record = (await host.store.triggers.getSubscription(subscription.id))!;
    expect(Date.parse(record.renewAt!)).toBeGreaterThan(Date.now());
    expect(record.status).toBe('active');
    expect([...drive().changes.channels.keys()]).toEqual([renewed.channelId]);
    // The new channel's notifications are accepted: the next edit arrives through it.
    await run('docs.updateDocumentContent', {
      documentId,
      requests: [{ insertText: { location: { index: 1 }, text: 'After renewal. ' } }],
    });
    const events = await eventsOf(subscription.id, 5);
    expect(events.map((event) => event.data.fileId)).toEqual(Array(5).fill(documentId));
  });

  it('renews a short channel when its renewAt comes, not before, and from one instance of the fleet', async () => {
    const server = drive().server;
    // Drive may grant a shorter channel than asked: this one lives half an hour.
    server.use(
      mswHttp.post(`${server.url}/drive/v3/changes/watch`, async ({ request }) => {
        if (request.headers.get('x-test-forwarded')) return undefined;
        const body = { ...((await request.json()) as object), expiration: String(Date.now() + 30 * 60_000) };
        const headers = new Headers(request.headers);
        headers.set('x-test-forwarded', '1');
        return fetch(request.url, { method: 'POST', headers, body: JSON.stringify(body) });
      }),
    );
    const second = await tempHost(await loadConnectors(['issues', 'docs', 'analytics']), {
      token: TOKEN,
      dataDir: host.dataDir,
    });
    let short: { id: string; hookUrl: string | undefined } | undefined;
    try {
      short = await subscribe({
        trigger: 'docs.fileChanged',
        connection: 'sandbox-docs',
        input: { documentId },
      });
      const channelsOf = () =>
        [...drive().changes.channels.values()].filter((channel) => channel.address === short!.hookUrl);
      const [first] = channelsOf();
      expect(first!.expiration - Date.now()).toBeLessThanOrEqual(30 * 60_000);
      // Half an hour to go, renewAt a few minutes before the end: not due yet.
      await host.triggers.renewDue();
      expect(channelsOf().map((channel) => channel.id)).toEqual([first!.id]);
      await host.store.triggers.updateSubscription(short.id, {
        renewAt: new Date(Date.now() - 1000).toISOString(),
      });
      await Promise.all([host.triggers.renewDue(), second.triggers.renewDue()]);
      const renewed = channelsOf();
      expect(renewed).toHaveLength(1);
      expect(renewed[0]!.id).not.toBe(first!.id);
      const state = (await host.store.triggers.getSubscription(short.id))!.state as { channelId: string };
      expect(state.channelId).toBe(renewed[0]!.id);
    } finally {
      server.resetHandlers();
      if (short) await call(base, 'DELETE', `/api/subscriptions/${short.id}`, { headers: auth });
      await second.close();
    }
  });

  it('a renewal Drive refuses is retried by subscribing again with the old channel as previous: one channel stays, the old one stopped', async () => {
    const server = drive().server;
    const failing = await subscribe({
      trigger: 'docs.fileChanged',
      connection: 'sandbox-docs',
      input: { documentId },
    });
    const channelsOf = () =>
      [...drive().changes.channels.values()].filter((channel) => channel.address === failing.hookUrl);
    const stateOf = async () => (await host.store.triggers.getSubscription(failing.id))!;
    try {
      const [first] = channelsOf();
      server.use(
        mswHttp.post(`${server.url}/drive/v3/changes/watch`, () =>
          Response.json(
            { error: { code: 403, message: 'Rate limit exceeded', status: 'PERMISSION_DENIED' } },
            { status: 403 },
          ),
        ),
      );
      await host.store.triggers.updateSubscription(failing.id, {
        renewAt: new Date(Date.now() - 1000).toISOString(),
      });
      await host.triggers.renewDue();
      expect((await stateOf()).status).toBe('failed');
      expect(channelsOf().map((channel) => channel.id)).toEqual([first!.id]);
      server.resetHandlers();
      await host.triggers.renewDue();
      const record = await stateOf();
      expect(record.status).toBe('active');
      const open = channelsOf();
      expect(open).toHaveLength(1);
      expect(open[0]!.id).not.toBe(first!.id);
      expect((record.state as { channelId: string }).channelId).toBe(open[0]!.id);
    } finally {
      server.resetHandlers();
      await call(base, 'DELETE', `/api/subscriptions/${failing.id}`, { headers: auth });
    }
    expect(channelsOf()).toEqual([]);
  });

  it('unsubscribes: the channel is stopped at Drive', async () => {
    expect(
      (await call(base, 'DELETE', `/api/subscriptions/${subscription.id}`, { headers: auth })).status,
    ).toBe(204);
    expect(drive().changes.channels.size).toBe(0);
  });
});

describe('analytics.cohortSizeChanged through the host, end to end', () => {
  const amplitude = () => sandbox.simulators.analytics as AmplitudeSandbox;

  it('stores one event when a cohort’s size changes, at the next poll', async () => {
    const { id } = await subscribe({
      trigger: 'analytics.cohortSizeChanged',
      connection: 'sandbox-analytics',
      input: {},
    });
    const [cohort] = amplitude()
      .state.listCohorts()
      .filter((item) => (item.size as number) > 0);
    const clause = (cohort!.definition as any).andClauses[0].orClauses[0];
    const target = amplitude().state.cohorts.find((item) => item.id === cohort!.id)!;
    // Far more events than anyone has: the cohort empties.
    (target.definition as any).andClauses[0].orClauses[0] = { ...clause, operator_value: 1_000_000 };
    await host.triggers.pollNow(id);
    const events = await eventsOf(id, 1);
    expect(events).toEqual([
      expect.objectContaining({
        trigger: 'analytics.cohortSizeChanged',
        type: 'cohort.sizeChanged',
        data: expect.objectContaining({
          cohortId: cohort!.id,
          previousSize: cohort!.size,
          size: 0,
          change: -(cohort!.size as number),
        }),
      }),
    ]);
    await host.triggers.pollNow(id);
    expect(await eventsOf(id, 1)).toHaveLength(1);
  });
});
