import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { pausedSubscriptionLookup } from '../payments-lookups.js';
import { prorationBehaviorField, subscriptionIdField } from '../payments-params.js';
import { type StripeSubscription, subscriptionSchema } from '../schemas/subscriptions.js';

/** Resumes a paused subscription: `POST /v1/subscriptions/{id}/resume`. */
export const resumeSubscription = defineCommand({
  key: 'resumeSubscription',
  title: 'Resume Subscription',
  description:
    'Resumes a paused subscription: a new period starts and is charged now (active when paid, past_due when not). Stripe refuses a subscription that is not paused.',
  input: (z) =>
    z.object({
      subscriptionId: subscriptionIdField(z, 'The paused subscription, sub_….'),
      prorationBehavior: prorationBehaviorField(z),
    }),
  output: subscriptionSchema,
  lookups: { subscriptionId: pausedSubscriptionLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscription> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/subscriptions/${input.subscriptionId}/resume`,
      { proration_behavior: input.prorationBehavior },
      signal,
    );
  },
});
