import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { subscriptionLookup } from '../payments-lookups.js';
import { subscriptionIdField } from '../payments-params.js';
import { type StripeSubscription, subscriptionSchema } from '../schemas/subscriptions.js';

/** Cancels a subscription now: `DELETE /v1/subscriptions/{id}`. */
export const cancelSubscription = defineCommand({
  key: 'cancelSubscription',
  title: 'Cancel Subscription',
  description:
    'Cancels a subscription now, for good (to stop at the end of the period instead, use Update Subscription with cancelAtPeriodEnd). Stripe answers a second cancellation as not found.',
  input: (z) =>
    z.object({
      subscriptionId: subscriptionIdField(z, 'The subscription to cancel, sub_….'),
      invoiceNow: z.boolean().optional().meta({
        title: 'Invoice Now',
        description: 'Bills pending usage and prorations at once in a final invoice.',
      }),
      prorate: z.boolean().optional().meta({
        title: 'Prorate',
        description: 'Credits the unused time of the period (on the final invoice with invoiceNow).',
      }),
      comment: z.string().max(5000).optional().meta({
        title: 'Comment',
        description: 'Why it was canceled, in the customer’s words.',
      }),
      feedback: z
        .enum([
          'customer_service',
          'low_quality',
          'missing_features',
          'other',
          'switched_service',
          'too_complex',
          'too_expensive',
          'unused',
        ])
        .optional()
        .meta({ title: 'Feedback', description: 'The reason the customer gave, from Stripe’s list.' }),
    }),
  output: subscriptionSchema,
  lookups: { subscriptionId: subscriptionLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscription> {
    const details =
      input.comment === undefined && input.feedback === undefined
        ? undefined
        : { comment: input.comment, feedback: input.feedback };
    return stripeCall(
      ctx.http,
      'DELETE',
      `/v1/subscriptions/${input.subscriptionId}`,
      { invoice_now: input.invoiceNow, prorate: input.prorate, cancellation_details: details },
      signal,
    );
  },
});
