import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { couponLookup, customerLookup } from '../payments-lookups.js';
import { couponIdField, customerIdField, limitField, startingAfterField } from '../payments-params.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';
import { promotionCodeSchema, type StripePromotionCode } from '../schemas/coupons.js';

/** Lists promotion codes, newest first: `GET /v1/promotion_codes`, following pages past 100. */
export const listPromotionCodes = defineCommand({
  key: 'listPromotionCodes',
  title: 'List Promotion Codes',
  description: 'Lists promotion codes, newest first: by code, coupon, customer, active or not.',
  input: (z) =>
    z.object({
      code: z.string().trim().min(1).max(500).optional().meta({
        title: 'Code',
        description: 'Only the codes that read this, whatever the case.',
      }),
      active: z.boolean().optional().meta({
        title: 'Active',
        description: 'true lists redeemable codes only, false inactive ones; blank lists both.',
      }),
      coupon: couponIdField(z, 'Only the codes of this coupon.').optional(),
      customerId: customerIdField(z, 'Only the codes reserved for this customer.').optional(),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, promotionCodeSchema(z), 'promotion codes'),
  lookups: { coupon: couponLookup, customerId: customerLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripePromotionCode>> {
    return listFrom(
      ctx.http,
      '/v1/promotion_codes',
      { code: input.code, active: input.active, coupon: input.coupon, customer: input.customerId },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
