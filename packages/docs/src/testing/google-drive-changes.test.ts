import { startWebhookReceiver, type WebhookReceiver } from '@c/core/testing';
import { useSimulator } from '@c/core/testing/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { docsSimulator } from './google-simulator.js';
import { connectDocs } from './google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.close());

async function drive(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${t.sim.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token ?? t.sim.connection.credentials.accessToken}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function startToken(): Promise<string> {
  const { status, body } = await drive('/drive/v3/changes/startPageToken');
  expect(status).toBe(200);
  expect(body).toEqual({ kind: 'drive#startPageToken', startPageToken: expect.stringMatching(/^\d+$/) });
  return body.startPageToken;
}

async function editTitle(id: string, name: string) {
  const { status } = await drive(`/drive/v3/files/${id}`, { method: 'PATCH', body: { name } });
  expect(status).toBe(200);
}

describe('Drive changes and push channels in the simulator', () => {
  it('lists the changes after a start page token, with the file, and a new start token at the end', async () => {
    const token = await startToken();
    const id = t.sim.seeded!.meetingNotesId;
    const empty = await drive(`/drive/v3/changes?pageToken=${token}`);
    expect(empty.body).toEqual({ kind: 'drive#changeList', newStartPageToken: token, changes: [] });
    await editTitle(id, 'Renamed notes');
    const { body } = await drive(
      `/drive/v3/changes?pageToken=${token}&fields=${encodeURIComponent('newStartPageToken,nextPageToken,changes(fileId,time,removed,file(id,name,mimeType))')}`,
    );
    expect(body.changes).toEqual([
      {
        fileId: id,
        time: expect.any(String),
        removed: false,
        file: { id, name: 'Renamed notes', mimeType: 'application/vnd.google-apps.document' },
      },
    ]);
    expect(Number(body.newStartPageToken)).toBeGreaterThan(Number(token));
    const after = await drive(`/drive/v3/changes?pageToken=${body.newStartPageToken}`);
    expect(after.body.changes).toEqual([]);
    expect(t.sim.server.violations).toEqual([]);
  });

  it('pages with nextPageToken, reports each file once in its latest state, and a deleted file as removed', async () => {
    const token = await startToken();
    const create = async (name: string) =>
      (await drive('/drive/v3/files', { method: 'POST', body: { name, mimeType: 'text/plain' } })).body
        .id as string;
    const kept = await create('Kept');
    const gone = await create('Gone');
    await editTitle(kept, 'Kept 2');
    await editTitle(t.sim.seeded!.meetingNotesId, 'Notes 2');
    expect((await drive(`/drive/v3/files/${gone}`, { method: 'DELETE' })).status).toBe(204);
    const fields = `&fields=${encodeURIComponent('nextPageToken,newStartPageToken,changes(fileId,removed,file(name))')}`;
    const first = await drive(`/drive/v3/changes?pageToken=${token}&pageSize=2${fields}`);
    expect(first.body.changes).toEqual([
      { fileId: kept, removed: false, file: { name: 'Kept 2' } },
      { fileId: t.sim.seeded!.meetingNotesId, removed: false, file: { name: 'Notes 2' } },
    ]);
    expect(first.body.nextPageToken).toBeDefined();
    expect(first.body.newStartPageToken).toBeUndefined();
    const second = await drive(`/drive/v3/changes?pageToken=${first.body.nextPageToken}&pageSize=2`);
    expect(second.body.changes).toEqual([
      {
        kind: 'drive#change',
        changeType: 'file',
        type: 'file',
        fileId: gone,
        time: expect.any(String),
        removed: true,
      },
    ]);
    expect(second.body.newStartPageToken).toBeDefined();
    const bad = await drive('/drive/v3/changes');
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors[0]).toMatchObject({ reason: 'required', location: 'pageToken' });
    expect(t.sim.server.violations).toEqual([
      'GET /drive/v3/changes: drive.changes.list needs query parameter pageToken',
    ]);
    t.sim.server.reset();
  });

  it('watch opens a channel that gets sync, then one change notification per change, numbered', async () => {
    const token = await startToken();
    const expiration = Date.now() + 600_000;
    const watch = await drive(`/drive/v3/changes/watch?pageToken=${token}`, {
      method: 'POST',
      body: {
        id: 'channel-1',
        type: 'web_hook',
        address: receiver.url,
        token: 'channel-secret',
        expiration: String(expiration),
      },
    });
    expect(watch.status).toBe(200);
    expect(watch.body).toMatchObject({
      kind: 'api#channel',
      id: 'channel-1',
      resourceId: expect.any(String),
      token: 'channel-secret',
      expiration: String(expiration),
    });
    await editTitle(t.sim.seeded!.meetingNotesId, 'Pushed');
    await t.sim.changes.idle();
    expect(receiver.received.map((n) => n.headers['x-goog-resource-state'])).toEqual(['sync', 'change']);
    expect(receiver.received[1]!.headers).toMatchObject({
      'x-goog-channel-id': 'channel-1',
      'x-goog-channel-token': 'channel-secret',
      'x-goog-resource-id': watch.body.resourceId,
      'x-goog-message-number': '2',
      'x-goog-channel-expiration': new Date(expiration).toUTCString(),
    });
    expect(receiver.received[1]!.rawBody).toBe('');
    expect(t.sim.server.violations).toEqual([]);
  });

  it('refuses a non-HTTPS address off loopback and a duplicate channel id; stop closes the channel', async () => {
    const token = await startToken();
    const open = (id: string, address: string) =>
      drive(`/drive/v3/changes/watch?pageToken=${token}`, {
        method: 'POST',
        body: { id, type: 'web_hook', address },
      });
    expect((await open('c', 'http://example.com/hook')).status).toBe(400);
    const channel = await open('c', receiver.url);
    expect(channel.status).toBe(200);
    expect((await open('c', receiver.url)).body.error.errors[0].reason).toBe('channelIdNotUnique');
    const stopped = await drive('/drive/v3/channels/stop', {
      method: 'POST',
      body: { id: 'c', resourceId: channel.body.resourceId },
    });
    expect(stopped.status).toBe(204);
    await editTitle(t.sim.seeded!.meetingNotesId, 'Nobody hears');
    await t.sim.changes.idle();
    expect(receiver.received.map((n) => n.headers['x-goog-resource-state'])).toEqual(['sync']);
    const again = await drive('/drive/v3/channels/stop', {
      method: 'POST',
      body: { id: 'c', resourceId: channel.body.resourceId },
    });
    expect(again.status).toBe(404);
  });

  it('an expired channel gets nothing more', async () => {
    let now = Date.now();
    const sim = await docsSimulator.start({ seed: true, now: () => now });
    try {
      const auth = { authorization: `Bearer ${sim.connection.credentials.accessToken}` };
      const start = await fetch(`${sim.url}/drive/v3/changes/startPageToken`, { headers: auth });
      const { startPageToken: token } = (await start.json()) as { startPageToken: string };
      const watch = await fetch(`${sim.url}/drive/v3/changes/watch?pageToken=${token}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: 'short',
          type: 'web_hook',
          address: receiver.url,
          expiration: String(now + 60_000),
        }),
      });
      expect(watch.status).toBe(200);
      now += 61_000;
      sim.state.touch(sim.state.files.get(sim.seeded!.meetingNotesId)!, 'alex@example.com');
      await sim.changes.idle();
      expect(receiver.received.map((n) => n.headers['x-goog-resource-state'])).toEqual(['sync']);
      expect(sim.changes.channels.size).toBe(0);
    } finally {
      await sim.close();
    }
  });

  it('a document edit through the Docs API is a Drive change too', async () => {
    const token = await startToken();
    const id = t.sim.seeded!.meetingNotesId;
    const { status } = await drive(`/v1/documents/${id}:batchUpdate`, {
      method: 'POST',
      body: { requests: [{ insertText: { location: { index: 1 }, text: 'Hello ' } }] },
    });
    expect(status).toBe(200);
    const { body } = await drive(`/drive/v3/changes?pageToken=${token}&fields=changes(fileId)`);
    expect(body.changes).toEqual([{ fileId: id }]);
  });
});
