import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { productLookup } from '../payments-lookups.js';
import { limitField, productIdField, startingAfterField } from '../payments-params.js';
import { priceSchema, type StripePrice } from '../schemas/catalog.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';

/** Lists prices, newest first: `GET /v1/prices`, following pages past 100. */
export const listPrices = defineCommand({
  key: 'listPrices',
  title: 'List Prices',
  description: 'Lists prices, newest first, by product, status, type or lookup key.',
  input: (z) =>
    z.object({
      productId: productIdField(z, 'Only the prices of this product.').optional(),
      active: z.boolean().optional().meta({
        title: 'Active',
        description: 'true lists active prices only, false archived ones; blank lists both.',
      }),
      type: z
        .enum(['one_time', 'recurring'])
        .optional()
        .meta({ title: 'Type', description: 'Only one-time or only recurring prices.' }),
      lookupKeys: z
        .array(z.string().min(1).max(200))
        .max(10)
        .optional()
        .meta({ title: 'Lookup Keys', description: 'Only the prices with these lookup keys (up to 10).' }),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, priceSchema(z), 'prices'),
  lookups: { productId: productLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripePrice>> {
    return listFrom(
      ctx.http,
      '/v1/prices',
      { product: input.productId, active: input.active, type: input.type, lookup_keys: input.lookupKeys },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
