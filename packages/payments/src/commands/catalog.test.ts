// Prices and product changes against the Stripe simulator over loopback: create, read, list and
// archive prices (whose amount never changes), rename, re-price and archive products, and delete
// only a product without prices, as Stripe allows.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createPrice } from './create-price.js';
import { deleteProduct } from './delete-product.js';
import { getPrice } from './get-price.js';
import { listPrices } from './list-prices.js';
import { updatePrice } from './update-price.js';
import { updateProduct } from './update-product.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const { products, prices } = SEED_IDS;

describe('createPrice, getPrice, listPrices, updatePrice', () => {
  it('prices a product monthly, reads it back, finds it by lookup key, and archives it', async () => {
    const price = await h.client.run('createPrice', {
      productId: products.pro,
      unitAmount: 4900,
      currency: 'EUR',
      recurring: { interval: 'month', intervalCount: 3 },
      nickname: 'Pro quarterly',
      lookupKey: 'pro_quarterly',
      taxBehavior: 'exclusive',
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['product', products.pro],
      ['unit_amount', '4900'],
      ['currency', 'eur'],
      ['recurring[interval]', 'month'],
      ['recurring[interval_count]', '3'],
      ['nickname', 'Pro quarterly'],
      ['lookup_key', 'pro_quarterly'],
      ['tax_behavior', 'exclusive'],
    ]);
    expect(price).toMatchObject({
      object: 'price',
      product: products.pro,
      type: 'recurring',
      currency: 'eur',
      unit_amount: 4900,
      recurring: { interval: 'month', interval_count: 3 },
      tax_behavior: 'exclusive',
    });
    expectOutput(createPrice, price);
    const read = await h.client.run('getPrice', { priceId: price.id, expand: ['product'] });
    expect(read.product).toMatchObject({ id: products.pro, object: 'product' });
    const found = await h.client.run('listPrices', { lookupKeys: ['pro_quarterly'] });
    expect(found.data.map((entry) => entry.id)).toEqual([price.id]);
    expectOutput(listPrices, found);
    const archived = await h.client.run('updatePrice', {
      priceId: price.id,
      active: false,
      nickname: 'Pro quarterly (old)',
      metadata: { replaced: 'yes' },
    });
    expect(archived).toMatchObject({ active: false, nickname: 'Pro quarterly (old)', unit_amount: 4900 });
    expectOutput(updatePrice, archived);
    const active = await h.client.run('listPrices', {
      productId: products.pro,
      active: true,
      type: 'recurring',
    });
    expect(active.data.map((entry) => entry.id)).not.toContain(price.id);
    expect(active.data.every((entry) => entry.product === products.pro && entry.active)).toBe(true);
  });

  it('makes a product from a name, and refuses bad input before sending', async () => {
    const price = await h.client.run('createPrice', { productName: 'Gift card', unitAmount: 2500 });
    expect(price).toMatchObject({ type: 'one_time', currency: 'usd', unit_amount: 2500 });
    expect(h.sim.state.products.get(price.product)?.name).toBe('Gift card');
    expect(getPrice.annotations).toMatchObject({ readOnly: true });
    const sent = h.sim.server.calls.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ productId: products.pro, productName: 'Both', unitAmount: 100 }, 'productId'],
      [{ productId: products.pro, unitAmount: 9.99 }, 'unitAmount'],
      [{ productId: products.pro, unitAmount: 100, currency: 'dollars' }, 'currency'],
      [
        { productId: products.pro, unitAmount: 100, recurring: { interval: 'fortnight' } },
        'recurring.interval',
      ],
    ];
    for (const [input, parameter] of cases) {
      const error = await failure(h.client.run('createPrice', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(sent);
    // With neither product nor name (a form's required fields only): a new product, named after the nickname.
    const bare = await h.client.run('createPrice', { unitAmount: 100 });
    expect(h.sim.state.products.get(bare.product)?.name).toBe('New product');
    const named = await h.client.run('createPrice', { unitAmount: 100, nickname: 'Sticker' });
    expect(h.sim.state.products.get(named.product)?.name).toBe('Sticker');
  });

  it('cannot change a price’s amount: Stripe refuses the parameter', async () => {
    const refused = await failure(
      h.client.run('updatePrice', { priceId: prices.proMonthly, extra: { unit_amount: 100 } }),
    );
    expect(refused).toMatchObject({ providerCode: 'parameter_unknown' });
    expect(refused.message).toContain('unit_amount');
    expect(h.sim.state.prices.get(prices.proMonthly)?.unit_amount).not.toBe(100);
    expect(h.sim.server.violations).toEqual([expect.stringContaining('parameter_unknown unit_amount')]);
    h.sim.server.violations.length = 0;
  });
});

describe('updateProduct, deleteProduct', () => {
  it('renames a product, sets its default price and archives it', async () => {
    const product = await h.client.run('updateProduct', {
      productId: products.pro,
      name: 'Pro (2026)',
      defaultPrice: prices.proYearly,
      metadata: { tier: 'top' },
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['name', 'Pro (2026)'],
      ['default_price', prices.proYearly],
      ['metadata[tier]', 'top'],
    ]);
    expect(product).toMatchObject({
      name: 'Pro (2026)',
      default_price: prices.proYearly,
      metadata: { tier: 'top' },
    });
    expectOutput(updateProduct, product);
    const archived = await h.client.run('updateProduct', { productId: products.pro, active: false });
    expect(archived.active).toBe(false);
    const foreign = await failure(
      h.client.run('updateProduct', { productId: products.pro, defaultPrice: prices.starterMonthly }),
    );
    expect(foreign).toMatchObject({ providerCode: 'resource_missing' });
  });

  it('deletes a product without prices, and refuses one with prices (archive it instead)', async () => {
    const bare = await h.client.run('createProduct', { name: 'Sticker' });
    const deleted = await h.client.run('deleteProduct', { productId: bare.id });
    expect(deleted).toEqual({ id: bare.id, object: 'product', deleted: true });
    expectOutput(deleteProduct, deleted);
    const priced = await failure(h.client.run('deleteProduct', { productId: products.pro }));
    expect(priced.message).toContain('has one or more user-created prices');
    expect(h.sim.state.products.has(products.pro)).toBe(true);
    const gone = await failure(h.client.run('deleteProduct', { productId: bare.id }));
    expect(gone.kind).toBe('not_found');
    expect(deleteProduct.annotations).toMatchObject({ destructive: true });
    expect(deleteProduct.description).toContain('archive it instead');
  });
});
