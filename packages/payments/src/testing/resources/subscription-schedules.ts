import { find, type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import { invalidParam, invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import {
  applyMetadata,
  hash,
  int,
  list,
  type StripeParam,
  type StripeParams,
  str,
} from '../stripe-params.js';
import { type Call, changes, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { firstPayment, issueInvoice, itemsOf, payingMethod } from './subscription-billing.js';
import { buildItem, buildSubscription, periodEnd } from './subscription-objects.js';
import { cancelSubscription } from './subscriptions.js';

// Stripe's subscription schedules (docs.stripe.com/api/subscription_schedules, /billing/subscriptions/
// subscription-schedules; SubscriptionSchedule of stripe-node 23.1.0). A schedule is made either for
// a customer from `phases` (each with items and an `end_date` or a `duration`; only the last may have
// neither, and then lasts one period of its first price) starting at `start_date` (default now), or
// `from_subscription`, which puts an existing subscription under a schedule of one phase (its current
// period) and sets the subscription's `schedule`. Its status runs not_started → active (the start date
// has come: the subscription is created from the first phase) → at the end of the last phase
// `released` (end_behavior release: the subscription goes on) or `completed` (cancel: the subscription
// is canceled); `canceled` and `released` are also reached by hand. Cancel cancels the subscription
// too; release leaves it in place, clears its `schedule` and names it in `released_subscription`.
// Both are refused unless the schedule is not_started or active. Events:
// subscription_schedule.created, .updated (a phase begins), .canceled, .released, .completed.
// The simulator moves a schedule along the clock whenever a schedule route is called.

const PRORATION = ['always_invoice', 'create_prorations', 'none'];
const END_BEHAVIORS = ['cancel', 'none', 'release', 'renew'];
/** Where automatic changes come from: no request. */
const NO_REQUEST = { id: null, idempotencyKey: null };

interface Recurring {
  interval: string;
  interval_count: number;
}

/** The default settings of a new schedule, as Stripe answers them. */
const defaultSettings = () => ({
  application_fee_percent: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null },
  billing_cycle_anchor: 'automatic',
  billing_thresholds: null,
  collection_method: 'charge_automatically',
  default_payment_method: null,
  description: null,
  invoice_settings: {
    account_tax_ids: null,
    custom_fields: null,
    days_until_due: null,
    description: null,
    footer: null,
    issuer: { type: 'self' },
  },
  on_behalf_of: null,
  transfer_data: null,
});

/** One phase in Stripe's shape: its items (price ids and quantities) between two times. */
export function buildPhase(
  items: { price: StoredObject; quantity: number }[],
  start: number,
  end: number,
  proration: string,
): Record<string, unknown> {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: items[0]?.price.currency,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    end_date: end,
    invoice_settings: null,
    items: items.map(({ price, quantity }) => ({
      billing_thresholds: null,
      discounts: [],
      metadata: {},
      plan: price.id,
      price: price.id,
      quantity,
      tax_rates: [],
    })),
    metadata: {},
    on_behalf_of: null,
    proration_behavior: proration,
    start_date: start,
    transfer_data: null,
    trial_end: null,
  };
}

/** The items of phase `index`: active recurring prices and quantities, at least one. */
function readPhaseItems(call: Call, phase: StripeParams, index: number) {
  const raw = list(phase, 'items');
  if (!raw || raw.length === 0) throw missingParam(`phases[${index}][items]`);
  return raw.map((entry, at) => {
    const param = `phases[${index}][items][${at}]`;
    const item = (typeof entry === 'object' && !Array.isArray(entry) ? entry : {}) as StripeParams;
    const priceId = str(item, 'price') ?? str(item, 'plan');
    if (!priceId) throw missingParam(`${param}[price]`);
    const price = call.state.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, `${param}[price]`, 400);
    if (!price.active || price.type !== 'recurring') {
      throw invalidRequest('The price specified must be an active recurring price.', {
        param: `${param}[price]`,
      });
    }
    const quantity = int(item, 'quantity') ?? 1;
    if (quantity < 0)
      throw invalidParam('This value must be greater than or equal to 0.', `${param}[quantity]`);
    return { price, quantity };
  });
}

/** The phases of a create call, each starting where the one before ends. */
function readPhases(call: Call, raw: StripeParam[], start: number): Record<string, unknown>[] {
  let from = start;
  return raw.map((entry, index) => {
    const phase = (typeof entry === 'object' && !Array.isArray(entry) ? entry : {}) as StripeParams;
    const items = readPhaseItems(call, phase, index);
    const proration = str(phase, 'proration_behavior') ?? 'create_prorations';
    if (!PRORATION.includes(proration)) {
      throw invalidParam(
        `Invalid proration_behavior: must be one of ${PRORATION.join(', ')}`,
        `phases[${index}][proration_behavior]`,
      );
    }
    const endDate = int(phase, 'end_date');
    const duration = hash(phase, 'duration');
    let end: number;
    if (endDate !== undefined) {
      if (endDate <= from) {
        throw invalidRequest('The end_date of a phase must be after its start_date.', {
          param: `phases[${index}][end_date]`,
        });
      }
      end = endDate;
    } else if (duration) {
      const interval = str(duration, 'interval') ?? '';
      end = periodEnd(from, { interval, interval_count: int(duration, 'interval_count') ?? 1 });
    } else if (index === raw.length - 1) {
      end = periodEnd(from, items[0]?.price.recurring as Recurring);
    } else {
      throw invalidRequest('Every phase but the last needs an end_date or a duration.', {
        param: `phases[${index}]`,
      });
    }
    const built = buildPhase(items, from, end, proration);
    from = end;
    return built;
  });
}

/** Fields of a new schedule. */
export interface ScheduleFields {
  id?: string;
  created: number;
  customer: string;
  phases: Record<string, unknown>[];
  endBehavior: string;
  metadata?: Record<string, string>;
}

/** A new schedule, not yet started. */
export function buildSchedule(fields: ScheduleFields) {
  const { created, customer, phases } = fields;
  return {
    id: fields.id ?? stripeStyleId('sub_sched_1', 24),
    object: 'subscription_schedule',
    application: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible' },
    canceled_at: null,
    completed_at: null,
    created,
    current_phase: null,
    customer,
    customer_account: null,
    default_settings: defaultSettings(),
    end_behavior: fields.endBehavior,
    livemode: false,
    metadata: fields.metadata ?? {},
    pause_schedules: [],
    phases,
    released_at: null,
    released_subscription: null,
    status: 'not_started',
    subscription: null,
    test_clock: null,
  } satisfies StoredObject;
}

type Phase = { start_date: number; end_date: number; items: { price: string; quantity: number }[] };
const phasesOf = (schedule: StoredObject) => schedule.phases as Phase[];

/** The subscription items of a phase, for `subscription` over the phase's dates. */
function phaseItemsOf(call: Call, subscription: string, phase: Phase) {
  return phase.items.map((item) =>
    buildItem(
      subscription,
      { price: call.state.prices.get(item.price) as StoredObject, quantity: item.quantity },
      phase.start_date,
      phase.start_date,
      null,
    ),
  );
}

/** The start date has come: the subscription is created from the first phase and billed. */
function start(call: Call, schedule: StoredObject): StoredObject {
  const { state } = call;
  const phase = phasesOf(schedule)[0] as Phase;
  const subscription = buildSubscription({
    created: phase.start_date,
    customer: schedule.customer as string,
    items: phase.items.map((item) => ({
      price: state.prices.get(item.price) as StoredObject,
      quantity: item.quantity,
    })),
  });
  subscription.schedule = schedule.id;
  const amount = itemsOf(subscription).reduce(
    (sum, item) => sum + ((item.price as StoredObject).unit_amount as number) * (item.quantity as number),
    0,
  );
  // Nothing to pay with: the first invoice waits open, as Stripe leaves a schedule's first invoice.
  const outcome = payingMethod(state, subscription)
    ? firstPayment(call, subscription, amount, 'allow_incomplete')
    : ({ status: 'incomplete', invoice: 'open', attempts: 0 } as const);
  subscription.status = outcome.status;
  state.subscriptions.set(subscription);
  state.recordEvent('customer.subscription.created', subscription, NO_REQUEST);
  const attempts = 'attempts' in outcome ? outcome.attempts : undefined;
  const invoice = issueInvoice(call, subscription, outcome.invoice, 'subscription_create', attempts);
  state.subscriptions.set({ ...subscription, latest_invoice: invoice.id });
  return {
    ...schedule,
    status: 'active',
    subscription: subscription.id,
    current_phase: { end_date: phase.end_date, start_date: phase.start_date },
  };
}

/** Puts the subscription on the phase that has begun. */
function enterPhase(call: Call, schedule: StoredObject, phase: Phase): StoredObject {
  const { state } = call;
  const before = state.subscriptions.get(schedule.subscription as string);
  if (before) {
    const after = {
      ...before,
      items: { ...(before.items as object), data: phaseItemsOf(call, before.id, phase) },
    };
    state.subscriptions.set(after);
    state.recordEvent('customer.subscription.updated', after, NO_REQUEST, {
      previousAttributes: changes(before, after),
    });
  }
  const after = { ...schedule, current_phase: { end_date: phase.end_date, start_date: phase.start_date } };
  state.recordEvent('subscription_schedule.updated', after, NO_REQUEST, {
    previousAttributes: { current_phase: schedule.current_phase },
  });
  return after;
}

/** The last phase is over: the subscription is released, or canceled with `end_behavior: cancel`. */
function finish(call: Call, schedule: StoredObject): StoredObject {
  const now = call.state.now();
  if (schedule.end_behavior === 'cancel') {
    const subscription = call.state.subscriptions.get(schedule.subscription as string);
    if (subscription && subscription.status !== 'canceled') cancelSubscription(call, subscription);
    const after = { ...schedule, status: 'completed', completed_at: now, current_phase: null };
    call.state.recordEvent('subscription_schedule.completed', after, NO_REQUEST);
    return after;
  }
  return release(call, schedule, NO_REQUEST);
}

/** Moves every schedule along the clock: starts, phase changes, ends. */
function catchUp(call: Call): void {
  const now = call.state.now();
  for (const stored of call.state.subscriptionSchedules.list()) {
    let schedule = stored;
    const phases = phasesOf(schedule);
    if (schedule.status === 'not_started' && (phases[0]?.start_date ?? Infinity) <= now) {
      schedule = start(call, schedule);
    }
    if (schedule.status === 'active') {
      const current = phases.findLast((phase) => phase.start_date <= now) ?? phases[0];
      const last = phases.at(-1) as Phase;
      if (now >= last.end_date) schedule = finish(call, schedule);
      else if (current && (schedule.current_phase as Phase | null)?.start_date !== current.start_date) {
        schedule = enterPhase(call, schedule, current);
      }
    }
    if (schedule !== stored) call.state.subscriptionSchedules.set(schedule);
  }
}

/** Cancel and release are for a schedule that is not_started or active only. */
function mustBeRunning(schedule: StoredObject, action: 'cancel' | 'release'): void {
  if (schedule.status !== 'not_started' && schedule.status !== 'active') {
    throw invalidRequest(
      `You cannot ${action} a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in \`not_started\` or \`active\`.`,
    );
  }
}

/** Releases the subscription from the schedule: it goes on, without a `schedule`. */
function release(
  call: Call,
  schedule: StoredObject,
  request: { id: string | null; idempotencyKey: string | null },
): StoredObject {
  const { state } = call;
  const subscription = state.subscriptions.get(schedule.subscription as string);
  if (subscription) {
    const after = { ...subscription, schedule: null };
    state.subscriptions.set(after);
    state.recordEvent('customer.subscription.updated', after, request, {
      previousAttributes: { schedule: schedule.id },
    });
  }
  const after = {
    ...schedule,
    status: 'released',
    released_at: state.now(),
    released_subscription: (schedule.subscription as string | null) ?? null,
    subscription: null,
    current_phase: null,
  };
  state.recordEvent('subscription_schedule.released', after, request);
  return after;
}

/** A schedule over an existing subscription: one phase, its current period. */
function fromSubscription(call: Call, id: string): StoredObject {
  const { state, params } = call;
  for (const name of ['customer', 'phases', 'start_date']) {
    if (params[name] !== undefined) {
      throw invalidRequest(`You cannot set \`${name}\` if \`from_subscription\` is set.`, { param: name });
    }
  }
  const subscription = state.subscriptions.get(id);
  if (!subscription) throw noSuch('subscription', id, 'from_subscription', 400);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw invalidRequest(`The subscription ${id} has ended and cannot be scheduled.`, {
      param: 'from_subscription',
    });
  }
  if (subscription.schedule) {
    throw invalidRequest(
      `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`,
      { param: 'from_subscription' },
    );
  }
  const item = itemsOf(subscription)[0] ?? {};
  const phase = buildPhase(
    itemsOf(subscription).map((entry) => ({
      price: entry.price as StoredObject,
      quantity: entry.quantity as number,
    })),
    item.current_period_start as number,
    item.current_period_end as number,
    'create_prorations',
  );
  const schedule = buildSchedule({
    created: state.now(),
    customer: subscription.customer as string,
    phases: [phase],
    endBehavior: 'release',
    metadata: applyMetadata({}, params),
  });
  const after = { ...subscription, schedule: schedule.id };
  state.subscriptions.set(after);
  state.recordEvent('customer.subscription.updated', after, requestOf(call), {
    previousAttributes: { schedule: null },
  });
  return {
    ...schedule,
    status: 'active',
    subscription: subscription.id,
    current_phase: { end_date: phase.end_date, start_date: phase.start_date },
  };
}

/** `POST /v1/subscription_schedules`: for a customer from phases, or from a subscription. */
function create(call: Call): StoredObject {
  const { params, state } = call;
  const endBehavior = str(params, 'end_behavior') ?? 'release';
  if (!END_BEHAVIORS.includes(endBehavior)) {
    throw invalidParam(`Invalid end_behavior: must be one of ${END_BEHAVIORS.join(', ')}`, 'end_behavior');
  }
  const source = str(params, 'from_subscription');
  let schedule: StoredObject;
  if (source) {
    schedule = { ...fromSubscription(call, source), end_behavior: endBehavior };
  } else {
    const customer = str(params, 'customer');
    if (!customer) throw missingParam('customer');
    if (!state.customers.has(customer)) throw noSuch('customer', customer, 'customer', 400);
    const raw = list(params, 'phases');
    if (!raw || raw.length === 0) throw missingParam('phases');
    const startDate = params.start_date === 'now' ? state.now() : (int(params, 'start_date') ?? state.now());
    schedule = buildSchedule({
      created: state.now(),
      customer,
      phases: readPhases(call, raw, startDate),
      endBehavior,
      metadata: applyMetadata({}, params),
    });
  }
  state.subscriptionSchedules.set(schedule);
  state.recordEvent('subscription_schedule.created', schedule, requestOf(call));
  // A schedule starting now starts at once.
  catchUp(call);
  return state.subscriptionSchedules.get(schedule.id) as StoredObject;
}

/** Subscription schedules: listed by customer; metadata and end behavior change by update. */
export const SUBSCRIPTION_SCHEDULES: ResourceSpec = {
  path: '/v1/subscription_schedules',
  permission: 'subscriptions',
  noun: 'subscription_schedule',
  collection: (state) => state.subscriptionSchedules,
  sync: catchUp,
  list: { customer: 'customer' },
  retrieve: true,
  update: {
    fields: { metadata: 'metadata', end_behavior: 'text' },
    check(_call, before) {
      if (before.status !== 'not_started' && before.status !== 'active') {
        throw invalidRequest(
          `You cannot update a subscription schedule that is currently in the \`${before.status}\` status. It must be in \`not_started\` or \`active\`.`,
        );
      }
    },
  },
};

function cancel(call: Call): StoredObject {
  catchUp(call);
  const { state } = call;
  const schedule = find(SUBSCRIPTION_SCHEDULES, call);
  mustBeRunning(schedule, 'cancel');
  const subscription = state.subscriptions.get(schedule.subscription as string);
  if (subscription && subscription.status !== 'canceled') cancelSubscription(call, subscription);
  const after = { ...schedule, status: 'canceled', canceled_at: state.now(), current_phase: null };
  state.subscriptionSchedules.set(after);
  state.recordEvent('subscription_schedule.canceled', after, requestOf(call));
  return after;
}

/** `/v1/subscription_schedules`: create, list, retrieve, update, cancel and release. */
export function subscriptionScheduleRoutes(): Route[] {
  const path = SUBSCRIPTION_SCHEDULES.path;
  return [
    ...resourceRoutes(SUBSCRIPTION_SCHEDULES),
    route('POST', path, 'subscriptions', (call) => ({ body: create(call) })),
    route('POST', `${path}/:id/cancel`, 'subscriptions', (call) => ({ body: cancel(call) })),
    route('POST', `${path}/:id/release`, 'subscriptions', (call) => {
      catchUp(call);
      const schedule = find(SUBSCRIPTION_SCHEDULES, call);
      mustBeRunning(schedule, 'release');
      const after = release(call, schedule, requestOf(call));
      call.state.subscriptionSchedules.set(after);
      return { body: after };
    }),
  ];
}
