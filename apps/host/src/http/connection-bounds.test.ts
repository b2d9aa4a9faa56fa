// What one client may hold of the server: a request trickled a byte at a time is cut off (408) at
// the request time limit; a token holds at most so many event streams at once (429 past it, room
// again when one closes); and a stream opened without a cursor starts with the recent events, not
// the whole history (issue 32, item 4).
import { once } from 'node:events';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { things } from '../test-support/fake-connector.js';
import { tempHost } from '../test-support/temp-host.js';
import { MAX_STREAMS_PER_ACTOR, REPLAY_WITHOUT_CURSOR } from './event-stream.js';
import { createHttpServer } from './server.js';

const TOKEN = 'connection-bounds-token-0123456789abcdef';
const EVENTS = REPLAY_WITHOUT_CURSOR + 50;

let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  host = await tempHost([things], { token: TOKEN });
  await host.access.init();
  app = await createHttpServer({ host, bind: '127.0.0.1', requestTimeoutMs: 1_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await host.store.triggers.createSubscription({
    id: 'sub_bounds',
    trigger: 'payments.event',
    connection: 'sandbox-payments',
    input: { events: ['customer.created'] },
    state: {},
  });
  const events = Array.from({ length: EVENTS }, (_, index) => ({
    id: `evt_${index + 1}`,
    type: 'customer.created',
    occurredAt: '2026-12-01T10:00:00.000Z',
    data: { n: index + 1 },
  }));
  await host.store.triggers.addEvents('sub_bounds', events);
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
});

const auth = { authorization: `Bearer ${TOKEN}` };

/** Opens an event stream and reads frames until `count` events came (or none is asked for). */
async function openStream(query = '', count = 0) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events/stream${query}`, {
    headers: auth,
    signal: controller.signal,
  });
  const ids: string[] = [];
  if (response.status === 200 && count > 0) {
    const reader = response.body!.getReader();
    let text = '';
    while (ids.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      const frames = text.split('\n\n');
      text = frames.pop() ?? '';
      for (const frame of frames) {
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data) ids.push((JSON.parse(data.slice(6)) as { id: string }).id);
      }
    }
  }
  return { response, ids, close: () => controller.abort() };
}

describe('connection bounds', () => {
  it('cuts off a request whose body trickles in a byte at a time, with a 408', async () => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    await once(socket, 'connect');
    socket.write(
      `POST /api/session HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n{`,
    );
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    await once(socket, 'close');
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // The error JSON of every other failure, retryable: sent again whole, the request goes through.
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      error: { kind: 'timeout', retryable: true },
    });
    // Cut near the limit (1 s here; 30 s by default), not held while bytes keep coming.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('starts a stream without a cursor at the recent events, and one with after=0 at the first', async () => {
    const recent = await openStream('?subscription=sub_bounds', REPLAY_WITHOUT_CURSOR);
    recent.close();
    expect(recent.response.status).toBe(200);
    expect(recent.ids[0]).toBe(`evt_${EVENTS - REPLAY_WITHOUT_CURSOR + 1}`);
    expect(recent.ids.at(-1)).toBe(`evt_${EVENTS}`);
    const all = await openStream('?subscription=sub_bounds&after=0', 1);
    all.close();
    expect(all.ids[0]).toBe('evt_1');
  });

  it('refuses a JSON body that is not UTF-8 or is labelled compressed, before any route runs', async () => {
    const send = (body: Uint8Array, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/connections`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', ...headers },
        body,
      });
    const bad = await send(new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { kind: 'validation', message: expect.stringMatching(/UTF-8/) },
    });
    const gzip = await send(new TextEncoder().encode('{"name":"x"}'), { 'content-encoding': 'gzip' });
    expect(gzip.status).toBe(400);
    expect(await gzip.json()).toMatchObject({
      error: { message: expect.stringMatching(/Content-Encoding "gzip"/) },
    });
    expect(await host.store.connections.list()).toEqual([]);
  });

  it('answers headers too large with a 431 in the error JSON', async () => {
    const response = await fetch(`${base}/api/health`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ error: { kind: 'validation', retryable: false } });
  });

  it(`holds at most ${MAX_STREAMS_PER_ACTOR} streams per token, and has room again when one closes`, async () => {
    const open = [];
    for (let index = 0; index < MAX_STREAMS_PER_ACTOR; index += 1) {
      const stream = await openStream('?after=999999');
      expect(stream.response.status).toBe(200);
      open.push(stream);
    }
    const refused = await openStream('?after=999999');
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toMatchObject({ error: { kind: 'rate_limit', retryable: true } });
    open.pop()!.close();
    // The server hears of the close when the socket ends: try until the count went down.
    let again = await openStream('?after=999999');
    for (let tries = 0; again.response.status === 429 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await openStream('?after=999999');
    }
    expect(again.response.status).toBe(200);
    again.close();
    for (const stream of open) stream.close();
  });
});
