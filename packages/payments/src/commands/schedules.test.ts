// Subscription schedules against the Stripe simulator over loopback: a schedule made from phases
// starts now and subscribes the customer (the subscription names it), one made from a subscription
// manages it; release leaves the subscription running, cancel ends it; both are refused, with
// Stripe's message, once the schedule has ended; bad input is refused before anything is sent.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { cancelSubscriptionSchedule } from './cancel-subscription-schedule.js';
import { createSubscriptionSchedule } from './create-subscription-schedule.js';
import { getSubscriptionSchedule } from './get-subscription-schedule.js';
import { releaseSubscriptionSchedule } from './release-subscription-schedule.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const { customers, prices, subscriptions, subscriptionSchedules } = SEED_IDS;

describe('subscription schedule commands', () => {
  it('schedules Grace from Starter to Pro: starts now, the second phase lasts two periods, then releases', async () => {
    const schedule = await h.client.run('createSubscriptionSchedule', {
      customerId: customers.grace,
      phases: [
        { items: [{ price: prices.starterMonthly }], iterations: 1, prorationBehavior: 'none' },
        { items: [{ price: prices.proMonthly, quantity: 2 }], iterations: 2 },
      ],
      metadata: { plan: 'upgrade' },
    });
    const posted = h.sim.server.calls.at(-1);
    expect(posted?.path).toBe('/v1/subscription_schedules');
    expect(formPairs(posted)).toEqual([
      ['customer', customers.grace],
      ['start_date', 'now'],
      ['phases[0][items][0][price]', prices.starterMonthly],
      ['phases[0][items][0][quantity]', '1'],
      ['phases[0][duration][interval]', 'month'],
      ['phases[0][duration][interval_count]', '1'],
      ['phases[0][proration_behavior]', 'none'],
      ['phases[1][items][0][price]', prices.proMonthly],
      ['phases[1][items][0][quantity]', '2'],
      ['phases[1][duration][interval]', 'month'],
      ['phases[1][duration][interval_count]', '2'],
      ['metadata[plan]', 'upgrade'],
    ]);
    expect(schedule).toMatchObject({ status: 'active', customer: customers.grace, end_behavior: 'release' });
    expectOutput(createSubscriptionSchedule, schedule);
    expect(createSubscriptionSchedule.annotations).toMatchObject({ destructive: true });
    const subscription = await h.client.run('getSubscription', {
      subscriptionId: schedule.subscription ?? '',
    });
    expect(subscription).toMatchObject({ status: 'active', schedule: schedule.id });
    const read = await h.client.run('getSubscriptionSchedule', { scheduleId: schedule.id });
    expect(read.phases.map((phase) => phase.items[0]?.price)).toEqual([
      prices.starterMonthly,
      prices.proMonthly,
    ]);
    expectOutput(getSubscriptionSchedule, read);
    const released = await h.client.run('releaseSubscriptionSchedule', { scheduleId: schedule.id });
    expect(released).toMatchObject({
      status: 'released',
      subscription: null,
      released_subscription: subscription.id,
    });
    expectOutput(releaseSubscriptionSchedule, released);
    expect(releaseSubscriptionSchedule.annotations).toMatchObject({ destructive: false });
    const kept = await h.client.run('getSubscription', { subscriptionId: subscription.id });
    expect(kept).toMatchObject({ status: 'active', schedule: null });
    const again = await failure(h.client.run('cancelSubscriptionSchedule', { scheduleId: schedule.id }));
    expect(again).toMatchObject({ status: 400 });
    expect(again.message).toContain('currently in the `released` status');
    const types = h.sim.state.events.list().map((event) => event.type);
    expect(types).toContain('subscription_schedule.released');
    expect(types).toContain('subscription_schedule.created');
  });

  it('puts an existing subscription under a schedule, then cancels both', async () => {
    const seeded = await failure(
      h.client.run('createSubscriptionSchedule', { fromSubscription: subscriptions.adaPro }),
    );
    expect(seeded.message).toContain(subscriptionSchedules.adaToYearly);
    const schedule = await h.client.run('createSubscriptionSchedule', {
      fromSubscription: subscriptions.graceStarter,
      endBehavior: 'cancel',
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['from_subscription', subscriptions.graceStarter],
      ['end_behavior', 'cancel'],
    ]);
    expect(schedule).toMatchObject({ status: 'active', subscription: subscriptions.graceStarter });
    const canceled = await h.client.run('cancelSubscriptionSchedule', {
      scheduleId: schedule.id,
      prorate: false,
    });
    expect(canceled).toMatchObject({ status: 'canceled' });
    expectOutput(cancelSubscriptionSchedule, canceled);
    expect(cancelSubscriptionSchedule.annotations).toMatchObject({ destructive: true });
    const ended = await h.client.run('getSubscription', { subscriptionId: subscriptions.graceStarter });
    expect(ended.status).toBe('canceled');
    const twice = await failure(h.client.run('releaseSubscriptionSchedule', { scheduleId: schedule.id }));
    expect(twice.message).toContain('currently in the `canceled` status');
    const missing = await failure(
      h.client.run('getSubscriptionSchedule', { scheduleId: 'sub_sched_Nothing' }),
    );
    expect(missing).toMatchObject({ status: 404 });
  });

  it('reads the seeded schedule that moves Ada to Pro yearly at her renewal', async () => {
    const schedule = await h.client.run('getSubscriptionSchedule', {
      scheduleId: subscriptionSchedules.adaToYearly,
      expand: ['subscription'],
    });
    expect(schedule.status).toBe('active');
    expect((schedule.subscription as unknown as { id: string }).id).toBe(subscriptions.adaPro);
    expect(schedule.phases.map((phase) => phase.items[0]?.price)).toEqual([
      prices.proMonthly,
      prices.proYearly,
    ]);
  });

  it('refuses bad input before sending anything, naming the parameter', async () => {
    const sent = h.sim.server.calls.length;
    const cases: [string, Record<string, unknown>, string][] = [
      ['createSubscriptionSchedule', {}, 'customerId'],
      ['createSubscriptionSchedule', { customerId: customers.ada }, 'phases'],
      ['createSubscriptionSchedule', { customerId: customers.ada, phases: [] }, 'phases'],
      [
        'createSubscriptionSchedule',
        { customerId: customers.ada, phases: [{ items: [] }] },
        'phases.0.items',
      ],
      [
        'createSubscriptionSchedule',
        { fromSubscription: subscriptions.adaPro, customerId: customers.ada },
        'customerId',
      ],
      [
        'createSubscriptionSchedule',
        {
          customerId: customers.ada,
          phases: [{ items: [{ price: prices.proMonthly }], endDate: 1_900_000_000, iterations: 2 }],
        },
        'phases.0.endDate',
      ],
      [
        'createSubscriptionSchedule',
        { customerId: customers.ada, phases: [{ items: [{ price: 'prod_1' }] }] },
        'phases.0.items.0.price',
      ],
      ['getSubscriptionSchedule', { scheduleId: 'sub_123' }, 'scheduleId'],
      ['cancelSubscriptionSchedule', { scheduleId: '' }, 'scheduleId'],
      ['releaseSubscriptionSchedule', { scheduleId: 'sched_1' }, 'scheduleId'],
    ];
    for (const [command, input, parameter] of cases) {
      const error = await failure(h.client.run(command as 'getSubscriptionSchedule', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter, JSON.stringify(input)).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(sent);
    const oneTime = await failure(
      h.client.run('createSubscriptionSchedule', {
        customerId: customers.ada,
        phases: [{ items: [{ price: prices.onboarding }], iterations: 2 }],
      }),
    );
    expect(oneTime.parameter).toBe('phases.0.items.0.price');
    expect(h.sim.server.calls.map((call) => call.method)).not.toContain('POST');
  });
});
