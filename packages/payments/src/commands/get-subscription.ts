import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { subscriptionLookup } from '../payments-lookups.js';
import { expandField, subscriptionIdField } from '../payments-params.js';
import { type StripeSubscription, subscriptionSchema } from '../schemas/subscriptions.js';

/** Reads one subscription: `GET /v1/subscriptions/{id}`. */
export const getSubscription = defineCommand({
  key: 'getSubscription',
  title: 'Get Subscription',
  description:
    'Reads one subscription: its status, items with their prices and current periods, and what happens at the end of the period.',
  input: (z) =>
    z.object({
      subscriptionId: subscriptionIdField(z, 'The subscription, sub_….'),
      expand: expandField(z, '["latest_invoice", "customer"]'),
    }),
  output: subscriptionSchema,
  lookups: { subscriptionId: subscriptionLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscription> {
    return stripeCall(
      ctx.http,
      'GET',
      `/v1/subscriptions/${input.subscriptionId}`,
      { expand: input.expand },
      signal,
    );
  },
});
