import { contextOf, SignatureError, signTimestamped, ValidationError } from '@c/core';
import { startWebhookReceiver, type WebhookReceiver } from '@c/core/testing';
import { useSimulator } from '@c/core/testing/vitest';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentsContext } from '../payments-client.js';
import { MAX_WEBHOOK_ENDPOINTS, paymentsSimulator } from '../testing/index.js';
import { formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { eventTrigger, type PaymentsEventState, verifyStripeSignature } from './event.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ webhookRetryDelaysMs: [10, 10] }));
const stripe = new Stripe('sk_test_unused');

/** A receiver that records every delivery, answering `answer`. */
let receiver: WebhookReceiver;
let hookUrl: string;
let answer = 200;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ status: () => answer });
  hookUrl = receiver.url;
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  answer = 200;
});

const ctx = () => contextOf<PaymentsContext>(h.client);
const subscribe = (events: unknown, previous?: PaymentsEventState, url = hookUrl) =>
  eventTrigger.subscribe!(ctx(), { hookUrl: url, input: eventTrigger.parse({ events }), previous });

describe('verifyStripeSignature', () => {
  const secret = 'whsec_test_conformance';
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created', created: 1 });

  it('accepts what stripe-node signs (generateTestHeaderString), with several v1 values', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(
      verifyStripeSignature({ headers: { 'stripe-signature': header }, rawBody: payload }, secret).id,
    ).toBe('evt_1');
    const rolled = `${header},v1=${'f'.repeat(64)}`;
    expect(
      verifyStripeSignature(
        { headers: { 'Stripe-Signature': rolled }, rawBody: Buffer.from(payload) },
        secret,
      ).type,
    ).toBe('customer.created');
  });

  it('refuses a forged, tampered, replayed or unsigned delivery with a SignatureError', () => {
    const attempt = (headers: Record<string, string>, rawBody = payload) => {
      try {
        verifyStripeSignature({ headers, rawBody }, secret);
      } catch (error) {
        expect(SignatureError.isInstance(error)).toBe(true);
        return (error as SignatureError).reason;
      }
      return 'accepted';
    };
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(attempt({ 'stripe-signature': header }, payload.replace('customer', 'invoice'))).toBe('mismatch');
    expect(
      attempt({
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forged' }),
      }),
    ).toBe('mismatch');
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(
      attempt({
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: old }),
      }),
    ).toBe('stale');
    expect(attempt({})).toBe('missing');
  });
});

describe('payments.event', () => {
  it('refuses filters that are not event types, naming the parameter', () => {
    expect(() => eventTrigger.parse({ events: ['customer created'] })).toThrow(ValidationError);
    expect(() => eventTrigger.parse({})).toThrow('Missing required parameter "events"');
    expect(eventTrigger.parse({ events: 'customer.created, invoice.paid' })).toEqual({
      events: ['customer.created', 'invoice.paid'],
    });
  });

  it('declares the event types a form offers, every one accepted, and still takes a type not listed', () => {
    const properties = eventTrigger.inputSchema.properties as Record<string, unknown>;
    const events = properties.events as { anyOf: { items?: { examples?: string[] } }[] };
    const declared = events.anyOf.find((variant) => variant.items)?.items?.examples ?? [];
    expect(declared[0]).toBe('*');
    expect(declared).toEqual(
      expect.arrayContaining(['customer.created', 'invoice.paid', 'customer.subscription.updated']),
    );
    expect(new Set(declared).size).toBe(declared.length);
    expect(eventTrigger.parse({ events: declared })).toEqual({ events: declared });
    expect(eventTrigger.parse({ events: ['issuing_card.created'] })).toEqual({
      events: ['issuing_card.created'],
    });
  });

  it('creates a webhook endpoint with the URL, the types and the connection’s API version, keeping its secret', async () => {
    const { state } = await subscribe(['customer.created', 'invoice.paid']);
    const create = h.sim.server.calls.find(
      (call) => call.method === 'POST' && call.path === '/v1/webhook_endpoints',
    );
    expect(formPairs(create)).toEqual([
      ['url', hookUrl],
      ['enabled_events[0]', 'customer.created'],
      ['enabled_events[1]', 'invoice.paid'],
      ['api_version', '2026-10-28.endive'],
      ['description', 'c-host trigger payments.event'],
    ]);
    const stored = h.sim.state.webhookEndpoints.get(state.endpointId);
    expect(state.secret).toBe(stored?.secret);
    expect(state.secret).toMatch(/^whsec_/);
    // The secret is shown once: a retrieve does not carry it.
    const retrieved = await ctx().http.request<Record<string, unknown>>({
      method: 'GET',
      path: `/v1/webhook_endpoints/${state.endpointId}`,
    });
    expect(retrieved.data.secret).toBeUndefined();
  });

  it('delivers what stripe-node’s constructEvent accepts when a customer is created, and our verify returns the event', async () => {
    const { state } = await subscribe(['customer.created']);
    const customer = await h.client.run('createCustomer', { email: 'ada@example.com' });
    await h.client.run('getCustomers', { limit: 1 });
    await h.sim.webhooks.idle();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const header = delivery?.headers['stripe-signature'] as string;
    const constructed = stripe.webhooks.constructEvent(delivery!.rawBody, header, state.secret);
    expect(constructed.type).toBe('customer.created');
    expect((constructed.data.object as { id: string }).id).toBe(customer.id);
    const events = await eventTrigger.verify!(
      { headers: delivery!.headers, rawBody: delivery!.rawBody },
      state,
      eventTrigger.parse({ events: ['customer.created'] }),
    );
    expect(events).toEqual([
      {
        id: constructed.id,
        type: 'customer.created',
        occurredAt: new Date(constructed.created * 1000).toISOString(),
        data: expect.objectContaining({
          id: constructed.id,
          data: { object: expect.objectContaining({ email: 'ada@example.com' }) },
        }),
      },
    ]);
    // Another endpoint's secret does not verify it.
    expect(() =>
      eventTrigger.verify!(
        { headers: delivery!.headers, rawBody: delivery!.rawBody },
        { ...state, secret: 'whsec_other' },
        {
          events: ['*'],
        },
      ),
    ).toThrow(SignatureError);
  });

  it('delivers only the types an endpoint enabled, and retries a failing receiver', async () => {
    await subscribe(['customer.updated']);
    answer = 500;
    const customer = await h.client.run('createCustomer', { name: 'A' });
    await h.client.run('updateCustomer', { customerId: customer.id, name: 'B' });
    await h.sim.webhooks.idle();
    expect(receiver.received.map((delivery) => delivery.body.type)).toEqual([
      'customer.updated',
      'customer.updated',
      'customer.updated',
    ]);
    expect(h.sim.webhooks.log.at(-1)).toMatchObject({
      type: 'customer.updated',
      attempts: [500, 500, 500],
      delivered: false,
    });
  });

  it('returns no event for a type outside the filter (an endpoint changed elsewhere)', async () => {
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const secret = 'whsec_x';
    const headers = { 'stripe-signature': signTimestamped(secret, payload) };
    const state = { endpointId: 'we_1', secret };
    expect(
      await eventTrigger.verify!({ headers, rawBody: payload }, state, { events: ['customer.created'] }),
    ).toEqual([]);
    expect(await eventTrigger.verify!({ headers, rawBody: payload }, state, { events: ['*'] })).toHaveLength(
      1,
    );
  });

  it('reuses the endpoint at the same URL instead of adding one, even at Stripe’s cap of 16', async () => {
    const first = await subscribe(['customer.created']);
    for (let index = 1; index < MAX_WEBHOOK_ENDPOINTS; index += 1) {
      await subscribe(['customer.created'], undefined, `${hookUrl}-${index}`);
    }
    expect(h.sim.state.webhookEndpoints.size).toBe(MAX_WEBHOOK_ENDPOINTS);
    // Re-subscribing with other filters updates the endpoint in place and keeps its secret.
    const again = await subscribe(['customer.updated'], first.state);
    expect(again.state).toEqual(first.state);
    expect(h.sim.state.webhookEndpoints.size).toBe(MAX_WEBHOOK_ENDPOINTS);
    expect(h.sim.state.webhookEndpoints.get(first.state.endpointId)?.enabled_events).toEqual([
      'customer.updated',
    ]);
    // Without the earlier state (its secret is lost), the endpoint at that URL is replaced, not doubled.
    const replaced = await subscribe(['customer.created']);
    expect(replaced.state.endpointId).not.toBe(first.state.endpointId);
    expect(h.sim.state.webhookEndpoints.size).toBe(MAX_WEBHOOK_ENDPOINTS);
    expect(h.sim.state.webhookEndpoints.list().filter((endpoint) => endpoint.url === hookUrl)).toHaveLength(
      1,
    );
    // A 17th URL is refused by Stripe, and the error says so.
    await expect(subscribe(['customer.created'], undefined, `${hookUrl}-new`)).rejects.toMatchObject({
      status: 400,
      providerMessage: expect.stringContaining('maximum of 16 test webhook endpoints'),
    });
  });

  it('moves its endpoint to a new URL given the previous state: the same endpoint and secret, nothing left at the old URL', async () => {
    const first = await subscribe(['customer.created']);
    const moved = hookUrl.replace('/hooks/', '/moved/hooks/');
    const again = await subscribe(['customer.created'], first.state, moved);
    expect(again.state).toEqual(first.state);
    const update = h.sim.server.calls.findLast(
      (call) => call.method === 'POST' && call.path === `/v1/webhook_endpoints/${first.state.endpointId}`,
    );
    expect(formPairs(update)).toEqual([
      ['url', moved],
      ['enabled_events[0]', 'customer.created'],
      ['disabled', 'false'],
    ]);
    expect(h.sim.state.webhookEndpoints.list().map((endpoint) => endpoint.url)).toEqual([moved]);
    await h.client.run('createCustomer', { email: 'moved@example.com' });
    await h.sim.webhooks.idle();
    expect(receiver.received.map((delivery) => delivery.path)).toEqual(['/moved/hooks/test']);
    const [delivery] = receiver.received;
    const events = await eventTrigger.verify!(
      { headers: delivery!.headers, rawBody: delivery!.rawBody },
      again.state,
      eventTrigger.parse({ events: ['customer.created'] }),
    );
    expect(events.map((event) => event.type)).toEqual(['customer.created']);
  });

  it('creates a new endpoint when the previous one is gone (deleted in the Dashboard), and replaces a stale one at the new URL', async () => {
    const first = await subscribe(['customer.created']);
    await eventTrigger.unsubscribe!(ctx(), first.state);
    const moved = `${hookUrl}-moved`;
    // An endpoint at the new URL whose secret is lost: replaced, not kept beside the new one.
    const stale = await subscribe(['customer.created'], undefined, moved);
    const again = await subscribe(['customer.created'], first.state, moved);
    expect(again.state.endpointId).not.toBe(first.state.endpointId);
    expect(h.sim.state.webhookEndpoints.list().map((endpoint) => [endpoint.id, endpoint.url])).toEqual([
      [again.state.endpointId, moved],
    ]);
    expect(h.sim.state.webhookEndpoints.has(stale.state.endpointId)).toBe(false);
  });

  it('deletes the endpoint on unsubscribe, and a second unsubscribe is not an error', async () => {
    const { state } = await subscribe(['*']);
    await eventTrigger.unsubscribe!(ctx(), state);
    expect(h.sim.state.webhookEndpoints.has(state.endpointId)).toBe(false);
    const deletes = h.sim.server.calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => call.path)).toEqual([`/v1/webhook_endpoints/${state.endpointId}`]);
    await expect(eventTrigger.unsubscribe!(ctx(), state)).resolves.toBeUndefined();
  });
});
