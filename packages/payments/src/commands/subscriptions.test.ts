// Subscription commands against the Stripe simulator over loopback: read, change items, period end,
// pause and discounts, cancel with the customer's reasons, resume a paused one, and Stripe's
// refusals of each.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { cancelSubscription } from './cancel-subscription.js';
import { getSubscription } from './get-subscription.js';
import { resumeSubscription } from './resume-subscription.js';
import { updateSubscription } from './update-subscription.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const { subscriptions, prices, customers, coupons } = SEED_IDS;

describe('getSubscription, updateSubscription', () => {
  it('reads a subscription, moves its item to another price, and ends it at period end', async () => {
    const read = await h.client.run('getSubscription', { subscriptionId: subscriptions.adaPro });
    expect(read).toMatchObject({ id: subscriptions.adaPro, status: 'active', customer: customers.ada });
    expectOutput(getSubscription, read);
    const item = read.items.data[0]?.id as string;
    const moved = await h.client.run('updateSubscription', {
      subscriptionId: subscriptions.adaPro,
      items: [{ id: item, price: prices.proYearly }],
      prorationBehavior: 'none',
      cancelAtPeriodEnd: true,
      discounts: [{ coupon: coupons.welcome }],
      metadata: { plan: 'yearly' },
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['items[0][id]', item],
      ['items[0][price]', prices.proYearly],
      ['proration_behavior', 'none'],
      ['cancel_at_period_end', 'true'],
      ['discounts[0][coupon]', coupons.welcome],
      ['metadata[plan]', 'yearly'],
    ]);
    expect(moved).toMatchObject({ cancel_at_period_end: true, metadata: { plan: 'yearly' } });
    expect(moved.items.data[0]?.price.id).toBe(prices.proYearly);
    expect(moved.discounts).toEqual([expect.stringMatching(/^di_/)]);
    expect(moved.cancel_at).toBe(moved.items.data[0]?.current_period_end);
    expectOutput(updateSubscription, moved);
    const paused = await h.client.run('updateSubscription', {
      subscriptionId: subscriptions.adaPro,
      pauseCollection: { behavior: 'void' },
      cancelAt: h.sim.state.now() + 86_400,
    });
    expect(paused).toMatchObject({ pause_collection: { behavior: 'void' }, cancel_at_period_end: false });
  });

  it('refuses an unknown coupon and a canceled subscription’s changes, and bad input before sending', async () => {
    const coupon = await failure(
      h.client.run('updateSubscription', {
        subscriptionId: subscriptions.adaPro,
        discounts: [{ coupon: 'NOPE' }],
      }),
    );
    expect(coupon).toMatchObject({ providerCode: 'resource_missing' });
    expect(coupon.message).toContain('discounts[0][coupon]');
    const ended = await failure(
      h.client.run('updateSubscription', {
        subscriptionId: subscriptions.alanStarter,
        cancelAtPeriodEnd: true,
      }),
    );
    expect(ended).toMatchObject({ providerCode: 'invalid_canceled_subscription_fields' });
    const sent = h.sim.server.calls.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ subscriptionId: 'cus_x' }, 'subscriptionId'],
      [{ subscriptionId: subscriptions.adaPro, trialEnd: 'tomorrow' }, 'trialEnd'],
      [{ subscriptionId: subscriptions.adaPro, items: [{ price: 'prod_x' }] }, 'items.0.price'],
      [{ subscriptionId: subscriptions.adaPro, discounts: [{}] }, 'discounts.0.coupon'],
    ];
    for (const [input, parameter] of cases) {
      const error = await failure(h.client.run('updateSubscription', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(sent);
  });
});

describe('cancelSubscription, resumeSubscription', () => {
  it('cancels with the customer’s reasons, and a second cancel is not found', async () => {
    const canceled = await h.client.run('cancelSubscription', {
      subscriptionId: subscriptions.graceStarter,
      comment: 'Too pricey for now',
      feedback: 'too_expensive',
    });
    expect(h.sim.server.calls.at(-1)?.query.get('cancellation_details[feedback]')).toBe('too_expensive');
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_details: { comment: 'Too pricey for now', feedback: 'too_expensive' },
    });
    expectOutput(cancelSubscription, canceled);
    const again = await failure(
      h.client.run('cancelSubscription', { subscriptionId: subscriptions.graceStarter }),
    );
    expect(again.kind).toBe('not_found');
    expect(cancelSubscription.annotations).toMatchObject({ destructive: true });
  });

  it('resumes a paused subscription (past_due with nothing to pay), and refuses an active one', async () => {
    const resumed = await h.client.run('resumeSubscription', { subscriptionId: subscriptions.linusStarter });
    expect(resumed.status).toBe('past_due');
    expectOutput(resumeSubscription, resumed);
    const invoice = h.sim.state.invoices.get(resumed.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle' });
    const types = h.sim.state.events.list().map((event) => event.type);
    expect(types).toContain('customer.subscription.resumed');
    const active = await failure(
      h.client.run('resumeSubscription', { subscriptionId: subscriptions.adaPro }),
    );
    expect(active.message).toContain('Only a paused subscription can be resumed');
  });

  it('resumes with a card on file: a new period, paid, active', async () => {
    await h.client.run('attachPaymentMethod', {
      paymentMethodId: 'pm_card_visa',
      customerId: customers.linus,
    });
    const method = h.sim.state.paymentMethods.list().find((found) => found.customer === customers.linus);
    await h.client.run('updateSubscription', {
      subscriptionId: subscriptions.linusStarter,
      defaultPaymentMethod: method?.id as string,
    });
    const resumed = await h.client.run('resumeSubscription', {
      subscriptionId: subscriptions.linusStarter,
      prorationBehavior: 'none',
    });
    expect(resumed.status).toBe('active');
    expect(resumed.items.data[0]?.current_period_start).toBe(h.sim.state.now());
    expect(h.sim.state.invoices.get(resumed.latest_invoice as string)?.status).toBe('paid');
  });
});
