import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contextOf, signTimestamped, verifyTimestamped } from '@c/core';
import { type PaymentsContext, verifyStripeSignature } from '@c/payments';
import type { PaymentsSandbox } from '@c/payments/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { createHttpServer } from '../http/server.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';

const TOKEN = 'test-access-token-triggers-0123';
const auth = { authorization: `Bearer ${TOKEN}` };
let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
let app: FastifyInstance;
let base: string;

/** A caller's receiver for `deliverTo`: fails the first `failures` deliveries, records every one. */
let receiver: Server;
let receiverUrl: string;
let failures = 2;
const received: { headers: IncomingHttpHeaders; body: string; status: number }[] = [];

beforeAll(async () => {
  host = await tempHost(await loadConnectors(['payments']), { token: TOKEN });
  await host.access.init();
  sandbox = await startSandbox(host);
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const status = failures > 0 ? 500 : 200;
      failures -= 1;
      received.push({ headers: req.headers, body, status });
      res.writeHead(status).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await host?.cleanup();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Reads the events API until `count` events of the subscription are there. */
async function eventsOf(subscription: string, count: number) {
  for (;;) {
    const response = await call(base, 'GET', `/api/events?subscription=${subscription}`, { headers: auth });
    expect(response.status).toBe(200);
    if (response.json.events.length >= count) return response.json;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const stripeSim = () => sandbox.simulators.payments as PaymentsSandbox;

describe('payments.event through the host, end to end', () => {
  let subscription: { id: string; hookUrl: string; deliverSecret: string };
  let whsec: string;

  it('lists payments.event in GET /api/triggers with its schemas', async () => {
    const response = await call(base, 'GET', '/api/triggers', { headers: auth });
    expect(response.status).toBe(200);
    const entry = response.json.find((item: { id: string }) => item.id === 'payments.event');
    expect(entry).toMatchObject({ connector: 'payments', kinds: ['webhook'], title: 'Stripe Event' });
    expect(entry.inputSchema.required).toEqual(['events']);
    expect((await call(base, 'GET', '/api/triggers')).status).toBe(401);
  });

  it('refuses a subscription with bad filters, naming the parameter, and creates no endpoint', async () => {
    const response = await call(base, 'POST', '/api/subscriptions', {
      headers: auth,
      body: { trigger: 'payments.event', input: { events: ['not an event'] } },
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({ kind: 'validation', parameter: 'events.0' });
    expect(stripeSim().state.webhookEndpoints.size).toBe(0);
    const unknown = await call(base, 'POST', '/api/subscriptions', {
      headers: auth,
      body: { trigger: 'payments.evnt', input: {} },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toContain('payments.event');
  });

  it('refuses a deliverTo at an internal address over any scheme, or with user info, and creates no endpoint', async () => {
    const refused: [string, RegExp][] = [
      ['https://169.254.169.254/x', /internal address/],
      ['https://10.0.0.1/x', /internal address/],
      ['https://192.168.1.20/x', /internal address/],
      ['https://172.16.0.1/x', /internal address/],
      ['https://[::ffff:a9fe:a9fe]/x', /internal address/],
      ['https://[::ffff:10.0.0.1]/x', /internal address/],
      ['https://[fd00::1]/x', /internal address/],
      ['https://[fe80::1]/x', /internal address/],
      ['https://metadata.google.internal/x', /internal address/],
      ['https://metadata.google.internal./x', /internal address/],
      ['https://0xa9fea9fe/x', /internal address/],
      ['http://u:p@127.0.0.1:9998/x', /user info/],
      ['https://u:p@example.com/x', /user info/],
      ['http://169.254.169.254/x', /https:\/\//],
      ['http://example.com/x', /https:\/\//],
      ['ftp://example.com/x', /http or https/],
    ];
    for (const [url, message] of refused) {
      const response = await call(base, 'POST', '/api/subscriptions', {
        headers: auth,
        body: { trigger: 'payments.event', input: { events: ['customer.created'] }, deliverTo: { url } },
      });
      expect(response.status, url).toBe(400);
      expect(response.json.error, url).toMatchObject({ kind: 'validation', parameter: 'deliverTo.url' });
      expect(response.json.error.message, url).toMatch(message);
      expect(response.json.error.message, url).toContain('deliverTo');
    }
    expect(stripeSim().state.webhookEndpoints.size).toBe(0);
    const listed = await call(base, 'GET', '/api/subscriptions', { headers: auth });
    expect(listed.json).toEqual([]);
  });

  it('subscribes: a Stripe webhook endpoint at the hook URL, the delivery secret shown once', async () => {
    const response = await call(base, 'POST', '/api/subscriptions', {
      headers: auth,
      body: {
        trigger: 'payments.event',
        input: { events: ['customer.created'] },
        deliverTo: { url: receiverUrl },
      },
    });
    expect(response.status).toBe(201);
    subscription = response.json;
    expect(response.json).toMatchObject({
      trigger: 'payments.event',
      connection: 'sandbox-payments',
      input: { events: ['customer.created'] },
      status: 'active',
      hookUrl: `${base}/hooks/${response.json.id}`,
    });
    expect(response.json.deliverSecret).toMatch(/^c_whsec_/);
    const [endpoint] = stripeSim().state.webhookEndpoints.list();
    expect(endpoint).toMatchObject({ url: subscription.hookUrl, enabled_events: ['customer.created'] });
    whsec = endpoint?.secret as string;
    const read = await call(base, 'GET', `/api/subscriptions/${subscription.id}`, { headers: auth });
    expect(read.json.deliverSecret).toBeUndefined();
    expect(read.text).not.toContain(whsec);
  });

  it('stores the customer.created event the simulator delivers when payments.createCustomer runs', async () => {
    const run = await call(base, 'POST', '/api/commands/payments.createCustomer/run', {
      headers: auth,
      body: { input: { email: 'loop@example.com' } },
    });
    expect(run.status).toBe(200);
    const { events, nextCursor } = await eventsOf(subscription.id, 1);
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        trigger: 'payments.event',
        subscription: subscription.id,
        type: 'customer.created',
        occurredAt: expect.any(String),
        receivedAt: expect.any(String),
        data: expect.objectContaining({
          type: 'customer.created',
          data: { object: expect.objectContaining({ id: run.json.result.id, email: 'loop@example.com' }) },
        }),
      },
    ]);
    expect(nextCursor).toMatch(/^\d+$/);
    const after = await call(base, 'GET', `/api/events?subscription=${subscription.id}&after=${nextCursor}`, {
      headers: auth,
    });
    expect(after.json).toEqual({ events: [], nextCursor });
    // Stripe got a 2xx at once.
    await stripeSim().webhooks.idle();
    expect(stripeSim().webhooks.log.at(-1)).toMatchObject({ delivered: true, attempts: [200] });
  });

  it('refuses forged, tampered, stale and unsigned deliveries with 400 and stores nothing; a redelivery is stored once', async () => {
    const hook = `/hooks/${subscription.id}`;
    const payload = JSON.stringify({
      id: 'evt_manual_1',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      api_version: '2026-10-28.endive',
      livemode: false,
      data: { object: { id: 'cus_manual', object: 'customer' } },
    });
    const post = (headers: Record<string, string>, body = payload) =>
      call(base, 'POST', hook, {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.parse(body),
      });
    const signed = signTimestamped(whsec, payload);
    const forged = signTimestamped('whsec_forged', payload);
    const stale = signTimestamped(whsec, payload, Math.floor(Date.now() / 1000) - 301);
    const tampered = payload.replace('cus_manual', 'cus_attacker');
    const refusals = [
      await post({ 'stripe-signature': forged }),
      await post({ 'stripe-signature': stale }),
      await post({ 'stripe-signature': signed }, tampered),
      await post({}),
    ];
    expect(refusals.map((response) => [response.status, response.json.error.kind])).toEqual([
      [400, 'signature'],
      [400, 'signature'],
      [400, 'signature'],
      [400, 'signature'],
    ]);
    expect((await post({ 'stripe-signature': signed }, payload)).status).toBe(200);
    const repeat = await post({ 'stripe-signature': signed, origin: 'https://stripe.example' });
    expect(repeat.status).toBe(200);
    expect(repeat.json).toEqual({ received: true, stored: 0, duplicates: 1 });
    const unknown = await call(base, 'POST', '/hooks/sub_unknown', {
      headers: { 'content-type': 'application/json', 'stripe-signature': signed },
      body: JSON.parse(payload),
    });
    expect(unknown.status).toBe(404);
    const { events } = await eventsOf(subscription.id, 2);
    expect(events.map((event: { id: string }) => event.id)).toEqual([
      expect.stringMatching(/^evt_/),
      'evt_manual_1',
    ]);
    expect(JSON.stringify(events)).not.toContain('cus_attacker');
  });

  it('delivers each event to deliverTo signed with the subscription’s secret, in order, retried after failures', async () => {
    for (;;) {
      const read = await call(base, 'GET', `/api/subscriptions/${subscription.id}`, { headers: auth });
      const deliveries = read.json.deliveries as { status: string; attempts: number; eventId: string }[];
      if (deliveries.length === 2 && deliveries.every((delivery) => delivery.status === 'delivered')) {
        // The first one failed twice (500, 500) before it went; the second waited for it.
        expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
          ['delivered', 3],
          ['delivered', 1],
        ]);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(received.map((delivery) => delivery.status)).toEqual([500, 500, 200, 200]);
    const bodies = received.map((delivery) => JSON.parse(delivery.body));
    expect(bodies.map((body) => body.id)).toEqual([bodies[0].id, bodies[0].id, bodies[0].id, 'evt_manual_1']);
    for (const delivery of received) {
      expect(() =>
        verifyTimestamped({
          header: delivery.headers['c-signature'] as string,
          rawBody: delivery.body,
          secret: subscription.deliverSecret,
        }),
      ).not.toThrow();
    }
    // The same scheme as Stripe's: a Stripe verifier accepts it with the subscription's secret.
    const last = received.at(-1)!;
    const resigned = { 'stripe-signature': last.headers['c-signature'] as string };
    expect(() => verifyStripeSignature({ headers: resigned, rawBody: last.body }, 'c_whsec_other')).toThrow();
  }, 30_000);

  it('streams events as Server-Sent Events, resuming after Last-Event-ID', async () => {
    const first = await call(base, 'GET', `/api/events?subscription=${subscription.id}&limit=1`, {
      headers: auth,
    });
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events/stream?subscription=${subscription.id}`, {
      headers: { ...auth, 'last-event-id': first.json.nextCursor },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('\n\n', text.indexOf('data:'))) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const frame = text.slice(text.indexOf('id:'));
    expect(frame).toMatch(/^id: \d+\nevent: event\ndata: /);
    expect(JSON.parse(frame.split('data: ')[1]!.split('\n')[0]!).id).toBe('evt_manual_1');
  });

  it('lets an MCP client list subscriptions and wait for the next event after a cursor', async () => {
    const server = createMcpServer(host);
    const client = new Client({ name: 'test', version: '1' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['list_subscriptions', 'read_events']),
      );
      const listed = await client.callTool({ name: 'list_subscriptions', arguments: {} });
      expect(listed.structuredContent).toMatchObject({
        subscriptions: [{ id: subscription.id, trigger: 'payments.event' }],
      });
      const read = await client.callTool({
        name: 'read_events',
        arguments: { subscription: subscription.id },
      });
      const { events, nextCursor } = read.structuredContent as {
        events: { id: string }[];
        nextCursor: string;
      };
      expect(events.map((event) => event.id)).toEqual([expect.stringMatching(/^evt_/), 'evt_manual_1']);
      // Waiting after the last cursor: a customer created meanwhile ends the wait with its event.
      const waiting = client.callTool({
        name: 'read_events',
        arguments: { subscription: subscription.id, after: nextCursor, waitSeconds: 30 },
      });
      await call(base, 'POST', '/api/commands/payments.createCustomer/run', {
        headers: auth,
        body: { input: { email: 'waited@example.com' } },
      });
      const next = (await waiting).structuredContent as { events: { type: string; data: any }[] };
      expect(next.events.map((event) => [event.type, event.data.data.object.email])).toEqual([
        ['customer.created', 'waited@example.com'],
      ]);
      const bad = await client.callTool({ name: 'read_events', arguments: { after: 'not-a-cursor' } });
      expect(bad.isError).toBe(true);
      expect(JSON.parse((bad.content as { text: string }[])[0]!.text).error.parameter).toBe('after');
    } finally {
      await client.close();
    }
  });

  it('unsubscribes: the Stripe endpoint is deleted, and its hook refuses deliveries', async () => {
    const response = await call(base, 'DELETE', `/api/subscriptions/${subscription.id}`, { headers: auth });
    expect(response.status).toBe(204);
    expect(stripeSim().state.webhookEndpoints.size).toBe(0);
    const endpoints = await host.connections.withClient('payments', 'sandbox-payments', (client) =>
      contextOf<PaymentsContext>(client).http.request<{ data: unknown[] }>({
        method: 'GET',
        path: '/v1/webhook_endpoints',
      }),
    );
    expect(endpoints.data.data).toEqual([]);
    expect((await call(base, 'GET', '/api/subscriptions', { headers: auth })).json).toEqual([]);
    const late = await call(base, 'POST', `/hooks/${subscription.id}`, {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: { id: 'evt_late' },
    });
    expect(late.status).toBe(404);
  });
});
