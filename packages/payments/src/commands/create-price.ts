import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { productLookup } from '../payments-lookups.js';
import { currencyField, extraField, metadataInput, productIdField } from '../payments-params.js';
import { priceRecordSchema, type StripePrice } from '../schemas/catalog.js';

/** The name of the product made for a price that names none (a price always belongs to a product). */
const NEW_PRODUCT_NAME = 'New product';

/** Creates a price for a product: `POST /v1/prices`. */
export const createPrice = defineCommand({
  key: 'createPrice',
  title: 'Create Price',
  description:
    'Creates a price: what a product costs, once or every interval. A price’s amount never changes afterwards: make a new price and archive the old one.',
  input: (z) =>
    z
      .object({
        productId: productIdField(z, 'The product it prices, prod_… (or give productName).').optional(),
        productName: z
          .string()
          .trim()
          .min(1)
          .max(5000)
          .optional()
          .meta({
            title: 'New Product Name',
            description: `Makes a new product of this name for the price (or give productId). With both blank: a new product named after the nickname, or "${NEW_PRODUCT_NAME}".`,
          }),
        unitAmount: z.number().int('must be whole cents').nonnegative().meta({
          title: 'Unit Amount',
          description: 'The price per unit, in the currency’s smallest unit (cents).',
        }),
        currency: currencyField(z, 'Three-letter ISO currency code (default usd).'),
        recurring: z
          .object({
            interval: z.enum(['day', 'week', 'month', 'year']).meta({
              title: 'Interval',
              description: 'Bills every day, week, month or year.',
            }),
            intervalCount: z.number().int().min(1).max(365).optional().meta({
              title: 'Interval Count',
              description: 'Intervals between bills (3 with month: quarterly); default 1.',
            }),
          })
          .optional()
          .meta({ title: 'Recurring', description: 'For a subscription price; blank for a one-time price.' }),
        nickname: z.string().max(5000).optional().meta({
          title: 'Nickname',
          description: 'An internal name, not shown to customers.',
        }),
        lookupKey: z.string().min(1).max(200).optional().meta({
          title: 'Lookup Key',
          description: 'Your own key for finding the price (unique in the account).',
        }),
        taxBehavior: z.enum(['inclusive', 'exclusive', 'unspecified']).optional().meta({
          title: 'Tax Behavior',
          description: 'Whether the amount includes tax.',
        }),
        metadata: metadataInput(z),
        extra: extraField(z),
      })
      .refine((value) => value.productId === undefined || value.productName === undefined, {
        message: 'give productId or productName, not both',
        path: ['productId'],
      }),
  output: priceRecordSchema,
  lookups: { productId: productLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePrice> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/prices',
      withExtra(input.extra, {
        product: input.productId,
        product_data:
          input.productId === undefined
            ? { name: input.productName ?? input.nickname ?? NEW_PRODUCT_NAME }
            : undefined,
        unit_amount: input.unitAmount,
        currency: input.currency,
        recurring: input.recurring && {
          interval: input.recurring.interval,
          interval_count: input.recurring.intervalCount,
        },
        nickname: input.nickname,
        lookup_key: input.lookupKey,
        tax_behavior: input.taxBehavior,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
