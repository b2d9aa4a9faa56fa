import { NetworkError, ProviderError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import {
  matchCall,
  NO_PAYMENT_METHOD_MESSAGE,
  paymentsSimulator,
  SEED_IDS,
  stripeFaults,
} from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createSubscription } from './create-subscription.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const ada = SEED_IDS.customers.ada;

describe('createSubscription', () => {
  it('sends customer, items[0][price] and metadata, and returns the active subscription', async () => {
    const subscription = await h.client.run('createSubscription', {
      customerId: ada,
      plan: SEED_IDS.prices.starterMonthly,
      metadata: { source: 'upgrade' },
    });
    const [call] = h.sim.server.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/subscriptions');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(formPairs(call)).toEqual([
      ['customer', ada],
      ['items[0][price]', SEED_IDS.prices.starterMonthly],
      ['metadata[source]', 'upgrade'],
    ]);
    expect(subscription).toMatchObject({
      object: 'subscription',
      customer: ada,
      status: 'active',
      metadata: { source: 'upgrade' },
      items: { data: [{ price: { id: SEED_IDS.prices.starterMonthly }, quantity: 1 }] },
    });
    expect(subscription.id).toMatch(/^sub_/);
    // The pinned version's shape: billing periods on the items, none on the subscription.
    const [item] = subscription.items.data;
    expect(item?.current_period_end).toBeGreaterThan(item?.current_period_start as number);
    expect(subscription).not.toHaveProperty('current_period_end');
    expect(subscription.latest_invoice).toMatch(/^in_/);
    expect(h.sim.state.invoices.get(subscription.latest_invoice as string)).toMatchObject({
      status: 'paid',
      amount_paid: 900,
      billing_reason: 'subscription_create',
    });
    expectOutput(createSubscription, subscription);
  });

  it('sends the payment, trial and collection settings under Stripe’s names', async () => {
    const subscription = await h.client.run('createSubscription', {
      customerId: ada,
      plan: SEED_IDS.prices.proMonthly,
      quantity: 3,
      paymentBehavior: 'error_if_incomplete',
      defaultPaymentMethod: SEED_IDS.paymentMethods.ada,
      trialPeriodDays: 14,
    });
    expect(formPairs(h.sim.server.calls[0])).toEqual([
      ['customer', ada],
      ['items[0][price]', SEED_IDS.prices.proMonthly],
      ['items[0][quantity]', '3'],
      ['payment_behavior', 'error_if_incomplete'],
      ['default_payment_method', SEED_IDS.paymentMethods.ada],
      ['trial_period_days', '14'],
    ]);
    expect(subscription).toMatchObject({
      status: 'trialing',
      default_payment_method: SEED_IDS.paymentMethods.ada,
      items: { data: [{ quantity: 3 }] },
    });
    await h.client.run('createSubscription', {
      customerId: ada,
      plan: SEED_IDS.prices.proMonthly,
      collectionMethod: 'send_invoice',
      daysUntilDue: 30,
    });
    expect(formPairs(h.sim.server.calls[1]).slice(2)).toEqual([
      ['collection_method', 'send_invoice'],
      ['days_until_due', '30'],
    ]);
  });

  describe('a customer with no payment method, as Stripe treats one', () => {
    const newCustomer = async () => (await h.client.run('createCustomer', { email: 'new@example.com' })).id;

    it('is refused with Stripe’s 400 under charge_automatically, and nothing is created', async () => {
      const customerId = await newCustomer();
      const before = { subscriptions: h.sim.state.subscriptions.size, events: h.sim.state.events.size };
      const error = await failure(
        h.client.run('createSubscription', { customerId, plan: SEED_IDS.prices.proMonthly }),
      );
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error.status).toBe(400);
      expect(error.providerCode).toBe('resource_missing');
      expect(error.providerMessage).toBe(NO_PAYMENT_METHOD_MESSAGE);
      expect(error.details).toEqual({ type: 'invalid_request_error', docUrl: expect.any(String) });
      expect(h.sim.state.subscriptions.size).toBe(before.subscriptions);
      expect(h.sim.state.events.size).toBe(before.events);
    });

    it('is incomplete with an open first invoice under default_incomplete', async () => {
      const customerId = await newCustomer();
      const subscription = await h.client.run('createSubscription', {
        customerId,
        plan: SEED_IDS.prices.proMonthly,
        paymentBehavior: 'default_incomplete',
      });
      expect(subscription.status).toBe('incomplete');
      expectOutput(createSubscription, subscription);
      expect(h.sim.state.invoices.get(subscription.latest_invoice as string)).toMatchObject({
        status: 'open',
        amount_due: 2900,
        amount_paid: 0,
        customer: customerId,
      });
    });

    it('starts with a trial, or when invoices are sent rather than charged', async () => {
      const customerId = await newCustomer();
      const trial = await h.client.run('createSubscription', {
        customerId,
        plan: SEED_IDS.prices.proMonthly,
        trialPeriodDays: 7,
      });
      expect(trial).toMatchObject({ status: 'trialing', trial_end: (trial.created as number) + 7 * 86_400 });
      const invoiced = await h.client.run('createSubscription', {
        customerId,
        plan: SEED_IDS.prices.proMonthly,
        collectionMethod: 'send_invoice',
        daysUntilDue: 14,
      });
      expect(invoiced).toMatchObject({
        status: 'active',
        collection_method: 'send_invoice',
        days_until_due: 14,
      });
      expectOutput(createSubscription, trial);
      expectOutput(createSubscription, invoiced);
      expect(h.sim.state.invoices.get(invoiced.latest_invoice as string)).toMatchObject({
        status: 'draft',
        due_date: (invoiced.created as number) + 14 * 86_400,
      });
    });

    it('gets Stripe’s 400 for pending_if_incomplete, which applies to updates only', async () => {
      const error = await failure(
        h.client.run('createSubscription', {
          customerId: ada,
          plan: SEED_IDS.prices.proMonthly,
          paymentBehavior: 'pending_if_incomplete',
        }),
      );
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error.details.param).toBe('payment_behavior');
    });
  });

  it('leaves a declined first payment incomplete, or refuses it with error_if_incomplete', async () => {
    const katherine = SEED_IDS.customers.katherine;
    const incomplete = await h.client.run('createSubscription', {
      customerId: katherine,
      plan: SEED_IDS.prices.proMonthly,
    });
    expect(incomplete.status).toBe('incomplete');
    const error = await failure(
      h.client.run('createSubscription', {
        customerId: katherine,
        plan: SEED_IDS.prices.proMonthly,
        paymentBehavior: 'error_if_incomplete',
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 402, providerCode: 'card_declined', retryable: false });
  });

  it('refuses a default payment method of another customer with Stripe’s 400 on that parameter', async () => {
    const error = await failure(
      h.client.run('createSubscription', {
        customerId: ada,
        plan: SEED_IDS.prices.proMonthly,
        defaultPaymentMethod: SEED_IDS.paymentMethods.grace,
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.details.param).toBe('default_payment_method');
  });

  it('subscribes exactly once when the response is lost after Stripe created the subscription', async () => {
    const before = h.sim.state.subscriptions.size;
    h.sim.server.fault(stripeFaults.dropAfterApply({ match: matchCall('POST', '/v1/subscriptions') }));
    const subscription = await h.client.run('createSubscription', {
      customerId: ada,
      plan: SEED_IDS.prices.proYearly,
    });
    const calls = h.sim.server.calls;
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
    expect(h.sim.state.subscriptions.size).toBe(before + 1);
    expect(h.sim.state.subscriptions.get(subscription.id)).toEqual(subscription);
  });

  it('creates one subscription even when every attempt’s response is lost', async () => {
    h.sim.server.fault({ ...stripeFaults.dropAfterApply(), times: 3 });
    const error = await failure(
      h.client.run('createSubscription', { customerId: ada, plan: SEED_IDS.prices.proMonthly }),
    );
    expect(NetworkError.isInstance(error)).toBe(true);
    const keys = new Set(h.sim.server.calls.map((call) => call.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(
      h.sim.state.subscriptions.list().filter((s) => s.customer === ada && s.status === 'active'),
    ).toHaveLength(2);
  });

  it.each([
    ['price_Unknown', 'resource_missing', 'items[0][price]'],
    [SEED_IDS.prices.onboarding, undefined, 'items[0][price]'],
    [SEED_IDS.prices.starterLegacy, undefined, 'items[0][price]'],
  ])(
    'maps Stripe’s refusal of plan %s to a ProviderError naming Stripe’s parameter',
    async (plan, code, param) => {
      const error = await failure(h.client.run('createSubscription', { customerId: ada, plan }));
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error.status).toBe(400);
      expect(error.providerCode).toBe(code ?? 'invalid_request_error');
      expect(error.details).toMatchObject({ type: 'invalid_request_error', param });
      expect(error.message).toContain(`(parameter ${param})`);
      expect(h.sim.server.calls).toHaveLength(1);
    },
  );

  it('maps an unknown customer to a 400 ProviderError on the customer parameter', async () => {
    const error = await failure(
      h.client.run('createSubscription', { customerId: 'cus_Nobody', plan: SEED_IDS.prices.proMonthly }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.providerCode).toBe('resource_missing');
    expect(error.details.param).toBe('customer');
  });

  it.each([
    [{ plan: SEED_IDS.prices.proMonthly }, 'customerId'],
    [{ customerId: ada }, 'plan'],
    [{ customerId: ada, plan: '' }, 'plan'],
    [{ customerId: ada, plan: SEED_IDS.products.pro }, 'plan'],
    [{ customerId: ada, plan: 'price 1' }, 'plan'],
    [{ customerId: 'sub_123', plan: SEED_IDS.prices.proMonthly }, 'customerId'],
    [{ customerId: ada, plan: SEED_IDS.prices.proMonthly, metadata: { a: true } }, 'metadata.a'],
    [{ customerId: ada, plan: SEED_IDS.prices.proMonthly, daysUntilDue: 30 }, 'daysUntilDue'],
    [
      {
        customerId: ada,
        plan: SEED_IDS.prices.proMonthly,
        collectionMethod: 'charge_automatically',
        daysUntilDue: 30,
      },
      'daysUntilDue',
    ],
    [{ customerId: ada, plan: SEED_IDS.prices.proMonthly, paymentBehavior: 'sometimes' }, 'paymentBehavior'],
    [{ customerId: ada, plan: SEED_IDS.prices.proMonthly, trialPeriodDays: -1 }, 'trialPeriodDays'],
    [{ customerId: ada, plan: SEED_IDS.prices.proMonthly, trialPeriodDays: 1.5 }, 'trialPeriodDays'],
    [{ customerId: ada, plan: SEED_IDS.prices.proMonthly, quantity: -1 }, 'quantity'],
    [
      { customerId: ada, plan: SEED_IDS.prices.proMonthly, defaultPaymentMethod: 'card_1' },
      'defaultPaymentMethod',
    ],
    [{ customerId: ada, plan: SEED_IDS.prices.proMonthly, collectionMethod: 'manual' }, 'collectionMethod'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('createSubscription', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
