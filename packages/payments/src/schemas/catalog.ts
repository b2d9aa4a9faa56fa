import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { currency, livemode, metadata, objectType, unixTime } from './common.js';

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

/** A price alone, shown as a record (the result of the commands that create, read or change one). */
export const priceRecordSchema = (z: Zod) => priceSchema(z).meta(resultView({ view: 'record' }));

/** What Stripe returns for a deleted product. */
export const deletedProductSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Product Id', description: 'The deleted product’s id, prod_….' }),
      object: objectType(z, 'product'),
      deleted: z
        .literal(true)
        .meta({ title: 'Deleted', description: 'Always true: the product was deleted.' }),
    })
    .meta(resultView({ view: 'record' }));

/** A deleted product: `{id, object: 'product', deleted: true}`. */
export type StripeDeletedProduct = z.output<ReturnType<typeof deletedProductSchema>>;

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
