import { NotFoundError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { buildPrice, buildProduct, paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { getProductById } from './get-product-by-id.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

describe('getProductById', () => {
  it('returns the product with all its prices, active and inactive', async () => {
    const product = await h.client.run('getProductById', { productId: SEED_IDS.products.starter });
    const calls = h.sim.server.calls.map((call) => `${call.method} ${call.path}${call.url.search}`).sort();
    expect(calls).toEqual([
      `GET /v1/prices?product=${SEED_IDS.products.starter}&limit=100`,
      `GET /v1/products/${SEED_IDS.products.starter}`,
    ]);
    expect(product).toMatchObject({ id: SEED_IDS.products.starter, object: 'product', name: 'Starter' });
    expect(product.prices.map((price) => price.id)).toEqual([
      SEED_IDS.prices.starterYearly,
      SEED_IDS.prices.starterMonthly,
      SEED_IDS.prices.starterLegacy,
    ]);
    expect(product.prices.every((price) => price.product === SEED_IDS.products.starter)).toBe(true);
    expectOutput(getProductById, product);
  });

  it('follows every page of prices', async () => {
    h.sim.state.products.set(buildProduct({ id: 'prod_Many', created: 1_700_000_000, name: 'Many' }));
    for (let i = 0; i < 130; i += 1) {
      h.sim.state.prices.set(
        buildPrice({
          id: `price_Many${i}`,
          created: 1_700_000_000 + i,
          product: 'prod_Many',
          currency: 'eur',
          unitAmount: i,
        }),
      );
    }
    const product = await h.client.run('getProductById', { productId: 'prod_Many' });
    expect(product.prices).toHaveLength(130);
    const priceCalls = h.sim.server.calls.filter((call) => call.path === '/v1/prices');
    expect(priceCalls.map((call) => call.query.get('starting_after'))).toEqual([null, 'price_Many30']);
  });

  it('maps a missing product to a NotFoundError', async () => {
    const error = await failure(h.client.run('getProductById', { productId: 'prod_Missing' }));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.providerMessage).toBe("No such product: 'prod_Missing'");
    // The prices call has settled too: nothing is left in flight when the command fails.
    expect(h.sim.server.calls.map((call) => call.path).sort()).toEqual([
      '/v1/prices',
      '/v1/products/prod_Missing',
    ]);
  });

  it.each([
    [{}, 'productId'],
    [{ productId: 'price_1' }, 'productId'],
    [{ productId: 'prod_a/b' }, 'productId'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('getProductById', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
