import { choice, defineCommand } from '@c/core';
import { listUpTo, type PaymentsContext } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, limitField } from '../payments-params.js';
import { listSchema, type StripeList } from '../schemas/common.js';
import { type StripeSubscription, subscriptionSchema } from '../schemas/subscriptions.js';

/** Lists subscriptions, newest first: `GET /v1/subscriptions`, following pages past 100. */
export const getSubscriptions = defineCommand({
  key: 'getSubscriptions',
  title: 'Get Subscriptions',
  description:
    'Lists subscriptions, newest first, optionally of one customer and one status. Without a status Stripe leaves out canceled ones; Ended lists canceled and expired ones, All statuses every one.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'Only this customer’s subscriptions, cus_….').optional(),
      status: choice(z, [
        ['active', 'Active'],
        ['past_due', 'Past due'],
        ['unpaid', 'Unpaid'],
        ['canceled', 'Canceled'],
        ['incomplete', 'Incomplete'],
        ['incomplete_expired', 'Incomplete, expired'],
        ['trialing', 'Trialing'],
        ['paused', 'Paused'],
        ['ended', 'Ended (canceled or expired)'],
        ['all', 'All statuses'],
      ])
        .optional()
        .meta({
          title: 'Subscription Status',
          description:
            'Only subscriptions in this status; Ended for canceled and expired ones, All statuses for every one. Blank: all but canceled.',
        }),
      limit: limitField(z, 'How many subscriptions to return in all (default 10).'),
    }),
  output: (z) => listSchema(z, subscriptionSchema(z), 'subscriptions'),
  lookups: { customerId: customerLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeList<StripeSubscription>> {
    return listUpTo<StripeSubscription>(
      ctx.http,
      '/v1/subscriptions',
      { customer: input.customerId, status: input.status },
      input.limit,
      signal,
    );
  },
});
