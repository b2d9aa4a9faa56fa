import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { livemode, metadata, nullableUnixTime, objectType, unixTime } from './common.js';

/** A coupon: a discount, by percent or amount, applied once, for some months or forever. */
export const couponSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Coupon Id', description: 'The coupon’s id (its code in the API).' }),
    object: objectType(z, 'coupon'),
    amount_off: z.number().int().nullable().meta({
      title: 'Amount Off',
      description: 'The amount taken off, in the currency’s smallest unit (cents), or null.',
    }),
    percent_off: z
      .number()
      .nullable()
      .meta({ title: 'Percent Off', description: 'The percentage taken off (0 to 100), or null.' }),
    currency: z
      .string()
      .nullable()
      .meta({ title: 'Currency', description: 'The currency of amount_off, or null.' }),
    duration: z.string().meta({
      title: 'Duration',
      description: 'How long it applies to a subscription: once, repeating or forever.',
    }),
    duration_in_months: z.number().int().nullable().meta({
      title: 'Duration In Months',
      description: 'With repeating: how many months it applies; null otherwise.',
    }),
    name: z.string().nullable().meta({ title: 'Name', description: 'The name customers see, or null.' }),
    max_redemptions: z.number().int().nullable().meta({
      title: 'Max Redemptions',
      description: 'How many times it can be redeemed in all, or null.',
    }),
    times_redeemed: z
      .number()
      .int()
      .meta({ title: 'Times Redeemed', description: 'How many times it was redeemed.' }),
    redeem_by: nullableUnixTime(z, 'Redeem By', 'The last moment it can be redeemed'),
    valid: z.boolean().meta({ title: 'Valid', description: 'Whether it can still be redeemed.' }),
    created: unixTime(z, 'Created', 'When the coupon was created'),
    livemode: livemode(z),
    metadata: metadata(z).nullable(),
  });

/** A coupon, as Stripe answers for it. */
export type StripeCoupon = z.output<ReturnType<typeof couponSchema>>;

/** A coupon shown as a record. */
export const couponRecordSchema = (z: Zod) => couponSchema(z).meta(resultView({ view: 'record' }));

/** What Stripe returns for a deleted coupon. */
export const deletedCouponSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Coupon Id', description: 'The deleted coupon’s id.' }),
      object: objectType(z, 'coupon'),
      deleted: z
        .literal(true)
        .meta({ title: 'Deleted', description: 'Always true: the coupon was deleted.' }),
    })
    .meta(resultView({ view: 'record' }));

/** A deleted coupon: `{id, object: 'coupon', deleted: true}`. */
export type StripeDeletedCoupon = z.output<ReturnType<typeof deletedCouponSchema>>;

/** A promotion code: the code customers type to get a coupon’s discount. */
export const promotionCodeSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Promotion Code Id', description: 'The promotion code’s id, promo_….' }),
    object: objectType(z, 'promotion_code'),
    code: z.string().meta({ title: 'Code', description: 'What customers type, e.g. SPRING25.' }),
    active: z.boolean().meta({ title: 'Active', description: 'Whether customers can redeem it now.' }),
    promotion: z
      .looseObject({
        type: z.string().meta({ title: 'Type', description: 'What it promotes: coupon.' }),
        coupon: z.string().nullable().meta({ title: 'Coupon', description: 'The coupon it gives, or null.' }),
      })
      .meta({ title: 'Promotion', description: 'What the code gives.' }),
    customer: z.string().nullable().meta({
      title: 'Customer',
      description: 'The only customer who can redeem it (cus_…), or null for anyone.',
    }),
    expires_at: nullableUnixTime(z, 'Expires At', 'When it stops being redeemable'),
    max_redemptions: z.number().int().nullable().meta({
      title: 'Max Redemptions',
      description: 'How many times it can be redeemed in all, or null.',
    }),
    times_redeemed: z
      .number()
      .int()
      .meta({ title: 'Times Redeemed', description: 'How many times it was redeemed.' }),
    created: unixTime(z, 'Created', 'When the code was created'),
    livemode: livemode(z),
    metadata: metadata(z).nullable(),
  });

/** A promotion code, as Stripe answers for it. */
export type StripePromotionCode = z.output<ReturnType<typeof promotionCodeSchema>>;

/** A promotion code shown as a record. */
export const promotionCodeRecordSchema = (z: Zod) =>
  promotionCodeSchema(z).meta(resultView({ view: 'record' }));
