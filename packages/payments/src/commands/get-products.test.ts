import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { buildProduct, paymentsSimulator } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { getProducts } from './get-products.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

function addProducts(count: number) {
  for (let i = 0; i < count; i += 1) {
    h.sim.state.products.set(
      buildProduct({ id: `prod_P${i}`, created: 1_700_000_000 + i * 10, name: `P${i}` }),
    );
  }
}

describe('getProducts', () => {
  it('sends created[gt], created[lt] and the default limit, newest first', async () => {
    addProducts(6);
    const list = await h.client.run('getProducts', {
      createdAfter: 1_700_000_010,
      createdBefore: 1_700_000_050,
    });
    expect(h.sim.server.calls[0]?.path).toBe('/v1/products');
    expect(h.sim.server.calls[0]?.url.search).toBe('?created[gt]=1700000010&created[lt]=1700000050&limit=10');
    expect(list).toMatchObject({ object: 'list', has_more: false, url: '/v1/products' });
    expect(list.data.map((p) => p.id)).toEqual(['prod_P4', 'prod_P3', 'prod_P2']);
    expectOutput(getProducts, list);
  });

  it('pages past 100 until the limit is met', async () => {
    addProducts(205);
    const list = await h.client.run('getProducts', { limit: 201 });
    expect(list.data).toHaveLength(201);
    expect(list.has_more).toBe(true);
    expect(h.sim.server.calls.map((call) => call.query.get('limit'))).toEqual(['100', '100', '1']);
  });

  it.each([
    [{ limit: 1.1 }, 'limit'],
    [{ createdAfter: 17e11 }, 'createdAfter'],
    [{ createdBefore: 1.5 }, 'createdBefore'],
    [{ active: true }, 'active'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('getProducts', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
