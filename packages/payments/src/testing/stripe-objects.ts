import { randomBytes } from 'node:crypto';
import { type StoredObject, stripeStyleId } from './stripe-state.js';

/**
 * Builders of Stripe objects in the shapes of Stripe's own fixtures for API version 2023-08-16
 * (`contracts/stripe/fixtures3.2023-08-16.json`): every field present, unused ones `null`.
 */

/** Fields of a new customer. */
export interface CustomerFields {
  id?: string;
  created: number;
  email?: string | null;
  name?: string | null;
  description?: string | null;
  phone?: string | null;
  balance?: number;
  metadata?: Record<string, string>;
}

/** A customer object. */
export function buildCustomer(fields: CustomerFields): StoredObject {
  return {
    id: fields.id ?? stripeStyleId('cus_'),
    object: 'customer',
    address: null,
    balance: fields.balance ?? 0,
    created: fields.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    discount: null,
    email: fields.email ?? null,
    invoice_prefix: randomBytes(4).toString('hex').slice(0, 7).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** Fields of a new product. */
export interface ProductFields {
  id?: string;
  created: number;
  name: string;
  description?: string | null;
  active?: boolean;
  metadata?: Record<string, string>;
  unitLabel?: string | null;
  url?: string | null;
  statementDescriptor?: string | null;
  images?: string[];
}

/** A product object. */
export function buildProduct(fields: ProductFields): StoredObject {
  return {
    id: fields.id ?? stripeStyleId('prod_'),
    object: 'product',
    active: fields.active ?? true,
    created: fields.created,
    default_price: null,
    description: fields.description ?? null,
    features: [],
    images: fields.images ?? [],
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: fields.statementDescriptor ?? null,
    tax_code: null,
    unit_label: fields.unitLabel ?? null,
    updated: fields.created,
    url: fields.url ?? null,
  };
}

/** Billing interval of a recurring price. */
export interface Recurring {
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
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
}

/** A price object. */
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
          aggregate_usage: null,
          interval: recurring.interval,
          interval_count: recurring.intervalCount,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

/** The legacy plan view of a recurring price (`/v1/plans`). */
export function planOf(price: StoredObject): StoredObject {
  const recurring = price.recurring as { interval: string; interval_count: number };
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    aggregate_usage: null,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

const DAY = 86_400;

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
  trialDays?: number | null;
  status?: string;
}

/** A subscription object; its billing period follows the first item's interval. */
export function buildSubscription(fields: SubscriptionFields): StoredObject {
  const id = fields.id ?? stripeStyleId('sub_1', 24);
  const first = fields.items[0]?.price;
  if (!first) throw new Error('A subscription needs at least one item');
  const recurring = first.recurring as { interval: string; interval_count: number };
  const trialEnd = fields.trialDays ? fields.created + fields.trialDays * DAY : null;
  const periodStart = fields.created;
  const end = trialEnd ?? periodEnd(periodStart, recurring);
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { enabled: false },
    billing_cycle_anchor: trialEnd ?? periodStart,
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: fields.created,
    currency: first.currency,
    current_period_end: end,
    current_period_start: periodStart,
    customer: fields.customer,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: fields.description ?? null,
    discount: null,
    ended_at: null,
    items: {
      object: 'list',
      data: fields.items.map((item) => ({
        id: stripeStyleId('si_'),
        object: 'subscription_item',
        billing_thresholds: null,
        created: fields.created,
        metadata: {},
        price: structuredClone(item.price),
        quantity: item.quantity ?? 1,
        subscription: id,
        tax_rates: [],
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: fields.metadata ?? {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: null,
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
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd ? fields.created : null,
  };
}

/** Fields of a new coupon. */
export interface CouponFields {
  id?: string;
  created: number;
  percentOff?: number | null;
  amountOff?: number | null;
  currency?: string | null;
  duration: 'forever' | 'once' | 'repeating';
  durationInMonths?: number | null;
  name?: string | null;
  maxRedemptions?: number | null;
  redeemBy?: number | null;
  metadata?: Record<string, string>;
}

/** A coupon object. Coupon ids have no prefix: eight letters and digits unless chosen. */
export function buildCoupon(fields: CouponFields): StoredObject {
  return {
    id: fields.id ?? stripeStyleId('', 8),
    object: 'coupon',
    amount_off: fields.amountOff ?? null,
    created: fields.created,
    currency: fields.currency ?? null,
    duration: fields.duration,
    duration_in_months: fields.durationInMonths ?? null,
    livemode: false,
    max_redemptions: fields.maxRedemptions ?? null,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    percent_off: fields.percentOff ?? null,
    redeem_by: fields.redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
  };
}

/** Stripe's reporting category of each balance transaction type. */
const REPORTING_CATEGORY: Record<string, string> = {
  charge: 'charge',
  payment: 'charge',
  refund: 'refund',
  payout: 'payout',
  stripe_fee: 'fee',
  adjustment: 'other_adjustment',
  transfer: 'transfer',
};

/** The id prefix of the source object of each balance transaction type. */
const SOURCE_PREFIX: Record<string, string> = {
  charge: 'ch_1',
  payment: 'py_1',
  refund: 're_1',
  payout: 'po_1',
  transfer: 'tr_1',
  adjustment: 'adj_1',
};

/** Fields of a new balance transaction. */
export interface BalanceTransactionFields {
  created: number;
  type: string;
  amount: number;
  fee?: number;
  currency?: string;
  description?: string | null;
  status?: 'available' | 'pending';
}

/** A balance transaction; a fee, when given, is itemised as Stripe's processing fee. */
export function buildBalanceTransaction(fields: BalanceTransactionFields): StoredObject {
  const fee = fields.fee ?? 0;
  const currency = fields.currency ?? 'usd';
  const prefix = SOURCE_PREFIX[fields.type];
  return {
    id: stripeStyleId('txn_1', 24),
    object: 'balance_transaction',
    amount: fields.amount,
    available_on: fields.created + 2 * DAY,
    created: fields.created,
    currency,
    description: fields.description ?? null,
    exchange_rate: null,
    fee,
    fee_details: fee
      ? [
          {
            amount: fee,
            application: null,
            currency,
            description: 'Stripe processing fees',
            type: 'stripe_fee',
          },
        ]
      : [],
    net: fields.amount - fee,
    reporting_category: REPORTING_CATEGORY[fields.type] ?? 'other_adjustment',
    source: prefix ? stripeStyleId(prefix, 24) : null,
    status: fields.status ?? 'available',
    type: fields.type,
  };
}
