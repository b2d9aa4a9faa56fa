import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { matchCall, paymentsSimulator, stripeFaults } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createProduct } from './create-product.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

describe('createProduct', () => {
  it('sends name, description and metadata and returns the product', async () => {
    const product = await h.client.run('createProduct', {
      name: 'Gold plan',
      description: 'Everything included',
      metadata: { tier: 'gold' },
    });
    const [call] = h.sim.server.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/products');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(formPairs(call)).toEqual([
      ['name', 'Gold plan'],
      ['description', 'Everything included'],
      ['metadata[tier]', 'gold'],
    ]);
    expect(product).toMatchObject({
      object: 'product',
      name: 'Gold plan',
      description: 'Everything included',
      active: true,
      metadata: { tier: 'gold' },
    });
    expect(product.id).toMatch(/^prod_[A-Za-z0-9]+$/);
    expectOutput(createProduct, product);
  });

  it('creates exactly one product when the response is lost after Stripe applied it', async () => {
    h.sim.server.fault(stripeFaults.dropAfterApply({ match: matchCall('POST', '/v1/products') }));
    const product = await h.client.run('createProduct', { name: 'Once' });
    expect(h.sim.server.calls).toHaveLength(2);
    expect(h.sim.state.products.list()).toEqual([product]);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(5001) }, 'name'],
    [{ name: 'ok', metadata: { k: 5 } }, 'metadata.k'],
    [{ name: 'ok', price: 100 }, 'price'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('createProduct', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
