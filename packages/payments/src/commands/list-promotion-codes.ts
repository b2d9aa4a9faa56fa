import { defineListCommand } from '../payments-list-command.js';
import { couponLookup, customerLookup } from '../payments-lookups.js';
import { couponIdField, customerIdField } from '../payments-params.js';
import { promotionCodeSchema } from '../schemas/coupons.js';

/** Lists promotion codes, newest first: `GET /v1/promotion_codes`, following pages past 100. */
export const listPromotionCodes = defineListCommand({
  key: 'listPromotionCodes',
  title: 'List Promotion Codes',
  description: 'Lists promotion codes, newest first: by code, coupon, customer, active or not.',
  path: '/v1/promotion_codes',
  noun: 'promotion codes',
  item: promotionCodeSchema,
  filters: (z) => ({
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
  }),
  query: (input) => ({
    code: input.code,
    active: input.active,
    coupon: input.coupon,
    customer: input.customerId,
  }),
  lookups: { coupon: couponLookup, customerId: customerLookup },
});
