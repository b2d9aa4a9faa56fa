import { fillLookupInput, lookupProblems } from '@c/core';
import { lookupChoices } from '@c/core/lookup';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { payments } from './payments-connector.js';
import { customerLookup, planLookup, productLookup } from './payments-lookups.js';
import { paymentsSimulator } from './testing/index.js';
import { SEED_IDS } from './testing/stripe-seed.js';
import { stripeHarness } from './testing/stripe-test-helpers.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

type Item = Record<string, unknown>;

async function listed(command: string, input: Record<string, unknown> | undefined): Promise<Item[]> {
  const result = await h.client.run(command as 'getCustomers', fillLookupInput(input ?? {}, '', {}) as never);
  return (result as unknown as { data: Item[] }).data;
}

describe('payments lookups', () => {
  it('name commands and parameters that exist, with inputs their commands accept', () => {
    expect(lookupProblems(payments)).toEqual([]);
    const declared = Object.fromEntries(
      payments.list.filter((command) => command.lookups).map((command) => [command.key, command.lookups]),
    );
    expect(declared.createSubscription).toEqual({ customerId: customerLookup, plan: planLookup });
    expect(declared.getProductById).toEqual({ productId: productLookup });
  });

  it('list the seeded customers and products', async () => {
    const customers = await listed(customerLookup.command, customerLookup.input);
    expect(customers.map((customer) => customer.id)).toEqual(
      expect.arrayContaining(Object.values(SEED_IDS.customers)),
    );
    const products = await listed(productLookup.command, productLookup.input);
    expect(products.map((product) => product.id)).toEqual(
      expect.arrayContaining(Object.values(SEED_IDS.products)),
    );
  });

  it('mark the customers that have no payment method to charge', async () => {
    const result = await h.client.run(
      'getCustomers',
      fillLookupInput(customerLookup.input ?? {}, '', {}) as never,
    );
    const choices = lookupChoices(customerLookup, result);
    const of = (id: string) => choices.find((choice) => choice.value === id);
    expect(of(SEED_IDS.customers.linus)).toMatchObject({
      label: 'Linus Torvalds',
      detail: 'linus@example.com · no payment method',
    });
    expect(of(SEED_IDS.customers.ada)?.detail).toMatch(/^ada@example\.com · pays with pm_/);
    // A customer with neither a name nor an email still says why it cannot be charged.
    const empty = lookupChoices(customerLookup, {
      data: [{ id: 'cus_empty', object: 'customer', email: null }],
    });
    expect(empty).toEqual([
      { value: 'cus_empty', label: 'cus_empty', detail: 'customer with no payment method' },
    ]);
  });

  it('offer as plans the active recurring prices, not a one-time fee', async () => {
    const prices = await listed(planLookup.command, planLookup.input);
    expect(prices.map((price) => price.id)).toContain(SEED_IDS.prices.onboarding);
    const offered = prices.filter((price) => price[planLookup.where as string]).map((price) => price.id);
    expect(offered).toContain(SEED_IDS.prices.proMonthly);
    expect(offered).not.toContain(SEED_IDS.prices.onboarding);
  });
});
