import type { StoredObject } from '../stripe-state.js';
import { stripeStyleId } from '../stripe-state.js';
import { planOf } from './prices.js';

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
export function buildItem(
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
