import { choice, defineCommand } from '@c/core';
import type { PaymentsContext } from '../payments-client.js';
import { customerLookup, planLookup } from '../payments-lookups.js';
import { customerIdField, metadataField, stripeId } from '../payments-params.js';
import { type StripeSubscription, subscriptionSchema } from '../schemas/subscriptions.js';

/** Prefixes of Stripe objects that are never prices: a frequent mix-up in the Plan field. */
const NOT_A_PRICE = /^(prod|cus|sub|si|txn|evt|in|ch|pi|pm|card|src|acct)_/;

/** Stripe's longest trial: 730 days. */
const MAX_TRIAL_DAYS = 730;

/**
 * Subscribes a customer to a price: `POST /v1/subscriptions` with `items[0][price]` (and quantity),
 * and Stripe's payment, trial and collection settings.
 */
export const createSubscription = defineCommand({
  key: 'createSubscription',
  title: 'Create Subscription',
  description:
    'Subscribes a customer to a recurring price (plan) and returns the subscription. When Stripe charges invoices automatically (the default) and the customer has nothing to pay the first one with (no default payment method, no trial), Stripe refuses; with Payment Behavior default_incomplete the subscription is created incomplete instead, with a first invoice to pay.',
  input: (z) =>
    z
      .object({
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
        paymentBehavior: choice(z, [
          ['allow_incomplete', 'Allow incomplete (Stripe’s default)'],
          ['default_incomplete', 'Start incomplete, to be paid'],
          ['error_if_incomplete', 'Fail if the payment fails'],
          ['pending_if_incomplete', 'Pending if incomplete (updates only)'],
        ])
          .optional()
          .meta({
            title: 'Payment Behavior',
            description:
              'What happens when the first payment cannot complete. Start incomplete: the subscription starts incomplete with its first invoice open, to be paid (e.g. with Stripe Elements); Allow incomplete (Stripe’s default): a failed payment leaves it incomplete; Fail: a failed payment is an error and nothing is created. Stripe accepts Pending if incomplete only on updates and refuses it here.',
          }),
        defaultPaymentMethod: stripeId(
          z,
          'pm_',
          'Default Payment Method',
          'A payment method attached to the customer (pm_…) that pays this subscription’s invoices, ahead of the customer’s default.',
        ).optional(),
        trialPeriodDays: z
          .number()
          .int('must be a whole number of days')
          .min(0, 'must be 0 or more')
          .max(MAX_TRIAL_DAYS, `must be at most ${MAX_TRIAL_DAYS} days`)
          .optional()
          .meta({
            title: 'Trial Period Days',
            description:
              'Days of free trial before the first charge; the subscription is trialing until then and needs no payment method to start.',
          }),
        collectionMethod: choice(z, [
          ['charge_automatically', 'Charge automatically'],
          ['send_invoice', 'Send an invoice'],
        ])
          .optional()
          .meta({
            title: 'Collection Method',
            description:
              'Charge automatically (Stripe’s default): Stripe charges the payment method; Send an invoice: Stripe emails invoices for the customer to pay within Days Until Due.',
          }),
        daysUntilDue: z
          .number()
          .int('must be a whole number of days')
          .min(0, 'must be 0 or more')
          .max(365 * 5)
          .optional()
          .meta({
            title: 'Days Until Due',
            description:
              'Only with Collection Method send_invoice: the days the customer has to pay each invoice.',
          }),
        quantity: z
          .number()
          .int('must be a whole number')
          .min(0, 'must be 0 or more')
          .max(Number.MAX_SAFE_INTEGER)
          .optional()
          .meta({ title: 'Quantity', description: 'How many units of the plan (Stripe’s default is 1).' }),
      })
      .refine((input) => input.daysUntilDue === undefined || input.collectionMethod === 'send_invoice', {
        message: 'is only allowed with collectionMethod send_invoice',
        path: ['daysUntilDue'],
      }),
  output: subscriptionSchema,
  lookups: { customerId: customerLookup, plan: planLookup },
  annotations: { readOnly: false, destructive: false },
  async run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscription> {
    const response = await ctx.http.request<StripeSubscription>({
      method: 'POST',
      path: '/v1/subscriptions',
      form: {
        customer: input.customerId,
        items: [{ price: input.plan, quantity: input.quantity }],
        metadata: input.metadata,
        payment_behavior: input.paymentBehavior,
        default_payment_method: input.defaultPaymentMethod,
        trial_period_days: input.trialPeriodDays,
        collection_method: input.collectionMethod,
        days_until_due: input.daysUntilDue,
      },
      signal,
    });
    return response.data;
  },
});
