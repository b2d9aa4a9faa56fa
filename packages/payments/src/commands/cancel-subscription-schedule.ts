import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { scheduleIdField } from '../payments-params.js';
import { type StripeSubscriptionSchedule, subscriptionScheduleSchema } from '../schemas/subscriptions.js';

/** Cancels a schedule and its subscription: `POST /v1/subscription_schedules/{id}/cancel`. */
export const cancelSubscriptionSchedule = defineCommand({
  key: 'cancelSubscriptionSchedule',
  title: 'Cancel Subscription Schedule',
  description:
    'Cancels a schedule that has not ended, and the subscription it manages with it, now. To stop the planned changes but keep the subscription, release the schedule instead. Stripe refuses a schedule already canceled, released or completed.',
  input: (z) =>
    z.object({
      scheduleId: scheduleIdField(z, 'The schedule to cancel, sub_sched_….'),
      invoiceNow: z.boolean().optional().meta({
        title: 'Invoice Now',
        description: 'Bills pending usage and prorations of the subscription at once in a final invoice.',
      }),
      prorate: z.boolean().optional().meta({
        title: 'Prorate',
        description: 'Credits the unused time of the subscription’s period.',
      }),
    }),
  output: subscriptionScheduleSchema,
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscriptionSchedule> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/subscription_schedules/${input.scheduleId}/cancel`,
      { invoice_now: input.invoiceNow, prorate: input.prorate },
      signal,
    );
  },
});
