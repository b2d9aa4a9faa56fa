import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { productLookup, productPriceLookup } from '../payments-lookups.js';
import { extraField, metadataInput, priceIdField, productIdField } from '../payments-params.js';
import { productSchema, type StripeProduct } from '../schemas/catalog.js';

/** Changes a product: `POST /v1/products/{id}`. */
export const updateProduct = defineCommand({
  key: 'updateProduct',
  title: 'Update Product',
  description:
    'Renames a product, changes its description or default price, or archives it (active: false) so it can no longer be sold.',
  input: (z) =>
    z.object({
      productId: productIdField(z, 'The product, prod_….'),
      name: z.string().trim().min(1, 'must not be empty').max(5000).optional().meta({
        title: 'Name',
        description: 'A new name, shown to customers.',
      }),
      description: z.string().max(40000).optional().meta({
        title: 'Description',
        description: 'A new description.',
      }),
      active: z.boolean().optional().meta({
        title: 'Active',
        description: 'false archives the product; true makes it available again.',
      }),
      defaultPrice: priceIdField(z, 'One of the product’s prices to show first, price_….').optional(),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: productSchema,
  lookups: { productId: productLookup, defaultPrice: productPriceLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeProduct> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/products/${input.productId}`,
      withExtra(input.extra, {
        name: input.name,
        description: input.description,
        active: input.active,
        default_price: input.defaultPrice,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
