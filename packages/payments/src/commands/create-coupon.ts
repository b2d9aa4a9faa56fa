import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { couponIdField, extraField, metadataInput, unixSecondsField } from '../payments-params.js';
import { couponRecordSchema, type StripeCoupon } from '../schemas/coupons.js';

/** The discount of a coupon that gives neither a percentage nor an amount: a common welcome offer. */
const DEFAULT_PERCENT_OFF = 10;

/** Creates a coupon: `POST /v1/coupons`. */
export const createCoupon = defineCommand({
  key: 'createCoupon',
  title: 'Create Coupon',
  description:
    'Creates a coupon: a percentage or an amount off, once, for some months or forever. Customers redeem it through a promotion code or a discount on their subscription.',
  input: (z) =>
    z
      .object({
        percentOff: z
          .number()
          .gt(0, 'must be above 0')
          .max(100)
          .optional()
          .meta({
            title: 'Percent Off',
            description: `The percentage taken off, above 0 and at most 100, or give amountOff (with both blank: ${DEFAULT_PERCENT_OFF}).`,
          }),
        amountOff: z.number().int('must be whole cents').positive().optional().meta({
          title: 'Amount Off',
          description: 'The amount taken off, in the currency’s smallest unit (cents), with currency.',
        }),
        currency: z
          .string()
          .regex(/^[a-zA-Z]{3}$/, 'must be a three-letter currency code')
          .transform((value) => value.toLowerCase())
          .optional()
          .meta({ title: 'Currency', description: 'The currency of amountOff (usd, eur).' }),
        duration: z.enum(['once', 'repeating', 'forever']).default('once').meta({
          title: 'Duration',
          description:
            'How long it applies to a subscription: once, repeating (durationInMonths) or forever.',
        }),
        durationInMonths: z.number().int().min(1).max(1200).optional().meta({
          title: 'Duration In Months',
          description: 'With repeating: how many months it applies.',
        }),
        id: couponIdField(z, 'Your own id for it (default: Stripe makes one).').optional(),
        name: z.string().max(40).optional().meta({
          title: 'Name',
          description: 'The name customers see on invoices and receipts (up to 40 characters).',
        }),
        maxRedemptions: z.number().int().positive().optional().meta({
          title: 'Max Redemptions',
          description: 'How many times it can be redeemed in all.',
        }),
        redeemBy: unixSecondsField(
          z,
          'Redeem By',
          'The last moment it can be redeemed (Unix seconds).',
        ).optional(),
        metadata: metadataInput(z),
        extra: extraField(z),
      })
      .refine((value) => value.percentOff === undefined || value.amountOff === undefined, {
        message: 'give percentOff or amountOff, not both',
        path: ['percentOff'],
      })
      .refine((value) => value.amountOff === undefined || value.currency !== undefined, {
        message: 'amountOff needs its currency',
        path: ['currency'],
      })
      .refine((value) => (value.duration === 'repeating') === (value.durationInMonths !== undefined), {
        message: 'durationInMonths goes with duration repeating, and only with it',
        path: ['durationInMonths'],
      }),
  output: couponRecordSchema,
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeCoupon> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/coupons',
      withExtra(input.extra, {
        percent_off: input.percentOff ?? (input.amountOff === undefined ? DEFAULT_PERCENT_OFF : undefined),
        amount_off: input.amountOff,
        currency: input.amountOff === undefined ? undefined : input.currency,
        duration: input.duration,
        duration_in_months: input.durationInMonths,
        id: input.id,
        name: input.name,
        max_redemptions: input.maxRedemptions,
        redeem_by: input.redeemBy,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
