import { invalidRequest, missingParam, noSuch, StripeFailure } from '../stripe-errors.js';
import { createdFilter, page, searchPage } from '../stripe-lists.js';
import {
  applyMetadata,
  bool,
  hash,
  int,
  list,
  nullableStr,
  type StripeParam,
  type StripeParams,
  str,
} from '../stripe-params.js';
import { type Call, changes, type Route, requestOf, route } from '../stripe-route.js';
import { compileSearch, type SearchFields } from '../stripe-search.js';
import { type StoredObject, type StripeState, stripeStyleId } from '../stripe-state.js';
import { buildBalanceTransaction, cardFee } from './balance.js';
import { buildInvoice, type InvoiceFields } from './invoices.js';
import { customerPaymentMethod, declines } from './payment-methods.js';
import { newPrice, planOf } from './prices.js';

const DAY = 86_400;

/**
 * Stripe's refusal of a `charge_automatically` subscription that nothing can pay: no trial, an amount
 * due, no payment method on the subscription or the customer, and no `default_incomplete`. No `param`.
 */
export const NO_PAYMENT_METHOD_MESSAGE =
  'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.';

const noPaymentMethod = () => invalidRequest(NO_PAYMENT_METHOD_MESSAGE, { code: 'resource_missing' });

/** The end of a billing period that starts at `start` (calendar months and years, as Stripe bills). */
export function periodEnd(start: number, recurring: { interval: string; interval_count: number }): number {
  const count = recurring.interval_count;
  if (recurring.interval === 'day') return start + count * DAY;
  if (recurring.interval === 'week') return start + count * 7 * DAY;
  const date = new Date(start * 1000);
  if (recurring.interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

/** One item of a new subscription: a recurring price and a quantity. */
export interface SubscriptionItemFields {
  price: StoredObject;
  quantity?: number;
}

/** Fields of a new subscription. */
export interface SubscriptionFields {
  id?: string;
  created: number;
  customer: string;
  items: SubscriptionItemFields[];
  metadata?: Record<string, string>;
  description?: string | null;
  trialEnd?: number | null;
  status?: string;
  collectionMethod?: 'charge_automatically' | 'send_invoice';
  daysUntilDue?: number | null;
  defaultPaymentMethod?: string | null;
  latestInvoice?: string | null;
  missingPaymentMethod?: 'cancel' | 'create_invoice' | 'pause';
  saveDefaultPaymentMethod?: 'off' | 'on_subscription';
}

/** A subscription item; its billing period follows its own price from `start` (or to the trial's end). */
function buildItem(
  subscription: string,
  item: SubscriptionItemFields,
  created: number,
  start: number,
  end: number | null,
): Record<string, unknown> {
  const recurring = item.price.recurring as { interval: string; interval_count: number };
  return {
    id: stripeStyleId('si_'),
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: end ?? periodEnd(start, recurring),
    current_period_start: start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(item.price),
    price: structuredClone(item.price),
    quantity: item.quantity ?? 1,
    subscription,
    tax_rates: [],
  };
}

/**
 * A subscription in the pinned version's shape: billing periods on the items
 * (`items.data[].current_period_start/end`, none on the subscription), `discounts`, `billing_mode`,
 * `invoice_settings`.
 */
export function buildSubscription(fields: SubscriptionFields): StoredObject {
  const id = fields.id ?? stripeStyleId('sub_1', 24);
  const first = fields.items[0]?.price;
  if (!first) throw new Error('A subscription needs at least one item');
  const trialEnd = fields.trialEnd ?? null;
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: trialEnd ?? fields.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: fields.collectionMethod ?? 'charge_automatically',
    created: fields.created,
    currency: first.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: fields.daysUntilDue ?? null,
    default_payment_method: fields.defaultPaymentMethod ?? null,
    default_source: null,
    default_tax_rates: [],
    description: fields.description ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: fields.items.map((item) => buildItem(id, item, fields.created, fields.created, trialEnd)),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: fields.latestInvoice ?? null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata ?? {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: fields.saveDefaultPaymentMethod ?? 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: fields.created,
    status: fields.status ?? (trialEnd ? 'trialing' : 'active'),
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: {
      end_behavior: {
        billing_cycle_anchor: null,
        missing_payment_method: fields.missingPaymentMethod ?? 'create_invoice',
      },
    },
    trial_start: trialEnd ? fields.created : null,
  };
}

/** The query fields of `GET /v1/subscriptions/search`. */
export const SUBSCRIPTION_SEARCH_FIELDS: SearchFields = {
  created: { kind: 'number' },
  metadata: { kind: 'metadata' },
  status: { kind: 'text' },
};

/** Statuses the list filter takes: the subscription statuses, `ended` and `all`. */
const LIST_STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
];

/** Statuses after which a subscription only takes `metadata` and `cancellation_details`. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

type Items = { data: Record<string, unknown>[] };

const itemsOf = (subscription: StoredObject) => (subscription.items as Items).data;

/** Who pays the subscription's invoices: its own payment method, else the customer's default. */
function payingMethod(state: StripeState, subscription: StoredObject): StoredObject | undefined {
  const own = subscription.default_payment_method as string | null;
  const customer = state.customers.get(subscription.customer as string);
  const fallback = (customer?.invoice_settings as { default_payment_method?: string | null } | undefined)
    ?.default_payment_method;
  const id = own ?? fallback;
  return id ? state.paymentMethods.get(id) : undefined;
}

/** The invoice a subscription's billing creates, stored with its events and, when paid, its charge. */
function issueInvoice(
  call: Call,
  subscription: StoredObject,
  status: InvoiceFields['status'],
  billingReason: InvoiceFields['billingReason'],
  attempts?: number,
): StoredObject {
  const { state } = call;
  const customer = state.customers.get(subscription.customer as string) as StoredObject;
  const sequence = (customer.next_invoice_sequence as number) ?? 1;
  const invoice = buildInvoice({
    created: state.now(),
    customer,
    subscription,
    status,
    billingReason,
    sequence,
    ...(attempts !== undefined ? { attempts } : {}),
    lines: itemsOf(subscription).map((item) => {
      const price = item.price as StoredObject;
      return {
        item: item.id as string,
        price,
        productName: String(state.products.get(price.product as string)?.name ?? price.product),
        quantity: item.quantity as number,
        periodStart: item.current_period_start as number,
        periodEnd: item.current_period_end as number,
      };
    }),
  });
  state.invoices.set(invoice);
  if (status !== 'draft') state.customers.set({ ...customer, next_invoice_sequence: sequence + 1 });
  const request = requestOf(call);
  state.recordEvent('invoice.created', invoice, request);
  if (status !== 'draft') state.recordEvent('invoice.finalized', invoice, request);
  if (status === 'paid') {
    state.recordEvent('invoice.paid', invoice, request);
    const amount = invoice.amount_paid as number;
    if (amount > 0) {
      state.balanceTransactions.set(
        buildBalanceTransaction({
          created: state.now(),
          type: 'charge',
          amount,
          fee: cardFee(amount),
          currency: invoice.currency as string,
          description: 'Subscription creation',
          status: 'pending',
        }),
      );
    }
  }
  return invoice;
}

/**
 * The items of a create call: a price (or legacy plan) id, or `price_data`, and a quantity. Prices
 * made from `price_data` go to `fresh`, stored only once the call succeeds.
 */
function readItems(call: Call, raw: StripeParam[], fresh: StoredObject[]): SubscriptionItemFields[] {
  if (raw.length > 20) throw invalidRequest('A subscription can have at most 20 items.', { param: 'items' });
  return raw.map((entry, index) => {
    if (typeof entry !== 'object' || Array.isArray(entry)) {
      throw invalidRequest(`Invalid hash: items[${index}]`, { param: `items[${index}]` });
    }
    return { price: itemPrice(call, entry, index, fresh), quantity: itemQuantity(entry, index) };
  });
}

function itemQuantity(entry: StripeParams, index: number): number | undefined {
  const quantity = int(entry, 'quantity');
  if (quantity !== undefined && quantity < 0) {
    throw invalidRequest('This value must be greater than or equal to 0.', {
      param: `items[${index}][quantity]`,
    });
  }
  return quantity;
}

function itemPrice(call: Call, entry: StripeParams, index: number, fresh: StoredObject[]): StoredObject {
  const { state } = call;
  const data = hash(entry, 'price_data');
  if (data) {
    const prefix = `items[${index}][price_data]`;
    const product = str(data, 'product');
    if (!product) throw missingParam(`${prefix}[product]`);
    if (!state.products.has(product)) throw noSuch('product', product, `${prefix}[product]`, 400);
    if (!hash(data, 'recurring')) throw missingParam(`${prefix}[recurring]`);
    // An inline price is inactive: it serves this subscription only.
    const price: StoredObject = { ...newPrice(call, data, product, prefix), active: false };
    fresh.push(price);
    return price;
  }
  const field = entry.price !== undefined ? 'price' : 'plan';
  const param = `items[${index}][${field}]`;
  const priceId = str(entry, field);
  if (!priceId) throw missingParam(`items[${index}][price]`);
  const price = state.prices.get(priceId);
  if (!price) throw noSuch(field, priceId, param, 400);
  if (!price.active) {
    throw invalidRequest('The price specified is inactive. This field only accepts active prices.', {
      param,
    });
  }
  if (price.type !== 'recurring') {
    throw invalidRequest(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      { param },
    );
  }
  return price;
}

/** `trial_end` (a future time, or `now`), `trial_period_days`, or the price's own trial with `trial_from_plan`. */
function trialEnd(call: Call, items: SubscriptionItemFields[]): number | null {
  const { params, state } = call;
  const now = state.now();
  const explicit = params.trial_end;
  if (explicit === 'now') return null;
  const at = int(params, 'trial_end');
  if (at !== undefined) {
    if (at <= now) {
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', {
        param: 'trial_end',
      });
    }
    return at;
  }
  const days = int(params, 'trial_period_days');
  if (days !== undefined) {
    if (days < 0 || days > 730) {
      throw invalidRequest('trial_period_days must be between 0 and 730.', { param: 'trial_period_days' });
    }
    return days > 0 ? now + days * DAY : null;
  }
  if (bool(params, 'trial_from_plan')) {
    const recurring = items[0]?.price.recurring as { trial_period_days?: number | null } | undefined;
    const planDays = recurring?.trial_period_days;
    return planDays ? now + planDays * DAY : null;
  }
  return null;
}

/** How a subscription's first payment goes. */
type Outcome =
  | { status: 'trialing' | 'active'; invoice: 'paid' | 'draft' }
  | { status: 'incomplete'; invoice: 'open'; attempts: number };

/**
 * Decides the first invoice of a new subscription as Stripe does: a trial or a zero amount needs no
 * payment; `send_invoice` sends a draft; under `charge_automatically`, `default_incomplete` leaves it
 * `incomplete` for the customer to pay; otherwise a payment method must pay now, a declined card
 * leaves it `incomplete` (or is a 402 with `error_if_incomplete`), and no payment method is Stripe's 400.
 */
function firstPayment(call: Call, subscription: StoredObject, amount: number, behavior: string): Outcome {
  if (subscription.status === 'trialing') return { status: 'trialing', invoice: 'paid' };
  if (subscription.collection_method === 'send_invoice') return { status: 'active', invoice: 'draft' };
  if (amount === 0) return { status: 'active', invoice: 'paid' };
  if (behavior === 'default_incomplete') return { status: 'incomplete', invoice: 'open', attempts: 0 };
  const method = payingMethod(call.state, subscription);
  if (!method) throw noPaymentMethod();
  if (!declines(method)) return { status: 'active', invoice: 'paid' };
  if (behavior === 'error_if_incomplete') {
    throw new StripeFailure(402, {
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  }
  return { status: 'incomplete', invoice: 'open', attempts: 1 };
}

/** Cancels a subscription now, as `DELETE /v1/subscriptions/{id}` and a customer's deletion do. */
export function cancelSubscription(
  call: Call,
  subscription: StoredObject,
  details: StripeParams = {},
): StoredObject {
  const now = call.state.now();
  const canceled: StoredObject = {
    ...subscription,
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    cancellation_details: {
      comment: nullableStr(details, 'comment') ?? null,
      feedback: str(details, 'feedback') ?? null,
      feedback_option: null,
      reason: 'cancellation_requested',
    },
  };
  call.state.subscriptions.set(canceled);
  call.state.recordEvent('customer.subscription.deleted', canceled, requestOf(call));
  return canceled;
}

function readSubscription(call: Call, param = 'subscription_exposed_id'): StoredObject {
  const [id = ''] = call.ids;
  const subscription = call.state.subscriptions.get(id);
  if (!subscription) throw noSuch('subscription', id, param);
  return subscription;
}

function create(call: Call) {
  const { params, state } = call;
  const customerId = str(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const rawItems = list(params, 'items');
  if (!rawItems || rawItems.length === 0) throw missingParam('items');
  const customer = state.customers.get(customerId);
  if (!customer) throw noSuch('customer', customerId, 'customer', 400);
  const behavior = str(params, 'payment_behavior') ?? 'allow_incomplete';
  if (behavior === 'pending_if_incomplete') {
    throw invalidRequest(
      'Setting `payment_behavior` to `pending_if_incomplete` has no effect when creating a subscription.',
      { param: 'payment_behavior' },
    );
  }
  const collection = (str(params, 'collection_method') ?? 'charge_automatically') as
    | 'charge_automatically'
    | 'send_invoice';
  const daysUntilDue = int(params, 'days_until_due');
  if (daysUntilDue !== undefined && collection !== 'send_invoice') {
    throw invalidRequest('days_until_due can only be set when collection_method is send_invoice.', {
      param: 'days_until_due',
    });
  }
  const paymentMethodId = nullableStr(params, 'default_payment_method');
  if (paymentMethodId) customerPaymentMethod(state, paymentMethodId, customerId, 'default_payment_method');
  const endBehavior = hash(hash(params, 'trial_settings') ?? {}, 'end_behavior') ?? {};
  const missing = str(endBehavior, 'missing_payment_method') as SubscriptionFields['missingPaymentMethod'];
  const save = str(hash(params, 'payment_settings') ?? {}, 'save_default_payment_method');
  const fresh: StoredObject[] = [];
  const items = readItems(call, rawItems, fresh);
  const trial = trialEnd(call, items);
  const subscription = buildSubscription({
    created: state.now(),
    customer: customerId,
    items,
    metadata: applyMetadata({}, params),
    description: nullableStr(params, 'description', 500),
    trialEnd: trial,
    collectionMethod: collection,
    daysUntilDue: daysUntilDue ?? null,
    defaultPaymentMethod: paymentMethodId ?? null,
    ...(missing ? { missingPaymentMethod: missing } : {}),
    ...(save === 'on_subscription' || save === 'off' ? { saveDefaultPaymentMethod: save } : {}),
  });
  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd) {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = itemsOf(subscription)[0]?.current_period_end ?? null;
  }
  const amount = trial
    ? 0
    : items.reduce((sum, item) => sum + (item.price.unit_amount as number) * (item.quantity ?? 1), 0);
  const outcome = firstPayment(call, subscription, amount, behavior);
  subscription.status = outcome.status;
  for (const price of fresh) state.prices.set(price);
  state.subscriptions.set(subscription);
  state.recordEvent('customer.subscription.created', subscription, requestOf(call));
  const invoice = issueInvoice(
    call,
    subscription,
    outcome.invoice,
    'subscription_create',
    'attempts' in outcome ? outcome.attempts : undefined,
  );
  const stored: StoredObject = { ...subscription, latest_invoice: invoice.id };
  state.subscriptions.set(stored);
  return { body: stored };
}

/** `items[n]`: change an item's price or quantity (`id`), remove it (`deleted`), or add one. */
function updateItems(
  call: Call,
  subscription: StoredObject,
  raw: StripeParam[],
  fresh: StoredObject[],
): Record<string, unknown>[] {
  const now = call.state.now();
  let data = itemsOf(subscription).map((item) => ({ ...item }));
  raw.forEach((entry, index) => {
    if (typeof entry !== 'object' || Array.isArray(entry)) {
      throw invalidRequest(`Invalid hash: items[${index}]`, { param: `items[${index}]` });
    }
    const id = str(entry, 'id');
    const quantity = itemQuantity(entry, index);
    if (id) {
      const found = data.find((item) => item.id === id);
      if (!found) throw noSuch('subscription item', id, `items[${index}][id]`, 400);
      if (bool(entry, 'deleted')) {
        data = data.filter((item) => item.id !== id);
        return;
      }
      if (entry.price !== undefined || entry.plan !== undefined || entry.price_data !== undefined) {
        const price = itemPrice(call, entry, index, fresh);
        found.price = structuredClone(price);
        found.plan = planOf(price);
      }
      if (quantity !== undefined) found.quantity = quantity;
      return;
    }
    const price = itemPrice(call, entry, index, fresh);
    const end = (data[0]?.current_period_end as number | undefined) ?? null;
    data.push(buildItem(subscription.id, { price, quantity }, now, now, end));
  });
  if (data.length === 0) {
    throw invalidRequest('A subscription must have at least one active plan.', { param: 'items' });
  }
  return data;
}

/** Ends a trial now: paid when something can pay, else what `trial_settings` says. */
function endTrialNow(call: Call, after: StoredObject): void {
  const now = call.state.now();
  after.trial_end = now;
  after.billing_cycle_anchor = now;
  const restart = itemsOf(after).map((item) => ({
    ...item,
    current_period_start: now,
    current_period_end: periodEnd(
      now,
      (item.price as StoredObject).recurring as { interval: string; interval_count: number },
    ),
  }));
  after.items = { ...(after.items as object), data: restart };
  const method = payingMethod(call.state, after);
  if (method && !declines(method)) {
    after.status = 'active';
    after.latest_invoice = issueInvoice(call, after, 'paid', 'subscription_cycle').id;
    return;
  }
  const missing = (after.trial_settings as { end_behavior: { missing_payment_method: string } }).end_behavior
    .missing_payment_method;
  if (missing === 'pause') {
    after.status = 'paused';
    return;
  }
  if (missing === 'cancel') {
    Object.assign(after, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      },
    });
    return;
  }
  throw noPaymentMethod();
}

/** Parameters a canceled subscription still takes. */
const AFTER_END = new Set(['metadata', 'cancellation_details', 'expand']);

function update(call: Call) {
  const { params, state } = call;
  const before = readSubscription(call);
  if (ENDED.has(before.status as string)) {
    const refused = Object.keys(params).find((name) => !AFTER_END.has(name));
    if (refused) {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', {
        param: refused,
        code: 'invalid_canceled_subscription_fields',
      });
    }
  }
  const after: StoredObject = structuredClone(before);
  const description = nullableStr(params, 'description', 500);
  if (description !== undefined) after.description = description;
  after.metadata = applyMetadata(before.metadata as Record<string, string>, params);
  const details = hash(params, 'cancellation_details');
  if (details) {
    const current = after.cancellation_details as Record<string, unknown>;
    const comment = nullableStr(details, 'comment');
    const feedback = nullableStr(details, 'feedback');
    after.cancellation_details = {
      ...current,
      ...(comment !== undefined ? { comment } : {}),
      ...(feedback !== undefined ? { feedback } : {}),
    };
  }
  const collection = str(params, 'collection_method');
  if (collection) after.collection_method = collection;
  const daysUntilDue = int(params, 'days_until_due');
  if (daysUntilDue !== undefined) {
    if (after.collection_method !== 'send_invoice') {
      throw invalidRequest('days_until_due can only be set when collection_method is send_invoice.', {
        param: 'days_until_due',
      });
    }
    after.days_until_due = daysUntilDue;
  }
  if (after.collection_method === 'charge_automatically') after.days_until_due = null;
  const paymentMethodId = nullableStr(params, 'default_payment_method');
  if (paymentMethodId !== undefined) {
    if (paymentMethodId) {
      customerPaymentMethod(state, paymentMethodId, after.customer as string, 'default_payment_method');
    }
    after.default_payment_method = paymentMethodId;
  }
  const fresh: StoredObject[] = [];
  const rawItems = list(params, 'items');
  if (rawItems) after.items = { ...(after.items as object), data: updateItems(call, after, rawItems, fresh) };
  const atPeriodEnd = bool(params, 'cancel_at_period_end');
  if (atPeriodEnd !== undefined) {
    after.cancel_at_period_end = atPeriodEnd;
    after.cancel_at = atPeriodEnd ? (itemsOf(after)[0]?.current_period_end ?? null) : null;
  }
  const pause = params.pause_collection;
  if (pause === '') after.pause_collection = null;
  else if (pause !== undefined) {
    const behavior = str(hash(params, 'pause_collection') ?? {}, 'behavior');
    if (!behavior) throw missingParam('pause_collection[behavior]');
    after.pause_collection = {
      behavior,
      resumes_at: int(hash(params, 'pause_collection') ?? {}, 'resumes_at') ?? null,
    };
  }
  if (params.trial_end === 'now' && before.status === 'trialing') endTrialNow(call, after);
  else if (params.trial_end !== undefined && params.trial_end !== 'now') {
    const at = int(params, 'trial_end') as number;
    if (at <= state.now()) {
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', {
        param: 'trial_end',
      });
    }
    after.trial_end = at;
    after.trial_start ??= state.now();
    after.status = 'trialing';
  }
  for (const price of fresh) state.prices.set(price);
  state.subscriptions.set(after);
  const previous = changes(before, after);
  if (previous) {
    state.recordEvent('customer.subscription.updated', after, requestOf(call), {
      previousAttributes: previous,
    });
  }
  return { body: after };
}

/** `/v1/subscriptions`: create, retrieve, update, cancel, list and search. */
export function subscriptionRoutes(): Route[] {
  return [
    route('GET', '/v1/subscriptions', 'subscriptions', (call) => {
      const { params, state } = call;
      const customer = str(params, 'customer');
      const price = str(params, 'price');
      const collection = str(params, 'collection_method');
      const status = str(params, 'status');
      if (status !== undefined && !LIST_STATUSES.includes(status)) {
        throw invalidRequest(`Invalid status: must be one of ${LIST_STATUSES.join(', ')}`, {
          param: 'status',
        });
      }
      const periodEnds = createdFilter(params, 'current_period_end');
      const periodStarts = createdFilter(params, 'current_period_start');
      // Without a status Stripe lists every subscription that is not canceled.
      const statusMatches = (value: unknown) =>
        status === undefined
          ? value !== 'canceled'
          : status === 'all' || value === status || (status === 'ended' && ENDED.has(value as string));
      const items = state.subscriptions.list().filter((item) => {
        const first = itemsOf(item)[0] ?? {};
        return (
          statusMatches(item.status) &&
          (customer === undefined || item.customer === customer) &&
          (collection === undefined || item.collection_method === collection) &&
          (price === undefined ||
            itemsOf(item).some((entry) => (entry.price as StoredObject).id === price)) &&
          periodEnds({ ...item, created: first.current_period_end as number }) &&
          periodStarts({ ...item, created: first.current_period_start as number })
        );
      });
      return page(state.subscriptions, items, params, '/v1/subscriptions', 'subscription');
    }),
    route('GET', '/v1/subscriptions/search', 'subscriptions', (call) => {
      const matches = compileSearch(
        str(call.params, 'query') ?? '',
        SUBSCRIPTION_SEARCH_FIELDS,
        'subscription',
      );
      return searchPage(
        call.state.subscriptions.list().filter(matches),
        call.params,
        '/v1/subscriptions/search',
      );
    }),
    route('POST', '/v1/subscriptions', 'subscriptions', create),
    route('GET', '/v1/subscriptions/:id', 'subscriptions', (call) => ({ body: readSubscription(call) })),
    route('POST', '/v1/subscriptions/:id', 'subscriptions', update),
    route('DELETE', '/v1/subscriptions/:id', 'subscriptions', (call) => {
      const subscription = readSubscription(call, 'id');
      // Stripe answers a second cancellation as if the subscription were gone.
      if (ENDED.has(subscription.status as string)) throw noSuch('subscription', subscription.id, 'id');
      return {
        body: cancelSubscription(call, subscription, hash(call.params, 'cancellation_details') ?? {}),
      };
    }),
  ];
}
