import type { Lookup } from '@c/core';

/**
 * Where the choices of the parameters naming Stripe objects come from, declared on the commands
 * (`lookups`) so hosts offer them in forms, prompts and tool descriptions.
 */

/** Customers: the newest 100, named by name or else email. */
export const customerLookup: Lookup = {
  noun: 'customers',
  command: 'getCustomers',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: ['name', 'email', 'id'],
  detail: ['email'],
};

/** Products: the newest 100. */
export const productLookup: Lookup = {
  noun: 'products',
  command: 'getProducts',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: ['name', 'id'],
  detail: ['description'],
};

/** Plans: active recurring prices only, as a subscription refuses a one-time price. */
export const planLookup: Lookup = {
  noun: 'plans',
  command: 'getPlans',
  input: { active: true, pagination: { limit: 100 } },
  items: 'data',
  where: 'recurring',
  value: 'id',
  label: ['nickname', '{unit_amount|minor} {currency|upper}', 'id'],
  detail: [
    '{unit_amount|minor} {currency|upper} per {recurring.interval}',
    '{unit_amount|minor} {currency|upper}',
  ],
};
