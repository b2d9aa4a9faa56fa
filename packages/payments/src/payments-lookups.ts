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

/** A customer's saved payment methods, once the customer is chosen. */
export const customerPaymentMethodLookup: Lookup = {
  noun: 'payment methods',
  command: 'listCustomerPaymentMethods',
  input: { customerId: '{param:customerId}', limit: 100 },
  needs: ['customerId'],
  items: 'data',
  value: 'id',
  label: ['{card.brand} •••• {card.last4}', 'id'],
  detail: ['expires {card.exp_month}/{card.exp_year}', 'type'],
};

/** Payment intents: the newest 100. */
export const paymentIntentLookup: Lookup = {
  noun: 'payment intents',
  command: 'listPaymentIntents',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: ['{amount|minor} {currency|upper} · {status}', 'id'],
  detail: ['description', 'customer'],
};

/** Charges: the newest 100. */
export const chargeLookup: Lookup = {
  noun: 'charges',
  command: 'listCharges',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: ['{amount|minor} {currency|upper} · {status}', 'id'],
  detail: ['description', 'customer'],
};

/** Refunds: the newest 100. */
export const refundLookup: Lookup = {
  noun: 'refunds',
  command: 'listRefunds',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: ['{amount|minor} {currency|upper} · {status}', 'id'],
  detail: ['reason', 'charge'],
};

/** Invoices: the newest 100, whatever their status. */
export const invoiceLookup: Lookup = {
  noun: 'invoices',
  command: 'listInvoices',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: [
    '{number} · {amount_due|minor} {currency|upper} · {status}',
    '{amount_due|minor} {currency|upper} · {status}',
    'id',
  ],
  detail: ['customer_email', 'customer'],
};

/** Open invoices: the ones that can be paid, sent, voided or marked uncollectible. */
export const openInvoiceLookup: Lookup = {
  ...invoiceLookup,
  noun: 'open invoices',
  input: { status: 'open', limit: 100 },
};

/** Draft invoices: the ones that can take items, be finalized or be deleted. */
export const draftInvoiceLookup: Lookup = {
  ...invoiceLookup,
  noun: 'draft invoices',
  input: { status: 'draft', limit: 100 },
};

/** Prices: one-time and recurring, active or not, newest 100. */
export const priceLookup: Lookup = {
  noun: 'prices',
  command: 'getPlans',
  input: { pagination: { limit: 100 } },
  items: 'data',
  value: 'id',
  label: ['nickname', '{unit_amount|minor} {currency|upper}', 'id'],
  detail: [
    '{unit_amount|minor} {currency|upper} per {recurring.interval}',
    '{unit_amount|minor} {currency|upper} once',
  ],
};

/** Checkout Sessions: the newest 100. */
export const checkoutSessionLookup: Lookup = {
  noun: 'checkout sessions',
  command: 'listCheckoutSessions',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: ['{amount_total|minor} {currency|upper} · {status}', '{mode} · {status}', 'id'],
  detail: ['customer_email', 'customer'],
};

/** Open Checkout Sessions: the ones that can be expired. */
export const openCheckoutSessionLookup: Lookup = {
  ...checkoutSessionLookup,
  noun: 'open checkout sessions',
  input: { status: 'open', limit: 100 },
};

/** Payment links: the newest 100. */
export const paymentLinkLookup: Lookup = {
  noun: 'payment links',
  command: 'listPaymentLinks',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: ['url', 'id'],
  detail: ['{currency|upper}'],
};

/** A product's prices, once the product is chosen (its default price is one of them). */
export const productPriceLookup: Lookup = {
  ...priceLookup,
  noun: 'prices of the product',
  command: 'listPrices',
  input: { productId: '{param:productId}', active: true, limit: 100 },
  needs: ['productId'],
};

/** Subscriptions: the newest 100, whatever their status. */
export const subscriptionLookup: Lookup = {
  noun: 'subscriptions',
  command: 'getSubscriptions',
  input: { status: 'all', limit: 100 },
  items: 'data',
  value: 'id',
  label: ['{status} · {customer}', 'id'],
  detail: ['description', 'customer'],
};

/** Paused subscriptions: the ones that can be resumed. */
export const pausedSubscriptionLookup: Lookup = {
  ...subscriptionLookup,
  noun: 'paused subscriptions',
  input: { status: 'paused', limit: 100 },
};

/** Coupons: the newest 100, valid or not. */
export const couponLookup: Lookup = {
  noun: 'coupons',
  command: 'listCoupons',
  input: { limit: 100 },
  items: 'data',
  value: 'id',
  label: ['name', 'id'],
  detail: ['{percent_off}% off', '{amount_off|minor} {currency|upper} off', 'duration'],
};
