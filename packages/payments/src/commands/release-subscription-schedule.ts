import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { scheduleIdField } from '../payments-params.js';
import { type StripeSubscriptionSchedule, subscriptionScheduleSchema } from '../schemas/subscriptions.js';

/** Lets a subscription go from its schedule: `POST /v1/subscription_schedules/{id}/release`. */
export const releaseSubscriptionSchedule = defineCommand({
  key: 'releaseSubscriptionSchedule',
  title: 'Release Subscription Schedule',
  description:
    'Stops a schedule’s planned changes now and leaves its subscription in place, as it is (released_subscription names it). Stripe refuses a schedule already canceled, released or completed.',
  input: (z) =>
    z.object({
      scheduleId: scheduleIdField(z, 'The schedule to release, sub_sched_….'),
      preserveCancelDate: z.boolean().optional().meta({
        title: 'Preserve Cancel Date',
        description: 'Keeps a cancellation date the schedule set on the subscription.',
      }),
    }),
  output: subscriptionScheduleSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscriptionSchedule> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/subscription_schedules/${input.scheduleId}/release`,
      { preserve_cancel_date: input.preserveCancelDate },
      signal,
    );
  },
});
