import { defineCommand } from '@c/core';
import type { PaymentsContext } from '../payments-client.js';
import { metadataField } from '../payments-params.js';
import { customerSchema, type StripeCustomer } from '../schemas/customers.js';

/** Creates a customer: `POST /v1/customers`. */
export const createCustomer = defineCommand({
  key: 'createCustomer',
  title: 'Create Customer',
  description: 'Creates a Stripe customer and returns it with its new id (cus_…).',
  input: (z) =>
    z.object({
      email: z.string().max(512).optional().meta({
        title: 'Email',
        description: 'The customer’s email address (up to 512 characters; its format is not checked).',
      }),
      name: z
        .string()
        .max(256)
        .optional()
        .meta({ title: 'Name', description: 'The customer’s full name or business name.' }),
      description: z.string().max(5000).optional().meta({
        title: 'Description',
        description: 'An internal note about the customer, not shown to the customer.',
      }),
      metadata: metadataField(z, 'Key-value pairs to store on the customer (up to 50 keys).').optional(),
    }),
  output: customerSchema,
  annotations: { readOnly: false, destructive: false },
  async run(input, ctx: PaymentsContext, { signal }): Promise<StripeCustomer> {
    const response = await ctx.http.request<StripeCustomer>({
      method: 'POST',
      path: '/v1/customers',
      form: {
        email: input.email,
        name: input.name,
        description: input.description,
        metadata: input.metadata,
      },
      signal,
    });
    return response.data;
  },
});
