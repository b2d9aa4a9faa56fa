import { invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
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
import type { StoredObject } from '../stripe-state.js';
import { customerPaymentMethod } from './payment-methods.js';
import { newPrice, planOf } from './prices.js';
import { endTrialNow, firstPayment, issueInvoice, itemsOf } from './subscription-billing.js';
import { discountsOf } from './subscription-changes.js';
import {
  buildItem,
  buildSubscription,
  type SubscriptionFields,
  type SubscriptionItemFields,
} from './subscription-objects.js';

const DAY = 86_400;

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
  const cancelAt = params.cancel_at;
  if (cancelAt === '') after.cancel_at = null;
  else if (cancelAt !== undefined)
    Object.assign(after, { cancel_at: int(params, 'cancel_at'), cancel_at_period_end: false });
  const discounts = params.discounts;
  if (discounts === '') after.discounts = [];
  else if (discounts !== undefined) after.discounts = discountsOf(call, list(params, 'discounts') ?? []);
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
