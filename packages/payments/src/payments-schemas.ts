import { customActionResultSchema, resultView, unixTime as unixTimeMeta, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the commands: the fields each command guarantees, as Stripe API version
// 2026-10-28.endive returns them (stripe-node 23.1.0's types say which are always there and which
// may be null). Objects are loose, so every other field Stripe sends passes through. Enumerations
// Stripe may extend (statuses, types) are strings: Stripe adds values without a new API version.
// Each is a builder, called from a command's `output: (z) => …`, so importing a command does not
// load zod.

/** A Unix timestamp in seconds. */
const unixTime = (z: Zod, title: string, description: string) =>
  z
    .number()
    .int()
    .meta({ title, description: `${description} (Unix seconds).`, ...unixTimeMeta() });

/** A Unix timestamp in seconds, or null. */
const nullableUnixTime = (z: Zod, title: string, description: string) =>
  z
    .number()
    .int()
    .nullable()
    .meta({ title, description: `${description} (Unix seconds), or null.`, ...unixTimeMeta() });

/** An amount in the currency's smallest unit (cents). */
const minorAmount = (z: Zod, title: string, description: string) =>
  z
    .number()
    .int()
    .meta({ title, description: `${description}, in the currency’s smallest unit (cents).` });

const currency = (z: Zod) =>
  z
    .string()
    .meta({ title: 'Currency', description: 'Three-letter ISO currency code, lowercase (usd, eur).' });

const metadata = (z: Zod) =>
  z
    .record(z.string(), z.string())
    .meta({ title: 'Metadata', description: 'Key-value pairs stored on the object.' });

const livemode = (z: Zod) =>
  z
    .boolean()
    .meta({ title: 'Live Mode', description: 'true for live data, false for test mode (sk_test_ keys).' });

const objectType = <T extends string>(z: Zod, type: T) =>
  z.literal(type).meta({ title: 'Object Type', description: `Always ${type}.` });

/** Stripe's list object: one page of items, or as many as a list command's limit asked for. */
export const listSchema = <Item extends z.ZodType>(z: Zod, item: Item, items: string) =>
  z
    .looseObject({
      object: objectType(z, 'list'),
      data: z.array(item).meta({ title: 'Data', description: `The ${items}, newest first.` }),
      has_more: z.boolean().meta({
        title: 'Has More',
        description: `Whether more ${items} follow: ask for the next page (starting_after the last id) or a higher limit.`,
      }),
      url: z.string().meta({ title: 'URL', description: 'The API path of the list, e.g. /v1/customers.' }),
    })
    .meta(
      resultView({
        view: 'table',
        list: 'data',
        more: { path: 'has_more', note: 'more on Stripe (has_more): raise the limit to read them' },
      }),
    );

/**
 * Stripe's list object `{object: 'list', data, has_more, url}`, the result of every list command;
 * Stripe's other fields of the list pass through.
 */
export type StripeList<T> = z.output<ReturnType<typeof listSchema<z.ZodType<T>>>>;

/** A customer (`cus_…`). */
export const customerSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Customer Id', description: 'The customer’s id, cus_….' }),
      object: objectType(z, 'customer'),
      created: unixTime(z, 'Created', 'When the customer was created'),
      email: z
        .string()
        .nullable()
        .meta({ title: 'Email', description: 'The customer’s email address, or null.' }),
      name: z
        .string()
        .nullable()
        .optional()
        .meta({ title: 'Name', description: 'The customer’s full name or business name, or null.' }),
      description: z
        .string()
        .nullable()
        .meta({ title: 'Description', description: 'An internal note about the customer, or null.' }),
      phone: z
        .string()
        .nullable()
        .optional()
        .meta({ title: 'Phone', description: 'The customer’s phone number, or null.' }),
      balance: minorAmount(
        z,
        'Balance',
        'Credit (negative) or amount owed (positive) applied to the next invoice',
      ),
      currency: z.string().nullable().optional().meta({
        title: 'Currency',
        description:
          'The currency the customer is billed in (set by the first invoice or subscription), or null.',
      }),
      delinquent: z.boolean().nullable().optional().meta({
        title: 'Delinquent',
        description: 'Whether the customer’s latest invoice is past due or unpaid.',
      }),
      invoice_settings: z
        .looseObject({
          default_payment_method: z.string().nullable().meta({
            title: 'Default Payment Method',
            description:
              'The payment method (pm_…) that pays the customer’s invoices and subscriptions, or null.',
          }),
        })
        .meta({ title: 'Invoice Settings', description: 'How the customer’s invoices are paid and shown.' }),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A customer. */
export type StripeCustomer = z.output<ReturnType<typeof customerSchema>>;

/** What Stripe returns for a customer that was deleted. */
export const deletedCustomerSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Customer Id', description: 'The deleted customer’s id, cus_….' }),
    object: objectType(z, 'customer'),
    deleted: z
      .literal(true)
      .meta({ title: 'Deleted', description: 'Always true: the customer was deleted.' }),
  });

/** A deleted customer: `{id, object: 'customer', deleted: true}`. */
export type StripeDeletedCustomer = z.output<ReturnType<typeof deletedCustomerSchema>>;

/**
 * A customer, or what is left of a deleted one (Get Customer By Id). Either is an object, and the
 * JSON Schema says so beside its `anyOf`: MCP lists a tool's output schema only when it is an object.
 */
export const customerOrDeletedSchema = (z: Zod) =>
  z.union([deletedCustomerSchema(z), customerSchema(z)]).meta({
    type: 'object',
    title: 'Customer',
    description: 'The customer; a deleted customer comes back as {id, object: customer, deleted: true}.',
    ...resultView({ view: 'record' }),
  });

/** A price's recurring terms. */
const recurringSchema = (z: Zod) =>
  z
    .looseObject({
      interval: z
        .string()
        .meta({ title: 'Interval', description: 'Billing unit: day, week, month or year.' }),
      interval_count: z.number().int().meta({
        title: 'Interval Count',
        description: 'Intervals between bills, e.g. 3 with month: quarterly.',
      }),
      meter: z.string().nullable().meta({
        title: 'Meter',
        description: 'The billing meter of a usage-based price (mtr_…), or null.',
      }),
      trial_period_days: z.number().int().nullable().meta({
        title: 'Trial Period Days',
        description: 'Default trial days of subscriptions to this price, or null.',
      }),
      usage_type: z.string().meta({
        title: 'Usage Type',
        description: 'licensed (billed by quantity) or metered (billed by usage).',
      }),
    })
    .nullable()
    .meta({ title: 'Recurring', description: 'How a recurring price bills; null for a one-time price.' });

/** A price (`price_…`), what the commands call a plan. */
export const priceSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Price Id', description: 'The price’s id, price_….' }),
    object: objectType(z, 'price'),
    active: z
      .boolean()
      .meta({ title: 'Active', description: 'Whether new purchases and subscriptions can use it.' }),
    billing_scheme: z.string().meta({
      title: 'Billing Scheme',
      description: 'per_unit (unit_amount times quantity) or tiered.',
    }),
    created: unixTime(z, 'Created', 'When the price was created'),
    currency: currency(z),
    livemode: livemode(z),
    lookup_key: z.string().nullable().meta({
      title: 'Lookup Key',
      description: 'Your own key for finding the price, or null.',
    }),
    metadata: metadata(z),
    nickname: z
      .string()
      .nullable()
      .meta({ title: 'Nickname', description: 'An internal name, not shown to customers, or null.' }),
    product: z.string().meta({ title: 'Product Id', description: 'The product it prices, prod_….' }),
    recurring: recurringSchema(z),
    tax_behavior: z.string().nullable().meta({
      title: 'Tax Behavior',
      description: 'inclusive, exclusive or unspecified, or null.',
    }),
    type: z.string().meta({ title: 'Type', description: 'one_time or recurring.' }),
    unit_amount: z.number().int().nullable().meta({
      title: 'Unit Amount',
      description:
        'The price per unit in the currency’s smallest unit (cents); null for tiered or custom prices.',
    }),
    unit_amount_decimal: z.string().nullable().meta({
      title: 'Unit Amount (Decimal)',
      description: 'The unit amount as a decimal string, for sub-cent precision, or null.',
    }),
  });

/** A price. */
export type StripePrice = z.output<ReturnType<typeof priceSchema>>;

/** The plan view of a recurring price, as subscription items carry it. */
export const planSchema = (z: Zod) =>
  z.looseObject({
    id: z
      .string()
      .meta({ title: 'Plan Id', description: 'The id of the price it views (price_…) or a legacy plan id.' }),
    object: objectType(z, 'plan'),
    active: z.boolean().meta({ title: 'Active', description: 'Whether new subscriptions can use it.' }),
    amount: z.number().int().nullable().meta({
      title: 'Amount',
      description:
        'The amount per interval in the currency’s smallest unit (cents), or null for tiered plans.',
    }),
    currency: currency(z),
    interval: z.string().meta({ title: 'Interval', description: 'Billing unit: day, week, month or year.' }),
    interval_count: z
      .number()
      .int()
      .meta({ title: 'Interval Count', description: 'Intervals between bills.' }),
    product: z
      .string()
      .nullable()
      .meta({ title: 'Product Id', description: 'The product, prod_…, or null.' }),
  });

/** A plan. */
export type StripePlan = z.output<ReturnType<typeof planSchema>>;

/** One item of a subscription: a price, its quantity and its current billing period. */
export const subscriptionItemSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Item Id', description: 'The subscription item’s id, si_….' }),
    object: objectType(z, 'subscription_item'),
    created: unixTime(z, 'Created', 'When the item was added'),
    current_period_start: unixTime(z, 'Current Period Start', 'Start of the item’s current billing period'),
    current_period_end: unixTime(
      z,
      'Current Period End',
      'End of the item’s current billing period, when it renews',
    ),
    metadata: metadata(z),
    plan: planSchema(z).meta({ title: 'Plan', description: 'The price, in its legacy plan view.' }),
    price: priceSchema(z).meta({ title: 'Price', description: 'The price this item bills.' }),
    quantity: z.number().int().optional().meta({
      title: 'Quantity',
      description: 'How many units are billed; absent for metered prices.',
    }),
    subscription: z.string().meta({ title: 'Subscription Id', description: 'The subscription, sub_….' }),
  });

/** A subscription item. */
export type StripeSubscriptionItem = z.output<ReturnType<typeof subscriptionItemSchema>>;

/** A subscription (`sub_…`); its billing periods are on its items in this API version. */
export const subscriptionSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Subscription Id', description: 'The subscription’s id, sub_….' }),
      object: objectType(z, 'subscription'),
      customer: z.string().meta({ title: 'Customer Id', description: 'The subscribed customer, cus_….' }),
      status: z.string().meta({
        title: 'Status',
        description:
          'incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid or paused.',
      }),
      items: listSchema(z, subscriptionItemSchema(z), 'items').meta({
        title: 'Items',
        description:
          'The subscribed prices with quantities; each carries its billing period (current_period_start/end).',
      }),
      created: unixTime(z, 'Created', 'When the subscription was created'),
      start_date: unixTime(z, 'Start Date', 'When the subscription started'),
      currency: currency(z),
      collection_method: z.string().meta({
        title: 'Collection Method',
        description:
          'charge_automatically (Stripe charges the payment method) or send_invoice (emailed invoices).',
      }),
      cancel_at_period_end: z.boolean().meta({
        title: 'Cancel At Period End',
        description: 'Whether it ends at the end of the current period.',
      }),
      cancel_at: nullableUnixTime(z, 'Cancel At', 'When it is set to end'),
      canceled_at: nullableUnixTime(z, 'Canceled At', 'When it was canceled'),
      ended_at: nullableUnixTime(z, 'Ended At', 'When it ended'),
      trial_start: nullableUnixTime(z, 'Trial Start', 'Start of the trial'),
      trial_end: nullableUnixTime(z, 'Trial End', 'End of the trial'),
      days_until_due: z.number().int().nullable().meta({
        title: 'Days Until Due',
        description: 'Under send_invoice, days the customer has to pay each invoice; otherwise null.',
      }),
      default_payment_method: z.string().nullable().meta({
        title: 'Default Payment Method',
        description:
          'The payment method (pm_…) that pays its invoices ahead of the customer’s default, or null.',
      }),
      latest_invoice: z.string().nullable().meta({
        title: 'Latest Invoice',
        description: 'Its most recent invoice, in_…, or null.',
      }),
      description: z.string().nullable().meta({
        title: 'Description',
        description: 'A note shown on its invoices, or null.',
      }),
      discounts: z.array(z.string()).meta({
        title: 'Discounts',
        description: 'Ids of the discounts applied to it (di_…), in order.',
      }),
      pause_collection: z
        .looseObject({
          behavior: z.string().meta({
            title: 'Behavior',
            description: 'What happens to invoices while paused: keep_as_draft, mark_uncollectible or void.',
          }),
          resumes_at: nullableUnixTime(z, 'Resumes At', 'When collection resumes'),
        })
        .nullable()
        .meta({
          title: 'Pause Collection',
          description: 'Whether and how payment collection is paused, or null.',
        }),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A subscription. */
export type StripeSubscription = z.output<ReturnType<typeof subscriptionSchema>>;

/** A product (`prod_…`). */
export const productSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Product Id', description: 'The product’s id, prod_….' }),
      object: objectType(z, 'product'),
      name: z.string().meta({ title: 'Name', description: 'The product’s name, shown to customers.' }),
      active: z.boolean().meta({ title: 'Active', description: 'Whether it can be bought.' }),
      created: unixTime(z, 'Created', 'When the product was created'),
      updated: unixTime(z, 'Updated', 'When the product last changed'),
      description: z
        .string()
        .nullable()
        .meta({ title: 'Description', description: 'The product’s description, or null.' }),
      default_price: z.string().nullable().optional().meta({
        title: 'Default Price',
        description: 'The price (price_…) shown by default, or null.',
      }),
      images: z.array(z.string()).meta({ title: 'Images', description: 'Addresses of up to eight images.' }),
      marketing_features: z
        .array(
          z.looseObject({
            name: z.string().optional().meta({ title: 'Name', description: 'The feature as shown.' }),
          }),
        )
        .meta({ title: 'Marketing Features', description: 'Features shown on pricing tables.' }),
      type: z.string().meta({ title: 'Type', description: 'service or good.' }),
      unit_label: z.string().nullable().optional().meta({
        title: 'Unit Label',
        description: 'The unit shown on receipts and invoices (seat, GB), or null.',
      }),
      url: z
        .string()
        .nullable()
        .meta({ title: 'URL', description: 'A public web page of the product, or null.' }),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A product. */
export type StripeProduct = z.output<ReturnType<typeof productSchema>>;

/** A product with every price it has (Get Product By Id). */
export const productWithPricesSchema = (z: Zod) =>
  productSchema(z)
    .extend({
      prices: z.array(priceSchema(z)).meta({
        title: 'Prices',
        description: 'Every price of the product, active and inactive, newest first.',
      }),
    })
    .meta(resultView({ view: 'record' }));

/** A product with its prices. */
export type StripeProductWithPrices = z.output<ReturnType<typeof productWithPricesSchema>>;

/** A balance transaction (`txn_…`): money into or out of the account's balance. */
export const balanceTransactionSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Transaction Id', description: 'The transaction’s id, txn_….' }),
    object: objectType(z, 'balance_transaction'),
    amount: minorAmount(z, 'Amount', 'Gross amount, negative for money out'),
    fee: minorAmount(z, 'Fee', 'Fees paid for it'),
    net: minorAmount(z, 'Net', 'Amount minus fees: what the balance changed by'),
    currency: currency(z),
    type: z.string().meta({
      title: 'Type',
      description: 'What moved the money: charge, refund, payout, adjustment, stripe_fee, transfer, …',
    }),
    reporting_category: z.string().meta({
      title: 'Reporting Category',
      description: 'Stripe’s reporting category: charge, refund, payout, fee, …',
    }),
    status: z.string().meta({ title: 'Status', description: 'available or pending.' }),
    balance_type: z.string().meta({
      title: 'Balance Type',
      description:
        'Which balance it affects: payments, issuing, refund_and_dispute_prefunding or risk_reserved.',
    }),
    created: unixTime(z, 'Created', 'When it happened'),
    available_on: unixTime(z, 'Available On', 'When the money becomes available'),
    description: z.string().nullable().meta({ title: 'Description', description: 'A description, or null.' }),
    exchange_rate: z.number().nullable().meta({
      title: 'Exchange Rate',
      description: 'The conversion rate when the currency was converted, or null.',
    }),
    fee_details: z
      .array(
        z.looseObject({
          amount: minorAmount(z, 'Amount', 'The fee'),
          application: z
            .string()
            .nullable()
            .meta({ title: 'Application', description: 'A Connect application, or null.' }),
          currency: currency(z),
          description: z
            .string()
            .nullable()
            .meta({ title: 'Description', description: 'What the fee is for.' }),
          type: z.string().meta({
            title: 'Type',
            description: 'application_fee, stripe_fee, tax or payment_method_passthrough_fee.',
          }),
        }),
      )
      .meta({ title: 'Fee Details', description: 'The fees, one by one.' }),
    source: z.string().nullable().meta({
      title: 'Source',
      description: 'The object that caused it (ch_…, re_…, po_…), or null.',
    }),
  });

/** A balance transaction. */
export type StripeBalanceTransaction = z.output<ReturnType<typeof balanceTransactionSchema>>;

/** Custom Action: Stripe's JSON answer; text as `{text}`; bytes as `{contentType, size, base64}`. */
export const customActionSchema = (z: Zod) =>
  customActionResultSchema(z, 'Stripe', {
    object: z.string().optional().meta({
      title: 'Object Type',
      description:
        'The kind of object Stripe answered with (customer, list, coupon, v2.core.event_destination…).',
    }),
  });

/** Custom Action's result: Stripe's JSON answer, or `{text}`, or `{contentType, size, base64}`. */
export type CustomActionResult = z.output<ReturnType<typeof customActionSchema>>;
