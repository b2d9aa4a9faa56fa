// Coupons and promotion codes against the Stripe simulator over loopback: percent and amount
// coupons with their duration rules, codes for them in the shape the pinned version expects
// (promotion[coupon]), unique among active codes, and redeemed on a subscription.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createCoupon } from './create-coupon.js';
import { createPromotionCode } from './create-promotion-code.js';
import { deleteCoupon } from './delete-coupon.js';
import { listCoupons } from './list-coupons.js';
import { listPromotionCodes } from './list-promotion-codes.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const { coupons, customers, promotionCodes, subscriptions } = SEED_IDS;

describe('createCoupon, listCoupons, deleteCoupon', () => {
  it('creates an amount coupon for three months, lists it first, deletes it, and a second delete is not found', async () => {
    const coupon = await h.client.run('createCoupon', {
      amountOff: 500,
      currency: 'EUR',
      duration: 'repeating',
      durationInMonths: 3,
      name: '5 off for a quarter',
      maxRedemptions: 100,
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['amount_off', '500'],
      ['currency', 'eur'],
      ['duration', 'repeating'],
      ['duration_in_months', '3'],
      ['name', '5 off for a quarter'],
      ['max_redemptions', '100'],
    ]);
    expect(coupon).toMatchObject({ object: 'coupon', amount_off: 500, currency: 'eur', valid: true });
    expectOutput(createCoupon, coupon);
    const listed = await h.client.run('listCoupons', { limit: 2 });
    expect(listed.data.map((entry) => entry.id)).toEqual([coupon.id, coupons.welcome]);
    expect(listed.next_starting_after).toBeNull();
    expectOutput(listCoupons, listed);
    const deleted = await h.client.run('deleteCoupon', { couponId: coupon.id });
    expect(deleted).toEqual({ id: coupon.id, object: 'coupon', deleted: true });
    expectOutput(deleteCoupon, deleted);
    expect(deleteCoupon.annotations).toMatchObject({ destructive: true });
    const again = await failure(h.client.run('deleteCoupon', { couponId: coupon.id }));
    expect(again.kind).toBe('not_found');
    const events = h.sim.state.events.list().map((event) => event.type);
    expect(events.slice(0, 2)).toEqual(['coupon.deleted', 'coupon.created']);
  });

  it('refuses a coupon without its rules before sending, and a taken id with Stripe’s error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ percentOff: 10, amountOff: 100, currency: 'usd' }, 'percentOff'],
      [{ percentOff: 120 }, 'percentOff'],
      [{ amountOff: 100 }, 'currency'],
      [{ percentOff: 10, duration: 'repeating' }, 'durationInMonths'],
      [{ percentOff: 10, durationInMonths: 2 }, 'durationInMonths'],
      [{ percentOff: 10, id: 'has space' }, 'id'],
    ];
    for (const [input, parameter] of cases) {
      const error = await failure(h.client.run('createCoupon', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(0);
    // Neither a percentage nor an amount (a form's required fields only): 10% off, once.
    const plain = await h.client.run('createCoupon', {});
    expect(plain).toMatchObject({ percent_off: 10, amount_off: null, duration: 'once' });
    const taken = await failure(h.client.run('createCoupon', { percentOff: 5, id: coupons.welcome }));
    expect(taken).toMatchObject({ providerCode: 'resource_already_exists' });
  });
});

describe('createPromotionCode, listPromotionCodes', () => {
  it('makes a code for a coupon as promotion[coupon], finds it whatever the case, and redeems it on a subscription', async () => {
    const code = await h.client.run('createPromotionCode', {
      coupon: coupons.welcome,
      code: 'SPRING25',
      maxRedemptions: 50,
      metadata: { campaign: 'spring' },
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['promotion[type]', 'coupon'],
      ['promotion[coupon]', coupons.welcome],
      ['code', 'SPRING25'],
      ['max_redemptions', '50'],
      ['metadata[campaign]', 'spring'],
    ]);
    expect(code).toMatchObject({
      object: 'promotion_code',
      code: 'SPRING25',
      active: true,
      promotion: { type: 'coupon', coupon: coupons.welcome },
    });
    expectOutput(createPromotionCode, code);
    const generated = await h.client.run('createPromotionCode', {
      coupon: coupons.welcome,
      customerId: customers.ada,
    });
    expect(generated.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(generated.customer).toBe(customers.ada);
    const found = await h.client.run('listPromotionCodes', { code: 'spring25', active: true });
    expect(found.data.map((entry) => entry.id)).toEqual([code.id]);
    expectOutput(listPromotionCodes, found);
    const mine = await h.client.run('listPromotionCodes', { customerId: customers.ada });
    expect(mine.data.map((entry) => entry.id)).toEqual([generated.id]);
    const byCoupon = await h.client.run('listPromotionCodes', { coupon: coupons.welcome });
    // The two new codes, newest first, then the sandbox's WELCOME.
    expect(byCoupon.data.map((entry) => entry.id)).toEqual([generated.id, code.id, promotionCodes.welcome]);
    const updated = await h.client.run('updateSubscription', {
      subscriptionId: subscriptions.adaPro,
      discounts: [{ promotionCode: code.id }],
    });
    expect(updated.discounts).toHaveLength(1);
    expect(h.sim.state.events.list().map((event) => event.type)).toContain('promotion_code.created');
  });

  it('refuses a second active code that reads the same, an unknown coupon, and bad input before sending', async () => {
    await h.client.run('createPromotionCode', { coupon: coupons.welcome, code: 'SUMMER' });
    const taken = await failure(
      h.client.run('createPromotionCode', { coupon: coupons.welcome, code: 'summer' }),
    );
    expect(taken).toMatchObject({ providerCode: 'resource_already_exists', details: { param: 'code' } });
    const unknown = await failure(h.client.run('createPromotionCode', { coupon: 'NOPE' }));
    expect(unknown).toMatchObject({
      providerCode: 'resource_missing',
      details: { param: 'promotion[coupon]' },
    });
    const past = await failure(
      h.client.run('createPromotionCode', { coupon: coupons.welcome, expiresAt: 1_000_000 }),
    );
    expect(past).toMatchObject({ details: { param: 'expires_at' } });
    const sent = h.sim.server.calls.length;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'coupon'],
      [{ coupon: coupons.welcome, code: 'NO SPACES' }, 'code'],
      [{ coupon: coupons.welcome, customerId: 'ada' }, 'customerId'],
      [{ coupon: coupons.welcome, maxRedemptions: 0 }, 'maxRedemptions'],
    ];
    for (const [input, parameter] of cases) {
      const error = await failure(h.client.run('createPromotionCode', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(sent);
    const dry = await h.client.run(
      'createPromotionCode',
      { coupon: coupons.welcome },
      { dryRun: true, idempotencyKey: 'promo-1' },
    );
    expect(dry).toMatchObject({
      dryRun: true,
      requests: [{ method: 'POST', headers: { 'idempotency-key': 'promo-1' } }],
    });
    expect(h.sim.server.calls).toHaveLength(sent);
  });
});
