import { defineCommand } from '@c/core';
import { listAll, type PaymentsContext } from '../payments-client.js';
import { productLookup } from '../payments-lookups.js';
import { stripeId } from '../payments-params.js';
import {
  productWithPricesSchema,
  type StripePrice,
  type StripeProduct,
  type StripeProductWithPrices,
} from '../schemas/catalog.js';

/**
 * Reads a product with all its prices: `GET /v1/products/{id}` and, at the same time,
 * `GET /v1/prices?product=` to the last page.
 */
export const getProductById = defineCommand({
  key: 'getProductById',
  title: 'Get Product By Id',
  description: 'Reads one product by its id, with all its prices (active and inactive) in `prices`.',
  input: (z) =>
    z.object({
      productId: stripeId(z, 'prod_', 'Product Id', 'The product’s id, prod_….'),
    }),
  output: productWithPricesSchema,
  lookups: { productId: productLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: PaymentsContext, { signal }): Promise<StripeProductWithPrices> {
    // Both calls settle before the command returns, so no request outlives it; the product's error wins.
    const [product, prices] = await Promise.allSettled([
      ctx.http.request<StripeProduct>({ method: 'GET', path: `/v1/products/${input.productId}`, signal }),
      listAll<StripePrice>(ctx.http, '/v1/prices', { product: input.productId }, signal),
    ]);
    if (product.status === 'rejected') throw product.reason;
    if (prices.status === 'rejected') throw prices.reason;
    return { ...product.value.data, prices: prices.value.data };
  },
});
