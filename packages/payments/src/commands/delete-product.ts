import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { productLookup } from '../payments-lookups.js';
import { productIdField } from '../payments-params.js';
import { deletedProductSchema, type StripeDeletedProduct } from '../schemas/catalog.js';

/** Deletes a product that has no prices: `DELETE /v1/products/{id}`. */
export const deleteProduct = defineCommand({
  key: 'deleteProduct',
  title: 'Delete Product',
  description:
    'Deletes a product for good. Stripe refuses a product that has prices: archive it instead (Update Product with active: false).',
  input: (z) => z.object({ productId: productIdField(z, 'The product to delete, prod_….') }),
  output: deletedProductSchema,
  lookups: { productId: productLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeDeletedProduct> {
    return stripeCall(ctx.http, 'DELETE', `/v1/products/${input.productId}`, {}, signal);
  },
});
