import { invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import { page, searchPage } from '../stripe-lists.js';
import {
  applyMetadata,
  bool,
  hash,
  int,
  list,
  nullableStr,
  type StripeParams,
  str,
} from '../stripe-params.js';
import { type Call, changes, type Route, requestOf, retrieve, route } from '../stripe-route.js';
import { compileSearch, type SearchFields } from '../stripe-search.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { buildProduct } from './product-object.js';

/** Billing interval of a recurring price. */
export interface Recurring {
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
  trialPeriodDays?: number | null;
}

/** Fields of a new price. */
export interface PriceFields {
  id?: string;
  created: number;
  product: string;
  currency: string;
  unitAmount: number;
  recurring?: Recurring | null;
  active?: boolean;
  nickname?: string | null;
  lookupKey?: string | null;
  metadata?: Record<string, string>;
  /** `inclusive`, `exclusive` or `unspecified` (the default). */
  taxBehavior?: string;
}

/** A price in the pinned version's shape (`recurring.meter`, no `aggregate_usage`). */
export function buildPrice(fields: PriceFields): StoredObject {
  const recurring = fields.recurring ?? null;
  return {
    id: fields.id ?? stripeStyleId('price_1', 24),
    object: 'price',
    active: fields.active ?? true,
    billing_scheme: 'per_unit',
    created: fields.created,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey ?? null,
    metadata: fields.metadata ?? {},
    nickname: fields.nickname ?? null,
    product: fields.product,
    recurring: recurring
      ? {
          interval: recurring.interval,
          interval_count: recurring.intervalCount,
          meter: null,
          trial_period_days: recurring.trialPeriodDays ?? null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: fields.taxBehavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

/** The legacy plan view of a recurring price (`/v1/plans`, `items.data[].plan`). */
export function planOf(price: StoredObject): StoredObject {
  const recurring = price.recurring as {
    interval: string;
    interval_count: number;
    trial_period_days: number | null;
  };
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: recurring.trial_period_days,
    usage_type: 'licensed',
  };
}

/** The query fields of `GET /v1/prices/search`. */
export const PRICE_SEARCH_FIELDS: SearchFields = {
  active: { kind: 'boolean' },
  created: { kind: 'number' },
  currency: { kind: 'text' },
  lookup_key: { kind: 'text' },
  metadata: { kind: 'metadata' },
  product: { kind: 'text' },
  type: { kind: 'text' },
};

/** The interval of `recurring[…]` parameters. */
function recurringParam(params: StripeParams, name: string): Recurring | undefined {
  const recurring = hash(params, name);
  if (!recurring) return undefined;
  const interval = str(recurring, 'interval');
  if (!interval) throw missingParam(`${name}[interval]`);
  if (!['day', 'week', 'month', 'year'].includes(interval)) {
    throw invalidRequest(`Invalid ${name}[interval]: must be one of day, week, month, or year`, {
      param: `${name}[interval]`,
    });
  }
  const count = int(recurring, 'interval_count') ?? 1;
  if (count < 1) {
    throw invalidRequest('Invalid interval_count: must be at least 1', { param: `${name}[interval_count]` });
  }
  return {
    interval: interval as Recurring['interval'],
    intervalCount: count,
    trialPeriodDays: int(recurring, 'trial_period_days') ?? null,
  };
}

/** A price from `POST /v1/prices` parameters (or a product's `default_price_data`), not yet stored. */
export function newPrice(call: Call, params: StripeParams, product: string, prefix = ''): StoredObject {
  const name = (field: string) => (prefix ? `${prefix}[${field}]` : field);
  const currency = str(params, 'currency');
  if (!currency) throw missingParam(name('currency'));
  if (!/^[a-z]{3}$/.test(currency)) {
    throw invalidRequest(`Invalid currency: ${currency}.`, { param: name('currency') });
  }
  const unitAmount = int(params, 'unit_amount');
  if (unitAmount === undefined) throw missingParam(name('unit_amount'));
  if (unitAmount < 0) {
    throw invalidRequest('This value must be greater than or equal to 0.', { param: name('unit_amount') });
  }
  const lookupKey = nullableStr(params, 'lookup_key', 200);
  if (lookupKey && call.state.prices.list().some((price) => price.lookup_key === lookupKey)) {
    throw invalidRequest(
      `A price (\`${call.state.prices.list().find((price) => price.lookup_key === lookupKey)?.id}\`) already uses that lookup key.`,
      { param: name('lookup_key') },
    );
  }
  return buildPrice({
    created: call.state.now(),
    product,
    currency,
    unitAmount,
    recurring: recurringParam(params, 'recurring'),
    active: bool(params, 'active'),
    nickname: nullableStr(params, 'nickname'),
    lookupKey,
    metadata: applyMetadata({}, params),
    taxBehavior: str(params, 'tax_behavior') ?? 'unspecified',
  });
}

/** `/v1/prices` (create, retrieve, update, list, search) and the legacy `/v1/plans` reads. */
export function priceRoutes(): Route[] {
  return [
    route('GET', '/v1/prices', 'prices', (call) => {
      const { params, state } = call;
      const active = bool(params, 'active');
      const product = str(params, 'product');
      const type = str(params, 'type');
      const currency = str(params, 'currency');
      const lookupKeys = list(params, 'lookup_keys');
      const interval = str(hash(params, 'recurring') ?? {}, 'interval');
      const items = state.prices
        .list()
        .filter(
          (item) =>
            (active === undefined || item.active === active) &&
            (product === undefined || item.product === product) &&
            (type === undefined || item.type === type) &&
            (currency === undefined || item.currency === currency) &&
            (!lookupKeys || lookupKeys.includes(item.lookup_key as string)) &&
            (interval === undefined ||
              (item.recurring as { interval?: string } | null)?.interval === interval),
        );
      return page(state.prices, items, params, '/v1/prices', 'price');
    }),
    route('GET', '/v1/prices/search', 'prices', (call) => {
      const matches = compileSearch(str(call.params, 'query') ?? '', PRICE_SEARCH_FIELDS, 'price');
      return searchPage(call.state.prices.list().filter(matches), call.params, '/v1/prices/search');
    }),
    route('POST', '/v1/prices', 'prices', (call) => {
      const { params, state } = call;
      let product = str(params, 'product');
      const productData = hash(params, 'product_data');
      if (product && productData) {
        throw invalidRequest('You may only specify one of these parameters: product, product_data.', {
          param: 'product',
        });
      }
      let created: StoredObject | undefined;
      if (productData) {
        const name = str(productData, 'name');
        if (!name) throw missingParam('product_data[name]');
        created = buildProduct({ created: state.now(), name, metadata: applyMetadata({}, productData) });
        product = created.id;
      }
      if (!product) throw missingParam('product');
      if (!created && !state.products.has(product)) throw noSuch('product', product, 'product', 400);
      const price = newPrice(call, params, product);
      if (created) {
        state.products.set(created);
        state.recordEvent('product.created', created, requestOf(call));
      }
      state.prices.set(price);
      state.recordEvent('price.created', price, requestOf(call));
      return { body: price };
    }),
    route('GET', '/v1/prices/:id', 'prices', (call) => ({
      body: retrieve(call.state.prices, call.ids[0] ?? '', 'price', 'price'),
    })),
    route('POST', '/v1/prices/:id', 'prices', (call) => {
      const { params, state } = call;
      const before = retrieve(state.prices, call.ids[0] ?? '', 'price', 'price');
      const after: StoredObject = { ...before };
      const active = bool(params, 'active');
      if (active !== undefined) after.active = active;
      const nickname = nullableStr(params, 'nickname');
      if (nickname !== undefined) after.nickname = nickname;
      const lookupKey = nullableStr(params, 'lookup_key', 200);
      if (lookupKey !== undefined) after.lookup_key = lookupKey;
      after.metadata = applyMetadata(before.metadata as Record<string, string>, params);
      state.prices.set(after);
      const previous = changes(before, after);
      if (previous)
        state.recordEvent('price.updated', after, requestOf(call), { previousAttributes: previous });
      return { body: after };
    }),
    route('GET', '/v1/plans', 'prices', (call) => {
      const { params, state } = call;
      const active = bool(params, 'active');
      const product = str(params, 'product');
      const items = state.prices
        .list()
        .filter(
          (item) =>
            item.type === 'recurring' &&
            (active === undefined || item.active === active) &&
            (product === undefined || item.product === product),
        );
      return page(state.prices, items, params, '/v1/plans', 'plan', planOf);
    }),
    route('GET', '/v1/plans/:id', 'prices', (call) => {
      const price = call.state.prices.get(call.ids[0] ?? '');
      if (price?.type !== 'recurring') throw noSuch('plan', call.ids[0] ?? '', 'plan');
      return { body: planOf(price) };
    }),
  ];
}
