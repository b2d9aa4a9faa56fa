import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { expandField, scheduleIdField } from '../payments-params.js';
import { type StripeSubscriptionSchedule, subscriptionScheduleSchema } from '../schemas/subscriptions.js';

/** Reads one subscription schedule: `GET /v1/subscription_schedules/{id}`. */
export const getSubscriptionSchedule = defineCommand({
  key: 'getSubscriptionSchedule',
  title: 'Get Subscription Schedule',
  description:
    'Reads one subscription schedule: its status, its phases with their prices and dates, and the subscription it manages.',
  input: (z) =>
    z.object({
      scheduleId: scheduleIdField(z, 'The schedule, sub_sched_… (a subscription’s schedule field names it).'),
      expand: expandField(z, '["subscription"]'),
    }),
  output: subscriptionScheduleSchema,
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscriptionSchedule> {
    return stripeCall(
      ctx.http,
      'GET',
      `/v1/subscription_schedules/${input.scheduleId}`,
      { expand: input.expand },
      signal,
    );
  },
});
