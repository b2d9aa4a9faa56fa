import { type StoredObject, stripeStyleId } from '../stripe-state.js';

const DAY = 86_400;

/** One line of a subscription invoice: an item, its price and quantity, and the period it pays for. */
export interface InvoiceLine {
  item: string;
  price: StoredObject;
  productName: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
}

/** Fields of a subscription's invoice. */
export interface InvoiceFields {
  created: number;
  customer: StoredObject;
  /** The subscription it bills; none for an invoice made by hand. */
  subscription?: StoredObject | null;
  lines: InvoiceLine[];
  /** `draft` (send_invoice, not finalized yet), `open` (finalized, unpaid) or `paid`. */
  status: 'draft' | 'open' | 'paid';
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  /** An invoice made by hand: how it is collected, in how many days, its note. */
  collectionMethod?: string;
  daysUntilDue?: number | null;
  description?: string | null;
  autoAdvance?: boolean;
  metadata?: Record<string, string>;
  /** Payment attempts made (a declined card leaves an open invoice with one attempt). */
  attempts?: number;
  /** Sequence number of the customer's invoice, for `number`. */
  sequence?: number;
}

/** `1 × Pro (at $29.00 / month)`, as Stripe describes a subscription line. */
function describeLine(line: InvoiceLine): string {
  const recurring = line.price.recurring as { interval: string; interval_count: number } | null;
  const amount = ((line.price.unit_amount as number) / 100).toFixed(2);
  const every = recurring
    ? recurring.interval_count === 1
      ? recurring.interval
      : `${recurring.interval_count} ${recurring.interval}s`
    : 'once';
  return `${line.quantity} × ${line.productName} (at $${amount} / ${every})`;
}

/**
 * A subscription's invoice in the pinned version's shape: lines with `parent.subscription_item_details`
 * and `pricing.price_details`, the subscription under `parent.subscription_details` (the top-level
 * `subscription` field left in `basil`).
 */
export function buildInvoice(fields: InvoiceFields): StoredObject {
  const id = stripeStyleId('in_1', 24);
  const { customer, status } = fields;
  const subscription = fields.subscription ?? null;
  const currency = String(fields.lines[0]?.price.currency ?? customer.currency ?? 'usd');
  const subscriptionLines = fields.lines.map((line) => {
    const amount = (line.price.unit_amount as number) * line.quantity;
    return {
      id: stripeStyleId('il_1', 24),
      object: 'line_item',
      amount,
      currency,
      description: describeLine(line),
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription?.id ?? null,
          subscription_item: line.item,
        },
        type: 'subscription_item_details',
      },
      period: { end: line.periodEnd, start: line.periodStart },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: line.price.id, product: line.price.product },
        type: 'price_details',
        unit_amount_decimal: String(line.price.unit_amount),
      },
      quantity: line.quantity,
      quantity_decimal: String(line.quantity),
      subscription: subscription?.id ?? null,
      subtotal: amount,
      taxes: [],
    };
  });
  const lines = subscriptionLines;
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const finalized = status !== 'draft';
  const paid = status === 'paid';
  const collectionMethod =
    fields.collectionMethod ?? String(subscription?.collection_method ?? 'charge_automatically');
  const sendInvoice = collectionMethod === 'send_invoice';
  const attempts = fields.attempts ?? (paid && total > 0 ? 1 : 0);
  const daysUntilDue = fields.daysUntilDue ?? (subscription?.days_until_due as number | null) ?? null;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Simulated Stripe account',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    amount_shipping: 0,
    application: null,
    attempt_count: attempts,
    attempted: paid || attempts > 0,
    auto_advance: fields.autoAdvance ?? !paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: finalized ? null : fields.created + 3600,
    billing_reason: fields.billingReason,
    collection_method: collectionMethod,
    created: fields.created,
    currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email ?? null,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: fields.description ?? null,
    discounts: [],
    due_date: sendInvoice ? fields.created + (daysUntilDue ?? 30) * DAY : null,
    effective_at: finalized ? fields.created : null,
    ending_balance: finalized ? 0 : null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: finalized ? `https://invoice.stripe.com/i/simulated/${id}` : null,
    invoice_pdf: finalized ? `https://pay.stripe.com/invoice/simulated/${id}/pdf` : null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: fields.metadata ?? {},
    next_payment_attempt: status === 'open' && !sendInvoice && attempts > 0 ? fields.created + 3 * DAY : null,
    number: finalized ? `${customer.invoice_prefix}-${String(fields.sequence ?? 1).padStart(4, '0')}` : null,
    on_behalf_of: null,
    parent: subscription
      ? {
          quote_details: null,
          subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
          type: 'subscription_details',
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: fields.created,
    period_start: fields.created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status,
    status_transitions: {
      finalized_at: finalized ? fields.created : null,
      marked_uncollectible_at: null,
      paid_at: paid ? fields.created : null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: fields.created,
  };
}
