import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

let receiver: WebhookReceiver | undefined;
afterEach(() => receiver?.close());

describe('startWebhookReceiver', () => {
  it('records each delivery: method, path, lower-case headers, the exact body and its JSON', async () => {
    receiver = await startWebhookReceiver();
    const rawBody = '{"type": "Issue",  "n": 1}';
    const response = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Signature': 'abc' },
      body: rawBody,
    });
    expect(response.status).toBe(200);
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/test$/);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({
      method: 'POST',
      path: '/hooks/test',
      headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
      rawBody,
      body: { type: 'Issue', n: 1 },
    });
  });

  it('keeps an empty or non-JSON body as text, with no parsed body, and goes on receiving', async () => {
    receiver = await startWebhookReceiver();
    expect((await fetch(receiver.url, { method: 'POST' })).status).toBe(200);
    expect((await fetch(receiver.url, { method: 'POST', body: 'not json' })).status).toBe(200);
    expect(receiver.received.map(({ rawBody, body }) => ({ rawBody, body }))).toEqual([
      { rawBody: '', body: undefined },
      { rawBody: 'not json', body: undefined },
    ]);
  });

  it('answers with the status the test chooses, so a sender’s retries can be watched', async () => {
    let refuse = 1;
    receiver = await startWebhookReceiver({ status: () => (refuse-- > 0 ? 500 : 204) });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      statuses.push((await fetch(receiver.url, { method: 'POST', body: '{}' })).status);
    }
    expect(statuses).toEqual([500, 204]);
    expect(receiver.received).toHaveLength(2);
  });
});

describe('startWebhookReceiver, when a sender hangs up mid-body', () => {
  it('records nothing of it and goes on receiving', async () => {
    receiver = await startWebhookReceiver();
    const { port, pathname } = new URL(receiver.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    // `Expect: 100-continue`: the server's answer says it has the request in hand before half a body comes.
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(String((await once(socket, 'data'))[0])).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write('{"half":');
    socket.destroy();
    await once(socket, 'close');
    expect((await fetch(receiver.url, { method: 'POST', body: '{}' })).status).toBe(200);
    expect(receiver.received.map(({ rawBody }) => rawBody)).toEqual(['{}']);
  });
});
