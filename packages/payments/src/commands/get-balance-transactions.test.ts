import { ProviderError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { getBalanceTransactions } from './get-balance-transactions.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

describe('getBalanceTransactions', () => {
  it('sends the type and Stripe’s pagination as given, and returns one page', async () => {
    const first = await h.client.run('getBalanceTransactions', { type: 'charge', pagination: { limit: 2 } });
    expect(h.sim.server.calls[0]?.path).toBe('/v1/balance_transactions');
    expect(h.sim.server.calls[0]?.url.search).toBe('?type=charge&limit=2');
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/balance_transactions' });
    expect(first.data).toHaveLength(2);
    expect(first.data.every((txn) => txn.type === 'charge' && String(txn.id).startsWith('txn_'))).toBe(true);

    const last = first.data[1]?.id;
    const second = await h.client.run('getBalanceTransactions', {
      type: 'charge',
      pagination: { limit: 2, starting_after: last },
    });
    expect(h.sim.server.calls[1]?.url.search).toBe(`?type=charge&limit=2&starting_after=${last}`);
    expect(second.data.map((txn) => txn.id)).not.toContain(last);

    const back = await h.client.run('getBalanceTransactions', {
      type: 'charge',
      pagination: { limit: 2, ending_before: second.data[0]?.id },
    });
    expect(back.data.map((txn) => txn.id)).toEqual(first.data.map((txn) => txn.id));
  });

  it('accepts any Stripe type and no pagination (Stripe’s default page)', async () => {
    const list = await h.client.run('getBalanceTransactions', { type: 'stripe_fee' });
    expect(h.sim.server.calls[0]?.url.search).toBe('?type=stripe_fee');
    expect(list.data.map((txn) => txn.type)).toEqual(['stripe_fee']);
    const all = await h.client.run('getBalanceTransactions', {});
    expect(h.sim.server.calls[1]?.url.search).toBe('');
    expect(all.data).toHaveLength(10);
    expect(all.has_more).toBe(true);
    expectOutput(getBalanceTransactions, all);
    const other = await h.client.run('getBalanceTransactions', { type: 'topup' });
    expect(other.data).toEqual([]);
  });

  it('maps Stripe’s refusal of an unknown cursor to a ProviderError on starting_after', async () => {
    const error = await failure(
      h.client.run('getBalanceTransactions', { pagination: { starting_after: 'txn_Unknown' } }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(400);
    expect(error.details.param).toBe('starting_after');
  });

  it.each([
    [{ pagination: { limit: 101 } }, 'pagination.limit'],
    [{ pagination: { limit: 0 } }, 'pagination.limit'],
    [{ pagination: { starting_after: 'txn_a', ending_before: 'txn_b' } }, 'pagination'],
    [{ pagination: { offset: 10 } }, 'pagination.offset'],
    [{ type: '' }, 'type'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('getBalanceTransactions', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
