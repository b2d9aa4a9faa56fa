import { defineCommand } from '@c/core';
import type { PaymentsContext, StripeObject } from '../payments-client.js';
import { customerIdField, metadataField } from '../payments-schemas.js';

/** Prefixes of Stripe objects that are never prices: a frequent mix-up in the Plan field. */
const NOT_A_PRICE = /^(prod|cus|sub|si|txn|evt|in|ch|pi|pm|card|src|acct)_/;

/** Subscribes a customer to a price: `POST /v1/subscriptions` with `items[0][price]`. */
export const createSubscription = defineCommand({
  key: 'createSubscription',
  title: 'Create Subscription',
  description: 'Subscribes a customer to a recurring price (plan) and returns the subscription.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'The customer to subscribe, cus_….'),
      plan: z
        .string()
        .min(1, 'is required')
        .max(5000)
        .regex(/^[A-Za-z0-9_-]+$/, 'must be a price id, e.g. price_…')
        .refine((id) => !NOT_A_PRICE.test(id), 'must be a price id (price_…), not the id of another object')
        .meta({
          title: 'Plan',
          description: 'The recurring price to subscribe to: a price id (price_…) or a legacy plan id.',
        }),
      metadata: metadataField(z, 'Key-value pairs to store on the subscription.').optional(),
    }),
  annotations: { readOnly: false, destructive: false },
  async run(input, ctx: PaymentsContext, { signal }) {
    const response = await ctx.http.request<StripeObject>({
      method: 'POST',
      path: '/v1/subscriptions',
      form: { customer: input.customerId, items: [{ price: input.plan }], metadata: input.metadata },
      signal,
    });
    return response.data;
  },
});
