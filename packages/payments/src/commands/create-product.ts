import { defineCommand } from '@c/core';
import type { PaymentsContext } from '../payments-client.js';
import { metadataField } from '../payments-params.js';
import { productSchema, type StripeProduct } from '../schemas/catalog.js';

/** Creates a product: `POST /v1/products`. */
export const createProduct = defineCommand({
  key: 'createProduct',
  title: 'Create Product',
  description: 'Creates a Stripe product and returns it with its new id (prod_…).',
  input: (z) =>
    z.object({
      name: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(5000)
        .meta({ title: 'Product Name', description: 'The product’s name, shown to customers on invoices.' }),
      description: z
        .string()
        .max(40000)
        .optional()
        .meta({ title: 'Description', description: 'A longer description of the product.' }),
      metadata: metadataField(z, 'Key-value pairs to store on the product.').optional(),
    }),
  output: productSchema,
  annotations: { readOnly: false, destructive: false },
  async run(input, ctx: PaymentsContext, { signal }): Promise<StripeProduct> {
    const response = await ctx.http.request<StripeProduct>({
      method: 'POST',
      path: '/v1/products',
      form: { name: input.name, description: input.description, metadata: input.metadata },
      signal,
    });
    return response.data;
  },
});
