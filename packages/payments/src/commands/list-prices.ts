import { defineListCommand } from '../payments-list-command.js';
import { productLookup } from '../payments-lookups.js';
import { productIdField } from '../payments-params.js';
import { priceSchema } from '../schemas/catalog.js';

/** Lists prices, newest first: `GET /v1/prices`, following pages past 100. */
export const listPrices = defineListCommand({
  key: 'listPrices',
  title: 'List Prices',
  description: 'Lists prices, newest first, by product, status, type or lookup key.',
  path: '/v1/prices',
  noun: 'prices',
  item: priceSchema,
  filters: (z) => ({
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
  }),
  query: (input) => ({
    product: input.productId,
    active: input.active,
    type: input.type,
    lookup_keys: input.lookupKeys,
  }),
  lookups: { productId: productLookup },
});
