import { type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import { invalidParam, invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import { applyMetadata, bool, hash, int, str } from '../stripe-params.js';
import { type Call, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';

// Stripe's promotion code rules (docs.stripe.com/api/promotion_codes, API 2025-09-30.clover and
// later, stripe-node 19's CHANGELOG): a code is made for `promotion[type]=coupon` with
// `promotion[coupon]` (the top-level `coupon` of older versions is `parameter_unknown`); the coupon
// must exist and still be valid. `code` is what customers type: generated when not given, and,
// regardless of case, unique among active codes (for the same customer, when the code is
// restricted to one). `expires_at` must be in the future and not after the coupon's `redeem_by`;
// `max_redemptions` is at least 1. An update changes `active` and `metadata` only (a code cannot be
// reactivated once its coupon is gone). Creating and updating record `promotion_code.created` and
// `promotion_code.updated`.

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code in the style Stripe generates: eight capital letters and digits. */
function generatedCode(): string {
  return [...stripeStyleId('', 8)]
    .map((char) => CODE_LETTERS[char.charCodeAt(0) % CODE_LETTERS.length])
    .join('');
}

/** The coupon a promotion code is made for, checked: `promotion[type]=coupon` and an existing, valid coupon. */
function couponOf(call: Call): StoredObject {
  const promotion = hash(call.params, 'promotion');
  if (!promotion) throw missingParam('promotion');
  const type = str(promotion, 'type');
  if (!type) throw missingParam('promotion[type]');
  if (type !== 'coupon') {
    throw invalidParam('Invalid promotion[type]: must be coupon', 'promotion[type]');
  }
  const id = str(promotion, 'coupon');
  if (!id) throw missingParam('promotion[coupon]');
  const coupon = call.state.coupons.get(id);
  if (!coupon) throw noSuch('coupon', id, 'promotion[coupon]', 400);
  if (coupon.valid === false) {
    throw invalidParam(`Coupon ${id} is no longer valid.`, 'promotion[coupon]', 'coupon_expired');
  }
  return coupon;
}

/** Refuses a code an active promotion code already has (case aside), for the same customer. */
function checkUnique(call: Call, code: string, customer: string | null): void {
  const taken = call.state.promotionCodes
    .list()
    .some(
      (other) =>
        other.active === true &&
        String(other.code).toLowerCase() === code.toLowerCase() &&
        (other.customer ?? null) === customer,
    );
  if (taken) {
    throw invalidRequest(`An active promotion code with the code ${code} already exists.`, {
      param: 'code',
      code: 'resource_already_exists',
    });
  }
}

/** A new promotion code, not yet stored. */
function createCode(call: Call): StoredObject {
  const { params, state } = call;
  const coupon = couponOf(call);
  const customer = str(params, 'customer') ?? null;
  if (customer && !state.customers.has(customer)) throw noSuch('customer', customer, 'customer', 400);
  const code = str(params, 'code', 500) ?? generatedCode();
  if (!/^[A-Za-z0-9_-]+$/.test(code)) {
    throw invalidParam('Invalid code: use letters, digits, dashes and underscores only.', 'code');
  }
  checkUnique(call, code, customer);
  const expiresAt = int(params, 'expires_at') ?? null;
  if (expiresAt !== null && expiresAt <= state.now()) {
    throw invalidParam('The expires_at timestamp must be in the future.', 'expires_at');
  }
  const redeemBy = coupon.redeem_by as number | null;
  if (expiresAt !== null && redeemBy !== null && expiresAt > redeemBy) {
    throw invalidParam('The expires_at timestamp must be before the coupon’s redeem_by.', 'expires_at');
  }
  const maxRedemptions = int(params, 'max_redemptions') ?? null;
  if (maxRedemptions !== null && maxRedemptions < 1) {
    throw invalidParam('Invalid max_redemptions: must be at least 1', 'max_redemptions');
  }
  const restrictions = hash(params, 'restrictions') ?? {};
  return buildPromotionCode({
    created: state.now(),
    code,
    coupon: coupon.id,
    active: bool(params, 'active') ?? true,
    customer,
    expiresAt,
    maxRedemptions,
    metadata: applyMetadata({}, params),
    restrictions: {
      first_time_transaction: bool(restrictions, 'first_time_transaction') ?? false,
      minimum_amount: int(restrictions, 'minimum_amount') ?? null,
      minimum_amount_currency: str(restrictions, 'minimum_amount_currency') ?? null,
    },
  });
}

/** Fields of a new promotion code. */
export interface PromotionCodeFields {
  id?: string;
  created: number;
  code: string;
  coupon: string;
  active?: boolean;
  customer?: string | null;
  expiresAt?: number | null;
  maxRedemptions?: number | null;
  metadata?: Record<string, string>;
  restrictions?: Record<string, unknown>;
}

/** A promotion code for a coupon, in the pinned version's shape (`promotion[coupon]`). */
export function buildPromotionCode(fields: PromotionCodeFields): StoredObject {
  return {
    id: fields.id ?? stripeStyleId('promo_1', 24),
    object: 'promotion_code',
    active: fields.active ?? true,
    code: fields.code,
    created: fields.created,
    customer: fields.customer ?? null,
    customer_account: null,
    expires_at: fields.expiresAt ?? null,
    livemode: false,
    max_redemptions: fields.maxRedemptions ?? null,
    metadata: fields.metadata ?? {},
    promotion: { coupon: fields.coupon, type: 'coupon' },
    restrictions: fields.restrictions ?? {
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    times_redeemed: 0,
  };
}

/** Promotion codes: listed by code, coupon, customer or `active`; an update sets `active` and metadata. */
export const PROMOTION_CODES: ResourceSpec = {
  path: '/v1/promotion_codes',
  permission: 'promotion_codes',
  noun: 'promotion_code',
  collection: (state) => state.promotionCodes,
  list: {
    active: (code, value) => String(code.active) === value,
    code: (code, value) => String(code.code).toLowerCase() === String(value).toLowerCase(),
    coupon: (code, value) => (code.promotion as { coupon: string }).coupon === value,
    customer: 'customer',
  },
  retrieve: true,
  update: {
    fields: { active: 'bool', metadata: 'metadata' },
    check(call, before) {
      const active = bool(call.params, 'active');
      const coupon = (before.promotion as { coupon: string }).coupon;
      if (active === true && before.active !== true) {
        if (!call.state.coupons.has(coupon)) {
          throw invalidParam(`The coupon ${coupon} of this promotion code was deleted.`, 'active');
        }
        checkUnique(call, String(before.code), (before.customer as string | null) ?? null);
      }
    },
  },
};

/** `/v1/promotion_codes`: create, list, retrieve and update. */
export function promotionCodeRoutes(): Route[] {
  return [
    ...resourceRoutes(PROMOTION_CODES),
    route('POST', PROMOTION_CODES.path, 'promotion_codes', (call) => {
      const code = createCode(call);
      call.state.promotionCodes.set(code);
      call.state.recordEvent('promotion_code.created', code, requestOf(call));
      return { body: code };
    }),
  ];
}

/** The promotion code a discount names, if it exists and can be redeemed now; Stripe's 400 otherwise. */
export function redeemablePromotionCode(call: Call, id: string, param: string): StoredObject {
  const code = call.state.promotionCodes.get(id);
  if (!code) throw noSuch('promotion_code', id, param, 400);
  const expired = typeof code.expires_at === 'number' && code.expires_at <= call.state.now();
  const spent =
    typeof code.max_redemptions === 'number' && (code.times_redeemed as number) >= code.max_redemptions;
  if (code.active !== true || expired || spent) {
    throw invalidParam(`This promotion code cannot be redeemed: ${id}.`, param, 'promotion_code_invalid');
  }
  return code;
}
