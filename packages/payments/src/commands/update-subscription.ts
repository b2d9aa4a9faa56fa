import { defineCommand, type Zod } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { subscriptionLookup } from '../payments-lookups.js';
import {
  extraField,
  metadataInput,
  paymentMethodIdField,
  priceIdField,
  prorationBehaviorField,
  stripeId,
  subscriptionIdField,
  unixSecondsField,
} from '../payments-params.js';
import { type StripeSubscription, subscriptionSchema } from '../schemas/subscriptions.js';

/** The subscription's items to change (by id), add (without id) or remove (deleted). */
const itemsField = (z: Zod) =>
  z
    .array(
      z.object({
        id: stripeId(z, 'si_', 'Item Id', 'The item to change or remove, si_… (blank adds one).').optional(),
        price: priceIdField(z, 'Its new price, price_….').optional(),
        quantity: z.number().int().nonnegative().optional().meta({
          title: 'Quantity',
          description: 'Its new quantity.',
        }),
        deleted: z.boolean().optional().meta({ title: 'Remove', description: 'true removes the item.' }),
      }),
    )
    .max(20)
    .optional()
    .meta({
      title: 'Items',
      description: 'Items to change (by id), add (without id) or remove (deleted).',
    });

/** A pause of the subscription's collection. */
const pauseCollectionField = (z: Zod) =>
  z
    .object({
      behavior: z.enum(['keep_as_draft', 'mark_uncollectible', 'void']).meta({
        title: 'Behavior',
        description: 'What happens to its invoices while paused.',
      }),
      resumesAt: unixSecondsField(z, 'Resumes At', 'When collection resumes by itself.').optional(),
    })
    .optional()
    .meta({ title: 'Pause Collection', description: 'Pauses collecting payments, keeping it active.' });

/** The discounts the subscription has from now on: a coupon or a promotion code each. */
const discountsField = (z: Zod) =>
  z
    .array(
      z
        .object({
          coupon: z
            .string()
            .min(1)
            .max(200)
            .optional()
            .meta({ title: 'Coupon', description: 'A coupon id.' }),
          promotionCode: stripeId(z, 'promo_', 'Promotion Code', 'A promotion code id, promo_….').optional(),
        })
        .refine((value) => (value.coupon === undefined) !== (value.promotionCode === undefined), {
          message: 'give coupon or promotionCode (one of them)',
          path: ['coupon'],
        }),
    )
    .max(20)
    .optional()
    .meta({
      title: 'Discounts',
      description: 'The discounts it has from now on (replacing the current ones).',
    });

/** Changes a subscription: `POST /v1/subscriptions/{id}`. */
export const updateSubscription = defineCommand({
  key: 'updateSubscription',
  title: 'Update Subscription',
  description:
    'Changes a subscription: its items (another price or quantity, added or removed), when it ends, its trial, its default payment method, a pause of its collection, its discounts and metadata. A canceled subscription only takes metadata.',
  input: (z) =>
    z.object({
      subscriptionId: subscriptionIdField(z, 'The subscription, sub_….'),
      items: itemsField(z),
      prorationBehavior: prorationBehaviorField(z),
      cancelAtPeriodEnd: z.boolean().optional().meta({
        title: 'Cancel At Period End',
        description: 'true ends it when the current period ends; false keeps it going.',
      }),
      cancelAt: unixSecondsField(z, 'Cancel At', 'Ends it at this time (Unix seconds).').optional(),
      defaultPaymentMethod: paymentMethodIdField(
        z,
        'The customer’s payment method its invoices charge, pm_….',
      ).optional(),
      trialEnd: z
        .union([z.literal('now'), z.number().int().positive()])
        .optional()
        .meta({
          title: 'Trial End',
          description: 'now ends the trial (and bills), or a Unix time in the future sets its end.',
        }),
      pauseCollection: pauseCollectionField(z),
      discounts: discountsField(z),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: subscriptionSchema,
  lookups: { subscriptionId: subscriptionLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscription> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/subscriptions/${input.subscriptionId}`,
      withExtra(input.extra, {
        items: input.items,
        proration_behavior: input.prorationBehavior,
        cancel_at_period_end: input.cancelAtPeriodEnd,
        cancel_at: input.cancelAt,
        default_payment_method: input.defaultPaymentMethod,
        trial_end: input.trialEnd,
        pause_collection: input.pauseCollection && {
          behavior: input.pauseCollection.behavior,
          resumes_at: input.pauseCollection.resumesAt,
        },
        discounts: input.discounts?.map((discount) => ({
          coupon: discount.coupon,
          promotion_code: discount.promotionCode,
        })),
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
