import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { buildSubscription, paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { getSubscriptions } from './get-subscriptions.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

describe('getSubscriptions', () => {
  it('lists all but canceled subscriptions by default, newest first, with the default limit', async () => {
    const list = await h.client.run('getSubscriptions', {});
    expect(h.sim.server.calls[0]?.url.search).toBe('?limit=10');
    expect(list.object).toBe('list');
    expect(list.url).toBe('/v1/subscriptions');
    expect(list.data.map((s) => s.id)).toEqual([
      SEED_IDS.subscriptions.graceStarter,
      SEED_IDS.subscriptions.linusStarter,
      SEED_IDS.subscriptions.katherinePro,
      SEED_IDS.subscriptions.adaPro,
    ]);
    expect(list.data.map((s) => s.status)).toEqual(['trialing', 'paused', 'past_due', 'active']);
  });

  it('sends customer and status, and `all` includes canceled ones', async () => {
    const canceled = await h.client.run('getSubscriptions', {
      customerId: SEED_IDS.customers.alan,
      status: 'all',
    });
    expect(h.sim.server.calls[0]?.url.search).toBe(
      `?customer=${SEED_IDS.customers.alan}&status=all&limit=10`,
    );
    expect(canceled.data.map((s) => [s.id, s.status])).toEqual([
      [SEED_IDS.subscriptions.alanStarter, 'canceled'],
    ]);
    expectOutput(getSubscriptions, canceled);
    const pastDue = await h.client.run('getSubscriptions', { status: 'past_due' });
    expect(pastDue.data.map((s) => s.id)).toEqual([SEED_IDS.subscriptions.katherinePro]);
  });

  it('filters the statuses of the current API: paused, and ended for canceled or expired ones', async () => {
    const paused = await h.client.run('getSubscriptions', { status: 'paused' });
    expect(h.sim.server.calls[0]?.url.search).toBe('?status=paused&limit=10');
    expect(paused.data.map((s) => [s.id, s.status])).toEqual([
      [SEED_IDS.subscriptions.linusStarter, 'paused'],
    ]);
    const ended = await h.client.run('getSubscriptions', { status: 'ended' });
    expect(h.sim.server.calls[1]?.url.search).toBe('?status=ended&limit=10');
    expect(ended.data.map((s) => [s.id, s.status])).toEqual([
      [SEED_IDS.subscriptions.alanStarter, 'canceled'],
    ]);
  });

  it('returns shapes its output schema declares, which a connection pinned before basil does not get', async () => {
    const all = await h.client.run('getSubscriptions', { status: 'all' });
    expect(new Set(all.data.map((s) => s.status))).toEqual(
      new Set(['trialing', 'paused', 'past_due', 'active', 'canceled']),
    );
    expectOutput(getSubscriptions, all);
    // 2024-06-20 puts the billing period on the subscription, not on its items.
    const legacy = await h.connect({ apiVersion: '2024-06-20' }).run('getSubscriptions', { status: 'all' });
    const parsed = getSubscriptions.output!.safeParse(legacy);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['data', 0, 'items', 'data', 0, 'current_period_start']);
  });

  it('pages past 100 subscriptions with starting_after', async () => {
    const price = h.sim.state.prices.get(SEED_IDS.prices.proMonthly)!;
    for (let i = 0; i < 130; i += 1) {
      h.sim.state.subscriptions.set(
        buildSubscription({
          id: `sub_Bulk${i}`,
          created: 1_800_000_000 + i,
          customer: SEED_IDS.customers.linus,
          items: [{ price }],
        }),
      );
    }
    const list = await h.client.run('getSubscriptions', { customerId: SEED_IDS.customers.linus, limit: 120 });
    expect(list.data).toHaveLength(120);
    expect(list.has_more).toBe(true);
    expect(
      h.sim.server.calls.map((call) => [call.query.get('limit'), call.query.get('starting_after')]),
    ).toEqual([
      ['100', null],
      ['20', 'sub_Bulk30'],
    ]);
  });

  it.each([
    [{ status: 'ACTIVE' }, 'status'],
    [{ status: 'expired' }, 'status'],
    [{ customerId: 'cust_1' }, 'customerId'],
    [{ limit: 0 }, 'limit'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('getSubscriptions', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('names each status in its JSON Schema and keeps Stripe’s values', () => {
    const { status } = getSubscriptions.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(status?.enum).toContain('incomplete_expired');
    expect(status?.oneOf).toContainEqual({ const: 'past_due', title: 'Past due' });
    expect(status?.oneOf).toContainEqual({ const: 'all', title: 'All statuses' });
  });
});
