// Checkout Sessions and Payment Links against the Stripe simulator over loopback: creation with
// Stripe's mode rules, the session status machine (open, complete, expired) and its events, line
// items, and links turned off and on.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createCheckoutSession } from './create-checkout-session.js';
import { createPaymentLink } from './create-payment-link.js';
import { expireCheckoutSession } from './expire-checkout-session.js';
import { getCheckoutSession } from './get-checkout-session.js';
import { listCheckoutSessionLineItems } from './list-checkout-session-line-items.js';
import { listCheckoutSessions } from './list-checkout-sessions.js';
import { listPaymentLinks } from './list-payment-links.js';
import { updatePaymentLink } from './update-payment-link.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const { prices, customers } = SEED_IDS;

describe('createCheckoutSession, getCheckoutSession, listCheckoutSessionLineItems', () => {
  it('opens a payment page for one-time items, with its url, total and line items', async () => {
    const session = await h.client.run('createCheckoutSession', {
      mode: 'payment',
      lineItems: [{ price: prices.onboarding, quantity: 2 }],
      successUrl: 'https://shop.example.com/thanks',
      customerId: customers.ada,
      metadata: { order: '42' },
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['mode', 'payment'],
      ['line_items[0][price]', prices.onboarding],
      ['line_items[0][quantity]', '2'],
      ['success_url', 'https://shop.example.com/thanks'],
      ['customer', customers.ada],
      ['metadata[order]', '42'],
    ]);
    const onboarding = h.sim.state.prices.get(prices.onboarding)?.unit_amount as number;
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      customer: customers.ada,
      amount_total: onboarding * 2,
      metadata: { order: '42' },
    });
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(86_400);
    expectOutput(createCheckoutSession, session);
    const read = await h.client.run('getCheckoutSession', { sessionId: session.id });
    expect(read).toEqual(session);
    expectOutput(getCheckoutSession, read);
    const lines = await h.client.run('listCheckoutSessionLineItems', { sessionId: session.id });
    expect(lines.data).toEqual([
      expect.objectContaining({
        object: 'item',
        quantity: 2,
        amount_total: onboarding * 2,
        price: expect.objectContaining({ id: prices.onboarding }),
      }),
    ]);
    expect(lines.url).toBe(`/v1/checkout/sessions/${session.id}/line_items`);
    expectOutput(listCheckoutSessionLineItems, lines);
  });

  it('refuses what Stripe refuses: a recurring price in payment mode, none in subscription mode', async () => {
    const recurring = await failure(
      h.client.run('createCheckoutSession', { mode: 'payment', lineItems: [{ price: prices.proMonthly }] }),
    );
    expect(recurring.message).toContain('passed a recurring price');
    const oneTime = await failure(
      h.client.run('createCheckoutSession', {
        mode: 'subscription',
        lineItems: [{ price: prices.onboarding }],
      }),
    );
    expect(oneTime.message).toContain('at least one recurring price');
    const inactive = await failure(
      h.client.run('createCheckoutSession', {
        mode: 'subscription',
        lineItems: [{ price: prices.starterLegacy }],
      }),
    );
    expect(inactive.message).toContain('not active');
    expect(h.sim.state.checkoutSessions.size).toBe(0);
  });

  it('checks its input before sending: items by mode, one way to name the customer', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'payment' }, 'lineItems'],
      [{ mode: 'setup', lineItems: [{ price: prices.onboarding }] }, 'lineItems'],
      [{ mode: 'payment', lineItems: [{ price: 'prod_x' }] }, 'lineItems.0.price'],
      [{ mode: 'payment', lineItems: [] }, 'lineItems'],
      [
        {
          mode: 'payment',
          lineItems: [{ price: prices.onboarding }],
          customerId: 'cus_a',
          customerEmail: 'a@b.co',
        },
        'customerEmail',
      ],
    ];
    for (const [input, parameter] of cases) {
      const error = await failure(h.client.run('createCheckoutSession', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(0);
    const dry = await h.client.run(
      'createCheckoutSession',
      { mode: 'setup', customerId: customers.ada },
      { dryRun: true, idempotencyKey: 'cart-7' },
    );
    expect(dry).toMatchObject({
      dryRun: true,
      requests: [{ method: 'POST', headers: { 'idempotency-key': 'cart-7' } }],
    });
    expect(h.sim.server.calls).toHaveLength(0);
  });
});

describe('listCheckoutSessions, expireCheckoutSession and the customer paying', () => {
  it('completes a paid session, expires an open one, refuses to expire either again', async () => {
    const paid = await h.client.run('createCheckoutSession', {
      mode: 'payment',
      lineItems: [{ price: prices.onboarding }],
      customerEmail: 'new@example.com',
    });
    const abandoned = await h.client.run('createCheckoutSession', {
      mode: 'subscription',
      lineItems: [{ price: prices.proMonthly }],
      customerId: customers.grace,
    });
    const done = h.sim.completeCheckoutSession(paid.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = h.sim.state.paymentIntents.get(done.payment_intent as string);
    expect(intent).toMatchObject({ status: 'succeeded', amount: paid.amount_total });

    const expired = await h.client.run('expireCheckoutSession', { sessionId: abandoned.id });
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expectOutput(expireCheckoutSession, expired);
    for (const session of [paid, abandoned]) {
      const again = await failure(h.client.run('expireCheckoutSession', { sessionId: session.id }));
      expect(again.message).toMatch(/Only Checkout Sessions with a status in \["open"\] can be expired/);
    }

    const open = await h.client.run('listCheckoutSessions', { status: 'complete' });
    expect(open.data.map((session) => session.id)).toEqual([paid.id]);
    expect(open.data[0]?.payment_intent).toBe(intent?.id);
    expectOutput(listCheckoutSessions, open);
    const graces = await h.client.run('listCheckoutSessions', { customerId: customers.grace });
    expect(graces.data.map((session) => session.id)).toEqual([abandoned.id]);
    const types = h.sim.state.events.list().map((event) => event.type);
    expect(types).toContain('checkout.session.completed');
    expect(types).toContain('checkout.session.expired');
    expect(expireCheckoutSession.annotations).toMatchObject({ readOnly: false, destructive: true });
  });

  it('subscribes the customer a subscription-mode session makes', async () => {
    const session = await h.client.run('createCheckoutSession', {
      mode: 'subscription',
      lineItems: [{ price: prices.starterMonthly, quantity: 3 }],
      customerEmail: 'team@example.com',
    });
    const done = h.sim.completeCheckoutSession(session.id);
    const subscription = h.sim.state.subscriptions.get(done.subscription as string);
    expect(subscription).toMatchObject({ status: 'active', customer: done.customer });
    expect(h.sim.state.customers.get(done.customer as string)?.email).toBe('team@example.com');
    const read = await h.client.run('getCheckoutSession', { sessionId: session.id });
    expect(read).toMatchObject({ status: 'complete', subscription: subscription?.id });
  });
});

describe('createPaymentLink, listPaymentLinks, updatePaymentLink', () => {
  it('makes a shareable link, redirecting after payment, and turns it off and on', async () => {
    const link = await h.client.run('createPaymentLink', {
      lineItems: [{ price: prices.onboarding, quantity: 1 }],
      afterCompletionUrl: 'https://shop.example.com/welcome',
      allowPromotionCodes: true,
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['line_items[0][price]', prices.onboarding],
      ['line_items[0][quantity]', '1'],
      ['after_completion[type]', 'redirect'],
      ['after_completion[redirect][url]', 'https://shop.example.com/welcome'],
      ['allow_promotion_codes', 'true'],
    ]);
    expect(link).toMatchObject({
      object: 'payment_link',
      active: true,
      after_completion: { type: 'redirect', redirect: { url: 'https://shop.example.com/welcome' } },
      allow_promotion_codes: true,
    });
    expect(link.url).toMatch(/^https:\/\/buy\.stripe\.com\/test_/);
    expectOutput(createPaymentLink, link);
    const off = await h.client.run('updatePaymentLink', {
      paymentLinkId: link.id,
      active: false,
      metadata: { campaign: 'spring' },
    });
    expect(off).toMatchObject({ active: false, metadata: { campaign: 'spring' } });
    expectOutput(updatePaymentLink, off);
    const inactive = await h.client.run('listPaymentLinks', { active: false });
    expect(inactive.data.map((entry) => entry.id)).toEqual([link.id]);
    expectOutput(listPaymentLinks, inactive);
    expect((await h.client.run('listPaymentLinks', { active: true })).data).toEqual([]);
    const updated = h.sim.state.events.list().find((event) => event.type === 'payment_link.updated');
    expect(updated?.data).toMatchObject({ previous_attributes: { active: true } });
  });

  it('refuses an unknown price with Stripe’s error naming the item, and an unknown link with a 404', async () => {
    const unknown = await failure(
      h.client.run('createPaymentLink', { lineItems: [{ price: 'price_missing', quantity: 1 }] }),
    );
    expect(unknown).toMatchObject({ providerCode: 'resource_missing' });
    expect(unknown.message).toContain('line_items[0][price]');
    const missing = await failure(h.client.run('updatePaymentLink', { paymentLinkId: 'plink_missing' }));
    expect(missing.kind).toBe('not_found');
  });
});
