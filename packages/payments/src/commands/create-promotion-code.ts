import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { couponLookup, customerLookup } from '../payments-lookups.js';
import {
  couponIdField,
  customerIdField,
  extraField,
  metadataInput,
  unixSecondsField,
} from '../payments-params.js';
import { promotionCodeRecordSchema, type StripePromotionCode } from '../schemas/coupons.js';

/** Creates a promotion code for a coupon: `POST /v1/promotion_codes`. */
export const createPromotionCode = defineCommand({
  key: 'createPromotionCode',
  title: 'Create Promotion Code',
  description:
    'Creates a code customers type at checkout to get a coupon’s discount, for anyone or for one customer. Codes are unique among active ones, whatever their case.',
  input: (z) =>
    z.object({
      coupon: couponIdField(z, 'The coupon the code gives.'),
      code: z
        .string()
        .trim()
        .min(1)
        .max(500)
        .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - and _')
        .optional()
        .meta({
          title: 'Code',
          description: 'What customers type, e.g. SPRING25 (default: Stripe makes one).',
        }),
      customerId: customerIdField(z, 'Only this customer can redeem it (blank: anyone).').optional(),
      maxRedemptions: z.number().int().positive().optional().meta({
        title: 'Max Redemptions',
        description: 'How many times it can be redeemed in all.',
      }),
      expiresAt: unixSecondsField(
        z,
        'Expires At',
        'When it stops being redeemable (Unix seconds).',
      ).optional(),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: promotionCodeRecordSchema,
  lookups: { coupon: couponLookup, customerId: customerLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePromotionCode> {
    // Since API 2025-09-30.clover the coupon travels as promotion[coupon] (`coupon` is refused).
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/promotion_codes',
      withExtra(input.extra, {
        promotion: { type: 'coupon', coupon: input.coupon },
        code: input.code,
        customer: input.customerId,
        max_redemptions: input.maxRedemptions,
        expires_at: input.expiresAt,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
