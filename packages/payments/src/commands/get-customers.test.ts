import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { buildCustomer, paymentsSimulator } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { getCustomers } from './get-customers.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

/** Stores `count` customers created one second apart, the newest last. */
function addCustomers(count: number, start = 1_700_000_000, email = (i: number) => `c${i}@example.com`) {
  for (let i = 0; i < count; i += 1) {
    h.sim.state.customers.set(buildCustomer({ id: `cus_Many${i}`, created: start + i, email: email(i) }));
  }
}

describe('getCustomers', () => {
  it('sends the exact email, created[gt] and created[lt] and the default limit of 10', async () => {
    addCustomers(5);
    h.sim.state.customers.set(
      buildCustomer({ id: 'cus_Other', created: 1_700_000_002, email: 'C2@example.com' }),
    );
    const list = await h.client.run('getCustomers', {
      email: 'c2@example.com',
      createdAfter: 1_700_000_001,
      createdBefore: 1_700_000_004,
    });
    const [call] = h.sim.server.calls;
    expect(call?.method).toBe('GET');
    expect(call?.path).toBe('/v1/customers');
    expect(call?.url.search).toBe(
      '?email=c2%40example.com&created[gt]=1700000001&created[lt]=1700000004&limit=10',
    );
    expect(list).toEqual({
      object: 'list',
      data: [expect.objectContaining({ id: 'cus_Many2' })],
      has_more: false,
      url: '/v1/customers',
    });
  });

  it('returns Stripe’s list object, newest first, with has_more when more exist', async () => {
    addCustomers(4);
    const list = await h.client.run('getCustomers', { limit: 3 });
    expect(list.object).toBe('list');
    expect(list.data.map((c) => c.id)).toEqual(['cus_Many3', 'cus_Many2', 'cus_Many1']);
    expect(list.has_more).toBe(true);
    expect(h.sim.server.calls[0]?.query.get('limit')).toBe('3');
    expectOutput(getCustomers, list);
  });

  it('pages past 100 with starting_after, asking each page for no more than still needed', async () => {
    addCustomers(260);
    const list = await h.client.run('getCustomers', { limit: 250 });
    expect(list.data).toHaveLength(250);
    expect(new Set(list.data.map((c) => c.id)).size).toBe(250);
    expect(list.data[0]?.id).toBe('cus_Many259');
    expect(list.data[249]?.id).toBe('cus_Many10');
    expect(list.has_more).toBe(true);
    const calls = h.sim.server.calls;
    expect(calls.map((call) => call.query.get('limit'))).toEqual(['100', '100', '50']);
    expect(calls.map((call) => call.query.get('starting_after'))).toEqual([
      null,
      'cus_Many160',
      'cus_Many60',
    ]);
  });

  it('stops when the list ends before the limit, with has_more false', async () => {
    addCustomers(120);
    const list = await h.client.run('getCustomers', { limit: 500 });
    expect(list.data).toHaveLength(120);
    expect(list.has_more).toBe(false);
    expect(h.sim.server.calls.map((call) => call.query.get('limit'))).toEqual(['100', '100']);
  });

  it('reads one page for exactly 100 and says whether more exist', async () => {
    addCustomers(101);
    const list = await h.client.run('getCustomers', { limit: 100 });
    expect(list.data).toHaveLength(100);
    expect(list.has_more).toBe(true);
    expect(h.sim.server.calls).toHaveLength(1);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: -5 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ limit: '10' }, 'limit'],
    [{ createdAfter: 1.5 }, 'createdAfter'],
    [{ createdAfter: -1 }, 'createdAfter'],
    [{ createdBefore: 1_700_000_000_000 }, 'createdBefore'],
    [{ createdBefore: '2023-01-01' }, 'createdBefore'],
    [{ email: '' }, 'email'],
    [{ starting_after: 'cus_x' }, 'starting_after'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('getCustomers', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
