import { invalidRequest, noSuch } from '../stripe-errors.js';
import { type StripeParam, type StripeParams, str } from '../stripe-params.js';
import { type Call, changes, type Route, requestOf, retrieve, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { declines } from './payment-methods.js';
import { redeemablePromotionCode } from './promotion-codes.js';
import { issueInvoice, payingMethod, restartPeriods } from './subscription-billing.js';

// Stripe's resume (docs.stripe.com/api/subscriptions/resume): only a `paused` subscription resumes
// (one whose trial ended without a payment method, as `trial_settings` said); with
// `billing_cycle_anchor: now` (the default) a new period starts and its invoice is charged at once:
// paid, the subscription is `active`; unpaid (no card, or a declining one), the invoice stays open
// and the subscription is `past_due`. `unchanged` keeps the periods and bills nothing now. Records
// `customer.subscription.resumed` and `customer.subscription.updated`.

/** `POST /v1/subscriptions/{id}/resume`. */
function resume(call: Call) {
  const { state } = call;
  const before = retrieve(state.subscriptions, call.ids[0] ?? '', 'subscription', 'subscription');
  if (before.status !== 'paused') {
    throw invalidRequest(
      `Subscription ${before.id} cannot be resumed because it has a status of ${before.status}. Only a paused subscription can be resumed.`,
    );
  }
  const after: StoredObject = structuredClone(before);
  const anchor = str(call.params, 'billing_cycle_anchor') ?? 'now';
  if (anchor === 'unchanged') {
    after.status = 'active';
  } else {
    restartPeriods(after, state.now());
    const method = payingMethod(state, after);
    const paid = method !== undefined && !declines(method);
    after.status = paid ? 'active' : 'past_due';
    after.latest_invoice = issueInvoice(call, after, paid ? 'paid' : 'open', 'subscription_cycle').id;
  }
  state.subscriptions.set(after);
  const request = requestOf(call);
  state.recordEvent('customer.subscription.resumed', after, request);
  state.recordEvent('customer.subscription.updated', after, request, {
    previousAttributes: changes(before, after),
  });
  return { body: after };
}

/** `/v1/subscriptions/{id}/resume`. */
export function subscriptionResumeRoutes(): Route[] {
  return [route('POST', '/v1/subscriptions/:id/resume', 'subscriptions', resume)];
}

/**
 * `discounts` of a subscription update, `[{coupon}]`, `[{promotion_code}]` or `[{discount}]` (one
 * that exists), as the ids of the discounts applied; an unknown coupon or promotion code is
 * Stripe's 400 naming it.
 */
export function discountsOf(call: Call, raw: readonly StripeParam[]): string[] {
  return raw.map((entry, index) => {
    const item = (typeof entry === 'object' && !Array.isArray(entry) ? entry : {}) as StripeParams;
    const coupon = str(item, 'coupon');
    const code = str(item, 'promotion_code');
    const existing = str(item, 'discount');
    if (coupon && !call.state.coupons.has(coupon)) {
      throw noSuch('coupon', coupon, `discounts[${index}][coupon]`, 400);
    }
    if (code) redeemablePromotionCode(call, code, `discounts[${index}][promotion_code]`);
    if (!coupon && !code && !existing) {
      throw invalidRequest('Each discount needs a coupon, a promotion_code or a discount.', {
        param: `discounts[${index}]`,
      });
    }
    return existing ?? stripeStyleId('di_1', 24);
  });
}
