import { defineCommand } from '@c/core';
import type { PaymentsContext } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, metadataField } from '../payments-params.js';
import { customerSchema, type StripeCustomer } from '../schemas/customers.js';

/**
 * Updates a customer: `POST /v1/customers/{id}`. Only the fields given change. Metadata, when given,
 * replaces the whole set: Stripe merges metadata, so the customer is read first and every existing key
 * missing from the new metadata is unset (sent empty) in the same single update.
 */
export const updateCustomer = defineCommand({
  key: 'updateCustomer',
  title: 'Update Customer',
  description:
    'Updates a customer. Only the fields given change; an empty string clears a field. Metadata, when given, replaces all existing metadata.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'The customer to update, cus_….'),
      email: z.string().max(512).optional().meta({ title: 'Email', description: 'The new email address.' }),
      name: z.string().max(256).optional().meta({ title: 'Name', description: 'The new name.' }),
      description: z
        .string()
        .max(5000)
        .optional()
        .meta({ title: 'Description', description: 'The new internal note.' }),
      metadata: metadataField(
        z,
        'The complete new metadata: keys not listed here are removed from the customer.',
      ).optional(),
    }),
  output: customerSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: PaymentsContext, { signal }): Promise<StripeCustomer> {
    const path = `/v1/customers/${input.customerId}`;
    let metadata: Record<string, string> | undefined;
    if (input.metadata !== undefined) {
      // A deleted customer answers without metadata; the update then gets Stripe's own error.
      const current = await ctx.http.request<{ metadata?: Record<string, string> }>({
        method: 'GET',
        path,
        signal,
      });
      metadata = { ...input.metadata };
      for (const key of Object.keys(current.data.metadata ?? {})) {
        if (!Object.hasOwn(metadata, key)) metadata[key] = '';
      }
    }
    const response = await ctx.http.request<StripeCustomer>({
      method: 'POST',
      path,
      form: { email: input.email, name: input.name, description: input.description, metadata },
      signal,
    });
    return response.data;
  },
});
