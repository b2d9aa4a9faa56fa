// Search against the Stripe simulator over loopback: Stripe's query language on each searchable
// resource, next_page followed past one page, a resumed search, and a malformed query refused with
// Stripe's 400 and its message.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { search } from './search.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

describe('search', () => {
  it('finds customers by email and metadata, and subscriptions and prices by their fields', async () => {
    const found = await h.client.run('search', {
      resource: 'customers',
      query: 'email~"example.com" AND metadata["plan"]:"pro"',
    });
    const call = h.sim.server.calls.at(-1);
    expect(call?.path).toBe('/v1/customers/search');
    expect(call?.query.get('query')).toBe('email~"example.com" AND metadata["plan"]:"pro"');
    expect(call?.query.get('limit')).toBe('10');
    expect(found).toMatchObject({ object: 'search_result', has_more: false, next_page: null });
    expect(found.data.map((item) => item.id)).toEqual([SEED_IDS.customers.ada]);
    expectOutput(search, found);
    const paused = await h.client.run('search', { resource: 'subscriptions', query: 'status:"paused"' });
    expect(paused.data.map((item) => item.id)).toEqual([SEED_IDS.subscriptions.linusStarter]);
    const recurring = await h.client.run('search', {
      resource: 'prices',
      query: 'type:"recurring"',
      limit: 100,
    });
    expect(recurring.data.every((item) => item.object === 'price' && item.type === 'recurring')).toBe(true);
  });

  it('follows next_page to the limit, and resumes from the next_page it answers', async () => {
    const first = await h.client.run('search', {
      resource: 'customers',
      query: 'email~"example.com"',
      limit: 3,
    });
    expect(first.data).toHaveLength(3);
    expect(first.has_more).toBe(true);
    const rest = await h.client.run('search', {
      resource: 'customers',
      query: 'email~"example.com"',
      page: first.next_page as string,
    });
    expect(h.sim.server.calls.at(-1)?.query.get('page')).toBe(first.next_page);
    expect(rest).toMatchObject({ has_more: false, next_page: null });
    const ids = [...first.data, ...rest.data].map((item) => item.id);
    expect(new Set(ids)).toEqual(new Set(Object.values(SEED_IDS.customers)));
  });

  it('refuses a malformed query with Stripe’s 400 and message, and bad input before sending', async () => {
    const malformed = await failure(h.client.run('search', { resource: 'charges', query: 'amount>>' }));
    expect(malformed).toMatchObject({ kind: 'provider', status: 400 });
    expect(malformed.message).toMatch(/query/i);
    const sent = h.sim.server.calls.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ resource: 'refunds', query: 'x:"1"' }, 'resource'],
      [{ resource: 'customers' }, 'query'],
      [{ resource: 'customers', query: '   ' }, 'query'],
      [{ resource: 'customers', query: 'x:"1"', limit: 0 }, 'limit'],
    ];
    for (const [input, parameter] of cases) {
      const error = await failure(h.client.run('search', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(sent);
    expect(search.annotations).toMatchObject({ readOnly: true, idempotent: true });
  });
});
