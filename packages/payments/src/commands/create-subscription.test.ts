import { NetworkError, ProviderError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { failure, formPairs, useSimulator } from '../test-harness.js';
import { matchCall, SEED_IDS, stripeFaults } from '../testing/index.js';

const h = useSimulator({ seed: true });
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
    expect(subscription.current_period_end).toBeGreaterThan(subscription.current_period_start as number);
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
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('createSubscription', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
