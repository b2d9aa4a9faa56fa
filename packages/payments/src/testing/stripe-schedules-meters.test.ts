// The simulator's subscription schedules and meter events on a clock the test moves: a schedule starts
// when its start date comes, puts the subscription on each phase in turn and, at the end of the last,
// releases it or cancels it; cancel and release are refused once the schedule has ended; create
// refuses unknown parameters and bad phases as Stripe does. A meter event's identifier is held for 24
// hours, then may be used again.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentsSandbox, SEED_IDS, startPaymentsSimulator } from './index.js';

const DAY = 86_400;
const START = 1_750_000_000;
let now = START;
let sim: PaymentsSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sim = await startPaymentsSimulator({ seed: true, checkResponses: true, now: () => now });
  stripe = new Stripe(sim.connection.credentials.apiKey, {
    host: '127.0.0.1',
    port: Number(new URL(sim.url).port),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
});
afterEach(() => {
  const violations = [...sim.server.violations];
  sim.reset();
  now = START;
  expect(violations).toEqual([]);
});
afterAll(() => sim.close());

const { customers, prices } = SEED_IDS;
const twoPhases = (endBehavior: 'release' | 'cancel'): Stripe.SubscriptionScheduleCreateParams => ({
  customer: customers.ada,
  start_date: START + 2 * DAY,
  end_behavior: endBehavior,
  phases: [
    { items: [{ price: prices.starterMonthly }], end_date: START + 12 * DAY },
    { items: [{ price: prices.proMonthly, quantity: 3 }], duration: { interval: 'day', interval_count: 10 } },
  ],
});

/** The event types recorded about one schedule or its subscription since `from`, oldest first. */
const typesSince = (from: number, ids: string[]) =>
  sim.state.events
    .list()
    .filter(
      (event) => event.created >= from && ids.includes((event.data as { object: { id: string } }).object.id),
    )
    .map((event) => event.type)
    .reverse();

describe('subscription schedules on the clock', () => {
  it('starts on its start date, moves to the next phase, and releases the subscription at the end', async () => {
    const schedule = await stripe.subscriptionSchedules.create(twoPhases('release'));
    expect(schedule).toMatchObject({ status: 'not_started', subscription: null, current_phase: null });
    expect(schedule.phases.map((phase) => [phase.start_date, phase.end_date])).toEqual([
      [START + 2 * DAY, START + 12 * DAY],
      [START + 12 * DAY, START + 22 * DAY],
    ]);
    now = START + 3 * DAY;
    const active = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(active).toMatchObject({
      status: 'active',
      current_phase: { start_date: START + 2 * DAY, end_date: START + 12 * DAY },
    });
    const subscriptionId = active.subscription as string;
    const first = await stripe.subscriptions.retrieve(subscriptionId);
    expect(first).toMatchObject({ status: 'active', schedule: schedule.id });
    expect(first.items.data.map((item) => [item.price.id, item.quantity])).toEqual([
      [prices.starterMonthly, 1],
    ]);
    now = START + 13 * DAY;
    await stripe.subscriptionSchedules.list({ customer: customers.ada });
    const second = await stripe.subscriptions.retrieve(subscriptionId);
    expect(second.items.data.map((item) => [item.price.id, item.quantity])).toEqual([[prices.proMonthly, 3]]);
    now = START + 30 * DAY;
    const ended = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(ended).toMatchObject({
      status: 'released',
      subscription: null,
      released_subscription: subscriptionId,
    });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: 'active',
      schedule: null,
    });
    expect(typesSince(START, [schedule.id, subscriptionId])).toEqual([
      'subscription_schedule.created',
      'customer.subscription.created',
      'customer.subscription.updated',
      'subscription_schedule.updated',
      'customer.subscription.updated',
      'subscription_schedule.released',
    ]);
    for (const action of ['cancel', 'release'] as const) {
      const refused = await stripe.subscriptionSchedules[action](schedule.id).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((refused as Error).message).toBe(
        `You cannot ${action} a subscription schedule that is currently in the \`released\` status. It must be in \`not_started\` or \`active\`.`,
      );
    }
  });

  it('completes with end_behavior cancel: the subscription is canceled; a not-started schedule cancels alone', async () => {
    const schedule = await stripe.subscriptionSchedules.create(twoPhases('cancel'));
    now = START + 25 * DAY;
    const completed = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(completed).toMatchObject({ status: 'completed', completed_at: now });
    expect((await stripe.subscriptions.retrieve(completed.subscription as string)).status).toBe('canceled');
    const refused = await stripe.subscriptionSchedules.cancel(schedule.id).catch((error: unknown) => error);
    expect((refused as Error).message).toContain('`completed` status');
    now = START;
    const waiting = await stripe.subscriptionSchedules.create(twoPhases('release'));
    const subscriptions = sim.state.subscriptions.size;
    const canceled = await stripe.subscriptionSchedules.cancel(waiting.id);
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: now, subscription: null });
    expect(sim.state.subscriptions.size).toBe(subscriptions);
  });

  it('refuses what Stripe refuses before making anything', async () => {
    const refusals: [Stripe.SubscriptionScheduleCreateParams, string, string][] = [
      [
        { ...twoPhases('release'), bogus: 1 } as Stripe.SubscriptionScheduleCreateParams,
        'bogus',
        'parameter_unknown',
      ],
      [{ phases: twoPhases('release').phases }, 'customer', 'parameter_missing'],
      [{ customer: customers.ada }, 'phases', 'parameter_missing'],
      [
        { customer: customers.ada, phases: [{ items: [], proration_behavior: 'none' }] },
        'phases[0][items]',
        'parameter_missing',
      ],
      [{ from_subscription: SEED_IDS.subscriptions.graceStarter, customer: customers.grace }, 'customer', ''],
      [{ from_subscription: SEED_IDS.subscriptions.adaPro }, 'from_subscription', ''],
      [
        {
          customer: customers.ada,
          phases: [{ items: [{ price: prices.proMonthly }] }, { items: [{ price: prices.proYearly }] }],
        },
        'phases[0]',
        '',
      ],
      [
        { customer: customers.ada, phases: [{ items: [{ price: prices.onboarding }] }] },
        'phases[0][items][0][price]',
        '',
      ],
    ];
    const before = sim.state.subscriptionSchedules.size;
    for (const [params, param, code] of refusals) {
      const error = (await stripe.subscriptionSchedules
        .create(params)
        .catch((caught: unknown) => caught)) as Stripe.errors.StripeError;
      expect(error, JSON.stringify(params)).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error.param, error.message).toBe(param);
      if (code) expect(error.code).toBe(code);
    }
    expect(sim.state.subscriptionSchedules.size).toBe(before);
    // The unknown parameter was refused by the contract check, which reports it as a violation.
    sim.server.violations.length = 0;
  });
});

describe('meter events', () => {
  it('holds an identifier for 24 hours, then takes it again', async () => {
    const event = { event_name: 'api_requests', payload: { stripe_customer_id: customers.ada, value: '3' } };
    await stripe.billing.meterEvents.create({ ...event, identifier: 'batch-1' });
    now += DAY - 1;
    await expect(stripe.billing.meterEvents.create({ ...event, identifier: 'batch-1' })).rejects.toThrow(
      'An event already exists with identifier batch-1.',
    );
    now += 1;
    const again = await stripe.billing.meterEvents.create({ ...event, identifier: 'batch-1' });
    expect(again).toMatchObject({ identifier: 'batch-1', created: now, timestamp: now });
    const missing = await stripe.billing.meterEvents
      .create({ event_name: 'api_requests' } as Stripe.Billing.MeterEventCreateParams)
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({ param: 'payload' });
    sim.server.violations.length = 0;
  });
});
