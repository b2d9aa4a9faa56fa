import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { couponLookup } from '../payments-lookups.js';
import { couponIdField } from '../payments-params.js';
import { deletedCouponSchema, type StripeDeletedCoupon } from '../schemas/coupons.js';

/** Deletes a coupon: `DELETE /v1/coupons/{id}`. */
export const deleteCoupon = defineCommand({
  key: 'deleteCoupon',
  title: 'Delete Coupon',
  description:
    'Deletes a coupon: no one can redeem it any more. Discounts already applied with it stay until they end.',
  input: (z) => z.object({ couponId: couponIdField(z, 'The coupon to delete.') }),
  output: deletedCouponSchema,
  lookups: { couponId: couponLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeDeletedCoupon> {
    return stripeCall(ctx.http, 'DELETE', `/v1/coupons/${encodeURIComponent(input.couponId)}`, {}, signal);
  },
});
