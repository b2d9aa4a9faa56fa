import type { Lookup } from '@c/core';

/**
 * Where the choices of the parameters naming Stripe objects come from, declared on the commands
 * (`lookups`) so hosts offer them in forms, prompts and tool descriptions.
 */

/** The newest 100 of a list command's `data`, each chosen by its `id`. */
function listLookup(
  noun: string,
  command: string,
  label: string[],
  detail: string[],
  input: Record<string, unknown> = {},
): Lookup {
  return { noun, command, input: { ...input, limit: 100 }, items: 'data', value: 'id', label, detail };
}

/** The same choices narrowed by a filter of the list command (open invoices, paused subscriptions). */
function narrowed(lookup: Lookup, noun: string, filter: Record<string, unknown>): Lookup {
  return { ...lookup, noun, input: { ...filter, limit: 100 } };
}

/**
 * Customers: the newest 100, named by name or else email. The second line says whether invoices and
 * subscriptions can charge them (a default payment method, or a legacy default source): a customer
 * without one is marked "no payment method", as a charge for them would fail.
 */
export const customerLookup: Lookup = listLookup(
  'customers',
  'getCustomers',
  ['name', 'email', 'id'],
  [
    '{email} · pays with {invoice_settings.default_payment_method}',
    '{email} · pays with {default_source}',
    'pays with {invoice_settings.default_payment_method}',
    'pays with {default_source}',
    '{email} · no payment method',
    '{object} with no payment method',
  ],
);

/** Products: the newest 100. */
export const productLookup: Lookup = listLookup('products', 'getProducts', ['name', 'id'], ['description']);

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
  ...listLookup(
    'payment methods',
    'listCustomerPaymentMethods',
    ['{card.brand} •••• {card.last4}', 'id'],
    ['expires {card.exp_month}/{card.exp_year}', 'type'],
    { customerId: '{param:customerId}' },
  ),
  needs: ['customerId'],
};

/** Payment intents: the newest 100. */
export const paymentIntentLookup: Lookup = listLookup(
  'payment intents',
  'listPaymentIntents',
  ['{amount|minor} {currency|upper} · {status}', 'id'],
  ['description', 'customer'],
);

/** Charges: the newest 100. */
export const chargeLookup: Lookup = listLookup(
  'charges',
  'listCharges',
  ['{amount|minor} {currency|upper} · {status}', 'id'],
  ['description', 'customer'],
);

/** Refunds: the newest 100. */
export const refundLookup: Lookup = listLookup(
  'refunds',
  'listRefunds',
  ['{amount|minor} {currency|upper} · {status}', 'id'],
  ['reason', 'charge'],
);

/** Invoices: the newest 100, whatever their status. */
export const invoiceLookup: Lookup = listLookup(
  'invoices',
  'listInvoices',
  [
    '{number} · {amount_due|minor} {currency|upper} · {status}',
    '{amount_due|minor} {currency|upper} · {status}',
    'id',
  ],
  ['customer_email', 'customer'],
);

/** Open invoices: the ones that can be paid, sent, voided or marked uncollectible. */
export const openInvoiceLookup: Lookup = narrowed(invoiceLookup, 'open invoices', { status: 'open' });

/** Draft invoices: the ones that can take items, be finalized or be deleted. */
export const draftInvoiceLookup: Lookup = narrowed(invoiceLookup, 'draft invoices', { status: 'draft' });

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
export const checkoutSessionLookup: Lookup = listLookup(
  'checkout sessions',
  'listCheckoutSessions',
  ['{amount_total|minor} {currency|upper} · {status}', '{mode} · {status}', 'id'],
  ['customer_email', 'customer'],
);

/** Open Checkout Sessions: the ones that can be expired. */
export const openCheckoutSessionLookup: Lookup = narrowed(checkoutSessionLookup, 'open checkout sessions', {
  status: 'open',
});

/** Payment links: the newest 100. */
export const paymentLinkLookup: Lookup = listLookup(
  'payment links',
  'listPaymentLinks',
  ['url', 'id'],
  ['{currency|upper}'],
);

/** A product's prices, once the product is chosen (its default price is one of them). */
export const productPriceLookup: Lookup = {
  ...narrowed(priceLookup, 'prices of the product', { productId: '{param:productId}', active: true }),
  command: 'listPrices',
  needs: ['productId'],
};

/** Subscriptions: the newest 100, whatever their status. */
export const subscriptionLookup: Lookup = listLookup(
  'subscriptions',
  'getSubscriptions',
  ['{status} · {customer}', 'id'],
  ['description', 'customer'],
  { status: 'all' },
);

/** Paused subscriptions: the ones that can be resumed. */
export const pausedSubscriptionLookup: Lookup = narrowed(subscriptionLookup, 'paused subscriptions', {
  status: 'paused',
});

/** Coupons: the newest 100, valid or not. */
export const couponLookup: Lookup = listLookup(
  'coupons',
  'listCoupons',
  ['name', 'id'],
  ['{percent_off}% off', '{amount_off|minor} {currency|upper} off', 'duration'],
);

/** Disputes: the newest 100, with their status (only those awaiting a response take evidence). */
export const disputeLookup: Lookup = listLookup(
  'disputes',
  'listDisputes',
  ['{amount|minor} {currency|upper} · {reason} · {status}', 'id'],
  ['charge'],
);

/** Events: the newest 100, named by type. */
export const eventLookup: Lookup = listLookup('events', 'listEvents', ['type', 'id'], ['id']);

/** Payouts: the newest 100, whatever their status. */
export const payoutLookup: Lookup = listLookup(
  'payouts',
  'listPayouts',
  ['{amount|minor} {currency|upper} · {status}', 'id'],
  ['description', 'method'],
);

/** Pending payouts: the ones that can still be canceled. */
export const pendingPayoutLookup: Lookup = narrowed(payoutLookup, 'pending payouts', { status: 'pending' });

/** Meters' event names: the active meters, each offered by the event name it counts. */
export const meterEventNameLookup: Lookup = {
  noun: 'meters',
  command: 'listMeters',
  input: { status: 'active', limit: 100 },
  items: 'data',
  value: 'event_name',
  label: ['display_name', 'event_name'],
  detail: ['event_name'],
};
