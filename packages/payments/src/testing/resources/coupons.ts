import { invalidRequest, missingParam } from '../stripe-errors.js';
import { page } from '../stripe-lists.js';
import { applyMetadata, int, nullableStr, num, str } from '../stripe-params.js';
import { changes, type Route, requestOf, retrieve, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';

/** Fields of a new coupon. */
export interface CouponFields {
  id?: string;
  created: number;
  percentOff?: number | null;
  amountOff?: number | null;
  currency?: string | null;
  duration: 'forever' | 'once' | 'repeating';
  durationInMonths?: number | null;
  name?: string | null;
  maxRedemptions?: number | null;
  redeemBy?: number | null;
  metadata?: Record<string, string>;
}

/** A coupon. Coupon ids have no prefix: eight letters and digits unless chosen. */
export function buildCoupon(fields: CouponFields): StoredObject {
  return {
    id: fields.id ?? stripeStyleId('', 8),
    object: 'coupon',
    amount_off: fields.amountOff ?? null,
    created: fields.created,
    currency: fields.currency ?? null,
    duration: fields.duration,
    duration_in_months: fields.durationInMonths ?? null,
    livemode: false,
    max_redemptions: fields.maxRedemptions ?? null,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    percent_off: fields.percentOff ?? null,
    redeem_by: fields.redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
  };
}

/** `/v1/coupons`: create, retrieve, update (name, metadata), delete and list. */
export function couponRoutes(): Route[] {
  return [
    route('GET', '/v1/coupons', 'coupons', (call) =>
      page(call.state.coupons, call.state.coupons.list(), call.params, '/v1/coupons', 'coupon'),
    ),
    route('POST', '/v1/coupons', 'coupons', (call) => {
      const { params, state } = call;
      const percentOff = num(params, 'percent_off');
      const amountOff = int(params, 'amount_off');
      if (percentOff === undefined && amountOff === undefined) {
        throw invalidRequest('Must provide either percent_off or amount_off.', { param: 'percent_off' });
      }
      if (percentOff !== undefined && amountOff !== undefined) {
        throw invalidRequest('You may only specify one of these parameters: amount_off, percent_off.', {
          param: 'amount_off',
        });
      }
      if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) {
        throw invalidRequest('Invalid percent_off: must be greater than 0 and at most 100', {
          param: 'percent_off',
        });
      }
      const currency = str(params, 'currency');
      if (amountOff !== undefined && !currency) throw missingParam('currency');
      const duration = str(params, 'duration') ?? 'once';
      if (!['forever', 'once', 'repeating'].includes(duration)) {
        throw invalidRequest('Invalid duration: must be one of forever, once, or repeating', {
          param: 'duration',
        });
      }
      const months = int(params, 'duration_in_months');
      if (duration === 'repeating' && months === undefined) throw missingParam('duration_in_months');
      const id = str(params, 'id');
      if (id && state.coupons.has(id)) {
        throw invalidRequest('Coupon already exists.', { param: 'id', code: 'resource_already_exists' });
      }
      const coupon = buildCoupon({
        id: id || undefined,
        created: state.now(),
        percentOff,
        amountOff,
        currency: amountOff !== undefined ? currency : null,
        duration: duration as CouponFields['duration'],
        durationInMonths: duration === 'repeating' ? months : null,
        name: nullableStr(params, 'name', 40),
        maxRedemptions: int(params, 'max_redemptions'),
        redeemBy: int(params, 'redeem_by'),
        metadata: applyMetadata({}, params),
      });
      state.coupons.set(coupon);
      state.recordEvent('coupon.created', coupon, requestOf(call));
      return { body: coupon };
    }),
    route('GET', '/v1/coupons/:id', 'coupons', (call) => ({
      body: retrieve(call.state.coupons, call.ids[0] ?? '', 'coupon', 'coupon'),
    })),
    route('POST', '/v1/coupons/:id', 'coupons', (call) => {
      const { params, state } = call;
      const before = retrieve(state.coupons, call.ids[0] ?? '', 'coupon', 'coupon');
      const after: StoredObject = { ...before };
      const name = nullableStr(params, 'name', 40);
      if (name !== undefined) after.name = name;
      after.metadata = applyMetadata(before.metadata as Record<string, string>, params);
      state.coupons.set(after);
      const previous = changes(before, after);
      if (previous)
        state.recordEvent('coupon.updated', after, requestOf(call), { previousAttributes: previous });
      return { body: after };
    }),
    route('DELETE', '/v1/coupons/:id', 'coupons', (call) => {
      const coupon = retrieve(call.state.coupons, call.ids[0] ?? '', 'coupon', 'coupon');
      call.state.coupons.delete(coupon.id);
      call.state.recordEvent('coupon.deleted', coupon, requestOf(call));
      return { body: { id: coupon.id, object: 'coupon', deleted: true } };
    }),
  ];
}
