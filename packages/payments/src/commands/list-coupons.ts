import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { createdRange, limitField, startingAfterField, unixSecondsField } from '../payments-params.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';
import { couponSchema, type StripeCoupon } from '../schemas/coupons.js';

/** Lists coupons, newest first: `GET /v1/coupons`, following pages past 100. */
export const listCoupons = defineCommand({
  key: 'listCoupons',
  title: 'List Coupons',
  description: 'Lists coupons, newest first, valid ones and those no longer redeemable.',
  input: (z) =>
    z.object({
      createdAfter: unixSecondsField(z, 'Created After', 'Only coupons created after this time.').optional(),
      createdBefore: unixSecondsField(
        z,
        'Created Before',
        'Only coupons created before this time.',
      ).optional(),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, couponSchema(z), 'coupons'),
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripeCoupon>> {
    return listFrom(
      ctx.http,
      '/v1/coupons',
      { created: createdRange(input.createdAfter, input.createdBefore) },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
