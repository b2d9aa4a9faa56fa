import { contextOf, SignatureError } from '@c/core';
import { type ReceivedDelivery, startWebhookReceiver, type WebhookReceiver } from '@c/core/testing';
import { useSimulator } from '@c/core/testing/vitest';
import { http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocsContext } from '../docs-client.js';
import { docs } from '../docs-connector.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';
import { type FileChangedState, fileChanged, verifyDriveNotification } from './file-changed.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

let receiver: WebhookReceiver;
let client: ReturnType<typeof docs.connect>;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
  client = docs.connect({ ...t.sim.connection.options, credentials: t.sim.connection.credentials });
});
afterEach(async () => {
  await client.close();
  await receiver.close();
});

/** The trigger runs with a connection's context, as a host gives it. */
const ctx = () => contextOf<DocsContext>(client);

async function subscribe() {
  const input = fileChanged.parse({});
  const subscription = await fileChanged.subscribe!(ctx(), { hookUrl: receiver.url, input });
  return { ...subscription, state: subscription.state as FileChangedState };
}

async function editDocument(id: string, text: string) {
  await t.connect().run('updateDocumentContent', {
    documentId: id,
    requests: [{ insertText: { location: { index: 1 }, text } }],
  });
}

const changeNotifications = () =>
  receiver.received.filter((n) => n.headers['x-goog-resource-state'] === 'change');
const request = (n: ReceivedDelivery) => ({ headers: n.headers, rawBody: n.rawBody });

describe('docs.fileChanged', () => {
  it('is registered as a webhook and polling trigger, with titled filters', () => {
    expect(docs.triggers?.fileChanged).toBe(fileChanged);
    expect(fileChanged.kinds).toEqual(['webhook', 'polling']);
    const docId = t.sim.seeded!.meetingNotesId;
    expect(fileChanged.parse({ documentId: `https://docs.google.com/document/d/${docId}/edit` })).toEqual({
      documentId: docId,
      mimeType: 'application/vnd.google-apps.document',
    });
    expect(() => fileChanged.parse({ documentId: 'not a document' })).toThrow(/documentId/);
  });

  it('subscribes with the start page token and a channel of its own id, token and expiration', async () => {
    const { state, cursor, renewAt } = await subscribe();
    const [watch] = callsTo(t.sim, '/drive/v3/changes/watch');
    expect(watch!.query.get('pageToken')).toBe(cursor);
    expect(watch!.bodyJson).toEqual({
      id: state.channelId,
      type: 'web_hook',
      address: receiver.url,
      token: state.token,
      expiration: expect.stringMatching(/^\d+$/),
    });
    expect(state.channelId).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.token).toMatch(/^[0-9a-f]{48}$/);
    expect(t.sim.changes.channels.get(state.channelId)).toMatchObject({
      token: state.token,
      address: receiver.url,
    });
    expect(Date.parse(renewAt!)).toBeLessThan(state.expiration);
    expect(Date.parse(renewAt!)).toBeGreaterThan(Date.now());
    expect(t.sim.server.violations).toEqual([]);
  });

  it('a document edit pushes a notification that verifies, and the poll from the cursor returns the change', async () => {
    const { state, cursor } = await subscribe();
    const docId = t.sim.seeded!.meetingNotesId;
    await editDocument(docId, 'Pushed ');
    await t.sim.changes.idle();
    const [notification] = changeNotifications();
    expect(notification).toBeDefined();
    // No events from verify: the host reads the change feed now.
    expect(await fileChanged.verify!(request(notification!), state, fileChanged.parse({}))).toEqual([]);
    const input = fileChanged.parse({});
    const first = await fileChanged.poll!(ctx(), { input, cursor, state });
    expect(first.events).toEqual([
      {
        id: `${docId}:${first.events[0]!.occurredAt}`,
        type: 'file.changed',
        occurredAt: expect.any(String),
        data: {
          fileId: docId,
          time: first.events[0]!.occurredAt,
          removed: false,
          file: expect.objectContaining({ id: docId, mimeType: 'application/vnd.google-apps.document' }),
        },
      },
    ]);
    expect(fileChanged.output.safeParse(first.events[0]!.data).success).toBe(true);
    expect(Number(first.cursor)).toBeGreaterThan(Number(cursor));
    const again = await fileChanged.poll!(ctx(), { input, cursor: first.cursor, state });
    expect(again.events).toEqual([]);
    expect(again.cursor).toBe(first.cursor);
    expect(t.sim.server.violations).toEqual([]);
  });

  it('refuses a notification with a wrong token, another channel id or no channel headers', async () => {
    const { state } = await subscribe();
    await editDocument(t.sim.seeded!.meetingNotesId, 'x');
    await t.sim.changes.idle();
    const n = changeNotifications()[0]!;
    const reason = (headers: Record<string, string>) => {
      try {
        verifyDriveNotification({ headers, rawBody: '' }, state);
        return 'accepted';
      } catch (error) {
        expect(SignatureError.isInstance(error)).toBe(true);
        return (error as SignatureError).reason;
      }
    };
    expect(reason(n.headers)).toBe('accepted');
    const last = state.token.at(-1) === '0' ? '1' : '0';
    expect(reason({ ...n.headers, 'x-goog-channel-token': `${state.token.slice(0, -1)}${last}` })).toBe(
      'unknown_channel',
    );
    expect(reason({ ...n.headers, 'x-goog-channel-token': 'guess' })).toBe('unknown_channel');
    expect(reason({ ...n.headers, 'x-goog-channel-id': crypto.randomUUID() })).toBe('unknown_channel');
    const { 'x-goog-channel-token': _, ...noToken } = n.headers;
    expect(reason(noToken)).toBe('missing');
    expect(() =>
      fileChanged.verify!({ headers: noToken, rawBody: '' }, state, fileChanged.parse({})),
    ).toThrow(SignatureError);
  });

  it('filters by document and by MIME type (a removal only when the document is named)', async () => {
    const { cursor } = await subscribe();
    const docId = t.sim.seeded!.meetingNotesId;
    const text = (await t.connect().run('customAction', {
      method: 'POST',
      path: '/drive/v3/files',
      body: { name: 'notes.txt', mimeType: 'text/plain' },
    })) as { id: string };
    await editDocument(docId, 'y');
    const poll = async (filters: Record<string, unknown>) =>
      (await fileChanged.poll!(ctx(), { input: fileChanged.parse(filters), cursor })).events.map(
        (event) => (event.data as { fileId: string }).fileId,
      );
    expect(await poll({})).toEqual([docId]);
    expect(await poll({ mimeType: 'text/plain' })).toEqual([text.id]);
    expect((await poll({ mimeType: '*' })).sort()).toEqual([docId, text.id].sort());
    expect(await poll({ documentId: text.id, mimeType: '*' })).toEqual([text.id]);
    await t.connect().run('customAction', { method: 'DELETE', path: `/drive/v3/files/${text.id}` });
    const removed = await fileChanged.poll!(ctx(), {
      input: fileChanged.parse({ documentId: text.id }),
      cursor,
    });
    expect(removed.events.map((event) => [event.type, (event.data as { removed: boolean }).removed])).toEqual(
      [['file.removed', true]],
    );
    expect(await poll({ mimeType: '*' })).toEqual([docId]);
  });

  it('renews before expiry with a new channel id and stops the old one; unsubscribe stops the channel', async () => {
    const { state } = await subscribe();
    const renewed = await fileChanged.renew!(ctx(), {
      hookUrl: receiver.url,
      input: fileChanged.parse({}),
      state,
    });
    const next = renewed.state as FileChangedState;
    expect(next.channelId).not.toBe(state.channelId);
    expect(next.token).not.toBe(state.token);
    expect([...t.sim.changes.channels.keys()]).toEqual([next.channelId]);
    expect(callsTo(t.sim, '/drive/v3/channels/stop')[0]!.bodyJson).toEqual({
      id: state.channelId,
      resourceId: state.resourceId,
    });
    await editDocument(t.sim.seeded!.meetingNotesId, 'z');
    await t.sim.changes.idle();
    const [n] = changeNotifications();
    expect(n!.headers['x-goog-channel-id']).toBe(next.channelId);
    expect(() => verifyDriveNotification(request(n!), state)).toThrow(SignatureError);
    expect(verifyDriveNotification(request(n!), next)).toBe('change');
    await fileChanged.unsubscribe!(ctx(), next);
    expect(t.sim.changes.channels.size).toBe(0);
    // Already stopped counts as done.
    await expect(fileChanged.unsubscribe!(ctx(), next)).resolves.toBeUndefined();
    t.sim.server.reset();
  });

  it('subscribing again with the previous state opens a new channel and stops the previous one, not leaking it', async () => {
    const { state } = await subscribe();
    const again = await fileChanged.subscribe!(ctx(), {
      hookUrl: receiver.url,
      input: fileChanged.parse({}),
      previous: state,
    });
    const next = again.state as FileChangedState;
    expect(next.channelId).not.toBe(state.channelId);
    expect([...t.sim.changes.channels.keys()]).toEqual([next.channelId]);
    expect(callsTo(t.sim, '/drive/v3/channels/stop').map((call) => call.bodyJson)).toEqual([
      { id: state.channelId, resourceId: state.resourceId },
    ]);
    // A previous channel Drive already closed (it expired) is no obstacle.
    t.sim.changes.channels.clear();
    const third = await fileChanged.subscribe!(ctx(), {
      hookUrl: receiver.url,
      input: fileChanged.parse({}),
      previous: next,
    });
    expect([...t.sim.changes.channels.keys()]).toEqual([(third.state as FileChangedState).channelId]);
    t.sim.server.reset();
  });

  it('subscribing again at another hook URL (the host moved) opens the channel there and stops the one at the old URL', async () => {
    const { state } = await subscribe();
    const moved = await startWebhookReceiver();
    try {
      const again = await fileChanged.subscribe!(ctx(), {
        hookUrl: moved.url,
        input: fileChanged.parse({}),
        previous: state,
      });
      const next = again.state as FileChangedState;
      expect([...t.sim.changes.channels.values()].map((channel) => [channel.id, channel.address])).toEqual([
        [next.channelId, moved.url],
      ]);
      await editDocument(t.sim.seeded!.meetingNotesId, 'm');
      await t.sim.changes.idle();
      expect(changeNotifications()).toEqual([]);
      const notified = moved.received.filter((n) => n.headers['x-goog-resource-state'] === 'change');
      expect(notified.map((n) => verifyDriveNotification(request(n), next))).toEqual(['change']);
    } finally {
      await moved.close();
      t.sim.server.reset();
    }
  });

  it('a replacement whose old channel cannot be stopped still hands back the new channel, so it is not lost', async () => {
    const { state } = await subscribe();
    t.sim.server.use(
      mswHttp.post(`${t.sim.url}/drive/v3/channels/stop`, () =>
        Response.json(
          { error: { code: 403, message: 'Forbidden', status: 'PERMISSION_DENIED' } },
          { status: 403 },
        ),
      ),
    );
    const renewed = await fileChanged.renew!(ctx(), {
      hookUrl: receiver.url,
      input: fileChanged.parse({}),
      state,
    });
    const next = renewed.state as FileChangedState;
    expect(t.sim.changes.channels.has(next.channelId)).toBe(true);
    const again = await fileChanged.subscribe!(ctx(), {
      hookUrl: receiver.url,
      input: fileChanged.parse({}),
      previous: next,
    });
    expect(t.sim.changes.channels.has((again.state as FileChangedState).channelId)).toBe(true);
    t.sim.server.resetHandlers();
    t.sim.server.reset();
  });

  it('a first poll without a cursor starts from now', async () => {
    const first = await fileChanged.poll!(ctx(), { input: fileChanged.parse({}), cursor: undefined });
    expect(first).toEqual({ events: [], cursor: expect.stringMatching(/^\d+$/) });
  });
});
