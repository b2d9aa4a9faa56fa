// Payment intent commands against the Stripe simulator over loopback: what is sent, what comes
// back, and each refusal of Stripe's status machine with the error class it maps to.
import { ProviderError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { cancelPaymentIntent } from './cancel-payment-intent.js';
import { capturePaymentIntent } from './capture-payment-intent.js';
import { confirmPaymentIntent } from './confirm-payment-intent.js';
import { createPaymentIntent } from './create-payment-intent.js';
import { getPaymentIntent } from './get-payment-intent.js';
import { listPaymentIntents } from './list-payment-intents.js';
import { updatePaymentIntent } from './update-payment-intent.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

/** A card payment the simulator settles at once, with no redirect rules in the way. */
const cardOnly = { amount: 2500, currency: 'usd', paymentMethodTypes: ['card'] };

describe('createPaymentIntent', () => {
  it('sends Stripe’s names, charges at once with confirm, and records the events', async () => {
    const customer = await h.client.run('createCustomer', { email: 'pay@example.com' });
    const intent = await h.client.run('createPaymentIntent', {
      ...cardOnly,
      customerId: customer.id,
      paymentMethod: 'pm_card_visa',
      confirm: true,
      description: 'Order 7',
      metadata: { order: '7' },
      extra: { statement_descriptor_suffix: 'ORDER7' },
    });
    const call = h.sim.server.calls.at(-1);
    expect(call?.path).toBe('/v1/payment_intents');
    expect(call?.headers['idempotency-key']).toBeTruthy();
    expect(formPairs(call)).toEqual([
      ['statement_descriptor_suffix', 'ORDER7'],
      ['amount', '2500'],
      ['currency', 'usd'],
      ['customer', customer.id],
      ['payment_method', 'pm_card_visa'],
      ['confirm', 'true'],
      ['allowed_payment_method_types[0]', 'card'],
      ['description', 'Order 7'],
      ['metadata[order]', '7'],
    ]);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 2500, customer: customer.id });
    expectOutput(createPaymentIntent, intent);
    const types = h.sim.state.events.list().map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']),
    );
  });

  it('asks for a return URL when automatic payment methods may redirect (Stripe’s rule)', async () => {
    const error = await failure(
      h.client.run('createPaymentIntent', {
        amount: 2500,
        currency: 'usd',
        paymentMethod: 'pm_card_visa',
        confirm: true,
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.providerCode).toBe('payment_intent_unexpected_state');
    expect(formPairs(h.sim.server.calls.at(-1))).toContainEqual([
      'automatic_payment_methods[enabled]',
      'true',
    ]);
    const paid = await h.client.run('createPaymentIntent', {
      amount: 2500,
      currency: 'usd',
      paymentMethod: 'pm_card_visa',
      confirm: true,
      returnUrl: 'https://shop.example.com/done',
    });
    expect(paid.status).toBe('succeeded');
  });

  it('answers a declined card with Stripe’s 402, leaving the intent to retry', async () => {
    const error = await failure(
      h.client.run('createPaymentIntent', {
        ...cardOnly,
        paymentMethod: 'pm_card_chargeDeclined',
        confirm: true,
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(402);
    expect(error.providerCode).toBe('card_declined');
    const [intent] = h.sim.state.paymentIntents.list();
    expect(intent?.status).toBe('requires_payment_method');
  });

  it('refuses bad input before sending anything, and sends nothing on a dry run', async () => {
    const error = await failure(h.client.run('createPaymentIntent', { amount: 10.5, currency: 'usd' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('amount');
    const dry = await h.client.run('createPaymentIntent', cardOnly, {
      dryRun: true,
      idempotencyKey: 'order-8',
    });
    expect(dry).toMatchObject({
      dryRun: true,
      requests: [{ method: 'POST', headers: { 'idempotency-key': 'order-8' } }],
    });
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('is annotated as moving money', () => {
    expect(createPaymentIntent.annotations).toMatchObject({ readOnly: false, destructive: true });
  });
});

describe('confirmPaymentIntent, capturePaymentIntent, cancelPaymentIntent', () => {
  it('authorizes, captures part, and refuses a second capture and a late cancel', async () => {
    const created = await h.client.run('createPaymentIntent', {
      ...cardOnly,
      paymentMethod: 'pm_card_mastercard',
      captureMethod: 'manual',
    });
    expect(created.status).toBe('requires_confirmation');
    const held = await h.client.run('confirmPaymentIntent', { paymentIntentId: created.id });
    expect(held).toMatchObject({ status: 'requires_capture', amount_capturable: 2500 });
    expectOutput(confirmPaymentIntent, held);
    const tooMuch = await failure(
      h.client.run('capturePaymentIntent', { paymentIntentId: created.id, amountToCapture: 3000 }),
    );
    expect(tooMuch.providerCode).toBe('amount_too_large');
    const captured = await h.client.run('capturePaymentIntent', {
      paymentIntentId: created.id,
      amountToCapture: 2000,
    });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 2000 });
    expectOutput(capturePaymentIntent, captured);
    expect(h.sim.state.charges.get(captured.latest_charge as string)).toMatchObject({
      amount_captured: 2000,
      amount_refunded: 500,
    });
    const again = await failure(h.client.run('capturePaymentIntent', { paymentIntentId: created.id }));
    expect(again.providerCode).toBe('payment_intent_unexpected_state');
    expect(again.message).toContain('status of succeeded');
    const cancel = await failure(h.client.run('cancelPaymentIntent', { paymentIntentId: created.id }));
    expect(cancel.providerCode).toBe('payment_intent_unexpected_state');
    const confirm = await failure(h.client.run('confirmPaymentIntent', { paymentIntentId: created.id }));
    expect(confirm.providerCode).toBe('payment_intent_unexpected_state');
  });

  it('cancels an authorized intent with its reason, releasing the hold', async () => {
    const created = await h.client.run('createPaymentIntent', {
      ...cardOnly,
      paymentMethod: 'pm_card_visa',
      captureMethod: 'manual',
      confirm: true,
    });
    const canceled = await h.client.run('cancelPaymentIntent', {
      paymentIntentId: created.id,
      cancellationReason: 'abandoned',
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
      amount_capturable: 0,
    });
    expectOutput(cancelPaymentIntent, canceled);
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([['cancellation_reason', 'abandoned']]);
    expect(h.sim.state.charges.get(created.latest_charge as string)?.refunded).toBe(true);
  });

  it('confirms with a payment method given at confirmation', async () => {
    const created = await h.client.run('createPaymentIntent', cardOnly);
    expect(created.status).toBe('requires_payment_method');
    const paid = await h.client.run('confirmPaymentIntent', {
      paymentIntentId: created.id,
      paymentMethod: 'pm_card_amex',
    });
    expect(paid.status).toBe('succeeded');
  });
});

describe('getPaymentIntent, listPaymentIntents, updatePaymentIntent', () => {
  it('reads one with its latest charge expanded', async () => {
    const created = await h.client.run('createPaymentIntent', {
      ...cardOnly,
      paymentMethod: 'pm_card_visa',
      confirm: true,
    });
    const read = await h.client.run('getPaymentIntent', {
      paymentIntentId: created.id,
      expand: ['latest_charge'],
    });
    expect(h.sim.server.calls.at(-1)?.query.getAll('expand[0]')).toEqual(['latest_charge']);
    expect(read.latest_charge).toMatchObject({ object: 'charge', amount: 2500 });
    expectOutput(getPaymentIntent, read);
    const missing = await failure(h.client.run('getPaymentIntent', { paymentIntentId: 'pi_missing' }));
    expect(missing.kind).toBe('not_found');
  });

  it('lists a customer’s intents page by page and says where to resume', async () => {
    const customer = await h.client.run('createCustomer', {});
    for (let index = 0; index < 3; index += 1) {
      await h.client.run('createPaymentIntent', { ...cardOnly, customerId: customer.id });
    }
    await h.client.run('createPaymentIntent', cardOnly);
    const first = await h.client.run('listPaymentIntents', { customerId: customer.id, limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    expect(first.next_starting_after).toBe(first.data[1]?.id);
    expectOutput(listPaymentIntents, first);
    const rest = await h.client.run('listPaymentIntents', {
      customerId: customer.id,
      startingAfter: first.next_starting_after as string,
    });
    expect(rest.data).toHaveLength(1);
    expect(rest.next_starting_after).toBeNull();
    expect(h.sim.server.calls.at(-1)?.query.get('starting_after')).toBe(first.next_starting_after);
  });

  it('changes the amount before payment, and Stripe refuses it after', async () => {
    const open = await h.client.run('createPaymentIntent', cardOnly);
    const changed = await h.client.run('updatePaymentIntent', {
      paymentIntentId: open.id,
      amount: 3000,
      metadata: { order: '9' },
    });
    expect(changed).toMatchObject({ amount: 3000, metadata: { order: '9' } });
    expectOutput(updatePaymentIntent, changed);
    const paid = await h.client.run('confirmPaymentIntent', {
      paymentIntentId: open.id,
      paymentMethod: 'pm_card_visa',
    });
    expect(paid.amount_received).toBe(3000);
    const late = await failure(
      h.client.run('updatePaymentIntent', { paymentIntentId: open.id, amount: 100 }),
    );
    expect(late.providerCode).toBe('payment_intent_unexpected_state');
    expect(late.details).toMatchObject({ param: 'amount' });
    const noted = await h.client.run('updatePaymentIntent', {
      paymentIntentId: open.id,
      description: 'Paid',
    });
    expect(noted.description).toBe('Paid');
  });

  it('refuses a parameter Stripe does not know with Stripe’s 400 naming it', async () => {
    const open = await h.client.run('createPaymentIntent', cardOnly);
    const error = await failure(
      h.client.run('updatePaymentIntent', { paymentIntentId: open.id, extra: { bogus_param: 1 } }),
    );
    expect(error.providerCode).toBe('parameter_unknown');
    expect(error.details).toMatchObject({ param: 'bogus_param' });
    h.sim.server.violations.length = 0;
  });
});
