// Charge and refund commands against the Stripe simulator over loopback: amounts left to refund,
// Stripe's refusals, and the expansion of a charge's balance transaction.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import type { PaymentsClient } from '../payments-connector.js';
import { paymentsSimulator } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { cancelRefund } from './cancel-refund.js';
import { createRefund } from './create-refund.js';
import { getCharge } from './get-charge.js';
import { getRefund } from './get-refund.js';
import { listCharges } from './list-charges.js';
import { listRefunds } from './list-refunds.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

/** A paid intent of `amount` cents. */
function pay(client: PaymentsClient, amount = 2000, customerId?: string) {
  return client.run('createPaymentIntent', {
    amount,
    currency: 'usd',
    paymentMethodTypes: ['card'],
    paymentMethod: 'pm_card_visa',
    confirm: true,
    ...(customerId ? { customerId } : {}),
  });
}

describe('getCharge, listCharges', () => {
  it('reads a charge with its balance transaction expanded: the fee and the net', async () => {
    const paid = await pay(h.client);
    const charge = await h.client.run('getCharge', {
      chargeId: paid.latest_charge as string,
      expand: ['balance_transaction'],
    });
    expect(charge).toMatchObject({ status: 'succeeded', captured: true, amount_captured: 2000 });
    expect(charge.balance_transaction).toMatchObject({ amount: 2000, fee: 88, net: 1912, type: 'charge' });
    expectOutput(getCharge, charge);
    const missing = await failure(h.client.run('getCharge', { chargeId: 'ch_missing' }));
    expect(missing.kind).toBe('not_found');
  });

  it('lists charges of a customer or a payment intent', async () => {
    const customer = await h.client.run('createCustomer', {});
    const mine = await pay(h.client, 1500, customer.id);
    await pay(h.client, 900);
    const byCustomer = await h.client.run('listCharges', { customerId: customer.id });
    expect(byCustomer.data.map((charge) => charge.payment_intent)).toEqual([mine.id]);
    expectOutput(listCharges, byCustomer);
    const byIntent = await h.client.run('listCharges', { paymentIntentId: mine.id, limit: 1 });
    expect(byIntent.data).toHaveLength(1);
    expect(h.sim.server.calls.at(-1)?.query.get('payment_intent')).toBe(mine.id);
    const all = await h.client.run('listCharges', {});
    expect(all.data).toHaveLength(2);
  });
});

describe('createRefund', () => {
  it('refunds part, then the rest by default, and refuses more than is left', async () => {
    const paid = await pay(h.client);
    const part = await h.client.run('createRefund', {
      paymentIntentId: paid.id,
      amount: 500,
      reason: 'requested_by_customer',
      metadata: { ticket: 'T-1' },
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['payment_intent', paid.id],
      ['amount', '500'],
      ['reason', 'requested_by_customer'],
      ['metadata[ticket]', 'T-1'],
    ]);
    expect(part).toMatchObject({ amount: 500, status: 'succeeded', charge: paid.latest_charge });
    expectOutput(createRefund, part);
    const over = await failure(
      h.client.run('createRefund', { chargeId: paid.latest_charge as string, amount: 1600 }),
    );
    expect(over.status).toBe(400);
    expect(over.providerCode).toBe('amount_too_large');
    expect(over.message).toContain('$15.00');
    const rest = await h.client.run('createRefund', { chargeId: paid.latest_charge as string });
    expect(rest.amount).toBe(1500);
    const charge = h.sim.state.charges.get(paid.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 2000, refunded: true });
    const none = await failure(h.client.run('createRefund', { paymentIntentId: paid.id }));
    expect(none.providerCode).toBe('charge_already_refunded');
    const events = h.sim.state.events.list().map((event) => event.type);
    expect(events.filter((type) => type === 'refund.created')).toHaveLength(2);
    expect(events.filter((type) => type === 'charge.refunded')).toHaveLength(2);
  });

  it('refuses an intent with nothing paid, and needs one of paymentIntentId or chargeId', async () => {
    const open = await h.client.run('createPaymentIntent', {
      amount: 900,
      currency: 'usd',
      paymentMethodTypes: ['card'],
    });
    const unpaid = await failure(h.client.run('createRefund', { paymentIntentId: open.id }));
    expect(unpaid.providerCode).toBe('charge_not_refundable');
    const neither = await failure(h.client.run('createRefund', {}));
    expect(ValidationError.isInstance(neither)).toBe(true);
    expect(neither.parameter).toBe('paymentIntentId');
    const both = await failure(h.client.run('createRefund', { paymentIntentId: open.id, chargeId: 'ch_1' }));
    expect(ValidationError.isInstance(both)).toBe(true);
    expect(h.sim.server.calls.filter((call) => call.path === '/v1/refunds')).toHaveLength(1);
  });

  it('is annotated as moving money', () => {
    expect(createRefund.annotations.destructive).toBe(true);
  });
});

describe('getRefund, listRefunds, cancelRefund', () => {
  it('reads and lists refunds, and Stripe refuses to cancel a succeeded one', async () => {
    const paid = await pay(h.client);
    const first = await h.client.run('createRefund', { paymentIntentId: paid.id, amount: 300 });
    const second = await h.client.run('createRefund', { paymentIntentId: paid.id, amount: 200 });
    const read = await h.client.run('getRefund', { refundId: first.id, expand: ['charge'] });
    expect(read.charge).toMatchObject({ object: 'charge', amount_refunded: 500 });
    expectOutput(getRefund, read);
    const listed = await h.client.run('listRefunds', { paymentIntentId: paid.id });
    expect(listed.data.map((refund) => refund.id)).toEqual([second.id, first.id]);
    expectOutput(listRefunds, listed);
    const byCharge = await h.client.run('listRefunds', { chargeId: paid.latest_charge as string, limit: 1 });
    expect(byCharge).toMatchObject({ has_more: true, next_starting_after: second.id });
    const error = await failure(h.client.run('cancelRefund', { refundId: first.id }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('requires_action');
    expect(cancelRefund.annotations.destructive).toBe(true);
  });
});
