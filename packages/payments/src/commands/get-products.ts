import { defineCommand } from '@c/core';
import { listUpTo, type PaymentsContext } from '../payments-client.js';
import { createdRange, limitField, unixSecondsField } from '../payments-params.js';
import { productSchema, type StripeProduct } from '../schemas/catalog.js';
import { listSchema, type StripeList } from '../schemas/common.js';

/** Lists products, newest first: `GET /v1/products`, following pages past 100. */
export const getProducts = defineCommand({
  key: 'getProducts',
  title: 'Get Products',
  description:
    'Lists products, newest first, optionally by creation time. A limit above 100 reads further pages until it is met.',
  input: (z) =>
    z.object({
      createdAfter: unixSecondsField(
        z,
        'Created After',
        'Only products created after this time (Unix seconds, exclusive).',
      ).optional(),
      createdBefore: unixSecondsField(
        z,
        'Created Before',
        'Only products created before this time (Unix seconds, exclusive).',
      ).optional(),
      limit: limitField(z, 'How many products to return in all (default 10).'),
    }),
  output: (z) => listSchema(z, productSchema(z), 'products'),
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeList<StripeProduct>> {
    return listUpTo<StripeProduct>(
      ctx.http,
      '/v1/products',
      { created: createdRange(input.createdAfter, input.createdBefore) },
      input.limit,
      signal,
    );
  },
});
