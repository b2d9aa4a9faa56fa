// The balance and payouts against the Stripe simulator over loopback: the balance as the seeded
// transactions add up, a payout taken from it (and refused beyond it), listed by status, read, and
// canceled while pending, the money back in the balance; a paid payout cannot be canceled.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { cancelPayout } from './cancel-payout.js';
import { createPayout } from './create-payout.js';
import { getBalance } from './get-balance.js';
import { getPayout } from './get-payout.js';
import { listPayouts } from './list-payouts.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const { payouts } = SEED_IDS;

const available = async () =>
  (await h.client.run('getBalance', {})).available.find((entry) => entry.currency === 'usd')?.amount ?? 0;

describe('getBalance, createPayout, cancelPayout', () => {
  it('pays out part of the balance, lists and reads it, cancels it and the balance is whole again', async () => {
    const balance = await h.client.run('getBalance', {});
    expect(h.sim.server.calls.at(-1)).toMatchObject({ method: 'GET', path: '/v1/balance' });
    expectOutput(getBalance, balance);
    const before = await available();
    expect(before).toBeGreaterThan(1000);
    const payout = await h.client.run('createPayout', {
      amount: 1000,
      description: 'Weekly',
      statementDescriptor: 'ACME PAYOUT',
      metadata: { week: '48' },
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['amount', '1000'],
      ['currency', 'usd'],
      ['description', 'Weekly'],
      ['statement_descriptor', 'ACME PAYOUT'],
      ['metadata[week]', '48'],
    ]);
    expect(payout).toMatchObject({ status: 'pending', method: 'standard', amount: 1000, automatic: false });
    expectOutput(createPayout, payout);
    expect(createPayout.annotations).toMatchObject({ destructive: true, idempotent: false });
    expect(await available()).toBe(before - 1000);
    const pending = await h.client.run('listPayouts', { status: 'pending' });
    expect(pending.data.map((entry) => entry.id)).toEqual([payout.id, payouts.pending]);
    expectOutput(listPayouts, pending);
    const read = await h.client.run('getPayout', { payoutId: payout.id, expand: ['balance_transaction'] });
    expect(read.balance_transaction).toMatchObject({ type: 'payout', amount: -1000 });
    const canceled = await h.client.run('cancelPayout', { payoutId: payout.id });
    expect(canceled.status).toBe('canceled');
    expectOutput(cancelPayout, canceled);
    expect(await available()).toBe(before);
    const again = await failure(h.client.run('cancelPayout', { payoutId: payout.id }));
    expect(again.status).toBe(400);
    const paid = await failure(h.client.run('cancelPayout', { payoutId: payouts.paid }));
    expect(paid.message).toContain('status of paid');
    const types = h.sim.state.events.list().map((event) => event.type);
    expect(types.slice(0, 2)).toEqual(['payout.canceled', 'payout.created']);
  });

  it('refuses more than is available with Stripe’s balance_insufficient, and bad input before sending', async () => {
    const tooMuch = await failure(h.client.run('createPayout', { amount: (await available()) + 1 }));
    expect(tooMuch).toMatchObject({ status: 400, providerCode: 'balance_insufficient' });
    const sent = h.sim.server.calls.length;
    const cases: [string, Record<string, unknown>, string][] = [
      ['createPayout', { amount: 0 }, 'amount'],
      ['createPayout', { amount: 10.5 }, 'amount'],
      ['createPayout', { amount: 100, method: 'fast' }, 'method'],
      ['getPayout', { payoutId: 'tr_1' }, 'payoutId'],
      ['listPayouts', { status: 'done' }, 'status'],
    ];
    for (const [command, input, parameter] of cases) {
      const error = await failure(h.client.run(command as 'getPayout', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    const dry = await h.client.run(
      'createPayout',
      { amount: 100 },
      { dryRun: true, idempotencyKey: 'payout-1' },
    );
    expect(dry).toMatchObject({ requests: [{ method: 'POST', headers: { 'idempotency-key': 'payout-1' } }] });
    expect(h.sim.server.calls).toHaveLength(sent);
  });

  it('lists payouts by arrival date, and reads the seeded paid one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const arrived = await h.client.run('listPayouts', { arrivalBefore: now });
    const query = h.sim.server.calls.at(-1)?.query;
    expect(query?.get('arrival_date[lt]')).toBe(String(now));
    expect(arrived.data.map((entry) => entry.id)).toEqual([payouts.paid]);
    const paid = await h.client.run('getPayout', { payoutId: payouts.paid });
    expect(paid).toMatchObject({ status: 'paid', amount: 15000 });
    expectOutput(getPayout, paid);
  });
});
