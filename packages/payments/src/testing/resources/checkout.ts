import { find, type ResourceSpec, resourceRoutes, viewOf } from '../stripe-engine.js';
import { invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import { page } from '../stripe-lists.js';
import { applyMetadata, bool, int, nullableStr, type StripeParams, str } from '../stripe-params.js';
import { type Call, type Route, requestOf, route } from '../stripe-route.js';
import { Collection, type StoredObject, type StripeState, stripeStyleId } from '../stripe-state.js';
import { lineItemsOf, totalOf } from './checkout-items.js';
import { buildCustomer } from './customers.js';
import { paymentIntentRoutes } from './payment-intents.js';
import { attachPaymentMethod } from './payment-methods.js';
import { subscriptionRoutes } from './subscriptions.js';

// Stripe's Checkout Session rules (docs.stripe.com/api/checkout/sessions):
// - `mode` is required; `line_items` are required in `payment` and `subscription` mode and refused
//   in `setup` mode; `payment` mode refuses a recurring price and `subscription` mode needs at least
//   one ("You must provide at least one recurring price in `subscription` mode when using prices.").
// - `customer` and `customer_email` exclude each other; `expires_at` lies 30 minutes to 24 hours
//   ahead (default 24 hours).
// - A new session is `open`, `unpaid` (`no_payment_required` in setup mode), with no payment
//   intent: the current API makes it when the customer pays. Sessions record no event when created.
// - Only an open session can be expired: `Only Checkout Sessions with a status in ["open"] can be
//   expired. This Checkout Session has a status of `expired`.` (as integrations quote it, e.g.
//   Sylius/PayumStripePlugin#70); expiring records `checkout.session.expired`.
// - The customer pays on Stripe's page, which no API call does: the simulator's
//   `completeCheckoutSession` stands for it and records `checkout.session.completed`.

const DAY = 86_400;
const HALF_HOUR = 1_800;

/** The session as Stripe answers it: its line items are read through their own route. */
const sessionView = (session: StoredObject): unknown => {
  const { line_items: _items, ...rest } = session;
  return rest;
};

/** Checks the mode against the items' prices, as Stripe does. */
function checkMode(mode: string, items: readonly StoredObject[]): void {
  const recurring = items.some((item) => (item.price as StoredObject).type === 'recurring');
  if (mode === 'payment' && recurring) {
    throw invalidRequest(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      { param: 'mode' },
    );
  }
  if (mode === 'subscription' && !recurring) {
    throw invalidRequest(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      { param: 'mode' },
    );
  }
}

/** The customer a create names, checked, or null. */
function sessionCustomer(call: Call): string | null {
  const customer = str(call.params, 'customer');
  if (customer && str(call.params, 'customer_email')) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', {
      param: 'customer',
    });
  }
  if (customer && !call.state.customers.has(customer)) throw noSuch('customer', customer, 'customer', 400);
  return customer ?? null;
}

/** When the session expires: `expires_at`, 30 minutes to 24 hours ahead, or 24 hours. */
function expiry(call: Call, now: number): number {
  const at = int(call.params, 'expires_at');
  if (at === undefined) return now + DAY;
  if (at < now + HALF_HOUR || at > now + DAY) {
    throw invalidRequest(
      'The `expires_at` timestamp must be at least 30 minutes and at most 24 hours after the Checkout Session is created.',
      { param: 'expires_at' },
    );
  }
  return at;
}

/** The fields of a new session that are the same whatever was asked. */
const FIXED_FIELDS = {
  object: 'checkout.session',
  adaptive_pricing: { enabled: false },
  after_expiration: null,
  allowed_payment_method_types: null,
  automatic_tax: { enabled: false, liability: null, provider: null, status: null },
  billing_address_collection: null,
  collected_information: null,
  consent: null,
  consent_collection: null,
  currency_conversion: null,
  custom_fields: [],
  custom_text: {
    after_submit: null,
    shipping_address: null,
    submit: null,
    terms_of_service_acceptance: null,
  },
  customer_account: null,
  discounts: [],
  integration_identifier: null,
  invoice: null,
  livemode: false,
  managed_payments: null,
  origin_context: null,
  payment_link: null,
  payment_method_configuration_details: null,
  payment_method_options: {},
  payment_method_types: ['card'],
  permissions: null,
  phone_number_collection: { enabled: false },
  recovered_from: null,
  saved_payment_method_options: null,
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_options: [],
  submit_type: null,
  subscription: null,
  ui_mode: 'hosted_page',
  wallet_options: null,
};

/** A new session from `POST /v1/checkout/sessions`, not yet stored. */
function createSession(call: Call): StoredObject {
  const { params, state } = call;
  const mode = str(params, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode === 'setup' && params.line_items !== undefined) {
    throw invalidRequest('You cannot pass `line_items` in `setup` mode.', { param: 'line_items' });
  }
  const items = lineItemsOf(call, mode !== 'setup');
  checkMode(mode, items);
  const customer = sessionCustomer(call);
  const id = `cs_test_${stripeStyleId('', 58)}`;
  const total = mode === 'setup' ? null : totalOf(items);
  const customerEmail = str(params, 'customer_email') ?? null;
  // One clock reading: a session's default expiry is exactly 24 hours after it was created.
  const created = state.now();
  return {
    ...structuredClone(FIXED_FIELDS),
    id,
    allow_promotion_codes: bool(params, 'allow_promotion_codes') ?? null,
    amount_subtotal: total,
    amount_total: total,
    cancel_url: nullableStr(params, 'cancel_url') ?? null,
    client_reference_id: nullableStr(params, 'client_reference_id') ?? null,
    client_secret: null,
    created,
    currency: (items[0]?.currency as string | undefined) ?? str(params, 'currency') ?? null,
    customer,
    customer_creation: customer ? null : mode === 'payment' ? 'if_required' : 'always',
    customer_details: customer || customerEmail ? customerDetails(state, customer, customerEmail) : null,
    customer_email: customerEmail,
    expires_at: expiry(call, created),
    invoice_creation: mode === 'payment' ? { enabled: false, invoice_data: invoiceData() } : null,
    locale: str(params, 'locale') ?? null,
    metadata: applyMetadata({}, params),
    mode,
    payment_intent: null,
    payment_method_collection: mode === 'payment' ? null : 'always',
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    status: 'open',
    success_url: nullableStr(params, 'success_url') ?? null,
    total_details: total === null ? null : { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    url: `https://checkout.stripe.com/c/pay/${id}`,
    line_items: items,
  };
}

/** `invoice_creation.invoice_data` of a payment session that makes no invoice. */
const invoiceData = () => ({
  account_tax_ids: null,
  custom_fields: null,
  description: null,
  footer: null,
  issuer: null,
  metadata: {},
  rendering_options: null,
});

/** `customer_details`: who pays, from the customer or the email given. */
function customerDetails(state: StripeState, customer: string | null, email: string | null) {
  const known = customer ? state.customers.get(customer) : undefined;
  return {
    address: null,
    business_name: null,
    email: (known?.email as string | null | undefined) ?? email,
    individual_name: null,
    name: (known?.name as string | null | undefined) ?? null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
}

/** Checkout Sessions: listed by customer, payment intent, payment link, status and subscription. */
export const CHECKOUT_SESSIONS: ResourceSpec = {
  path: '/v1/checkout/sessions',
  permission: 'checkout_sessions',
  noun: 'checkout.session',
  collection: (state) => state.checkoutSessions,
  view: sessionView,
  list: {
    customer: 'customer',
    payment_intent: 'payment_intent',
    payment_link: 'payment_link',
    status: 'status',
    subscription: 'subscription',
  },
  retrieve: true,
};

/** `/v1/checkout/sessions`: create, list, retrieve, line items and expire. */
export function checkoutSessionRoutes(): Route[] {
  const path = CHECKOUT_SESSIONS.path;
  return [
    ...resourceRoutes(CHECKOUT_SESSIONS),
    route('POST', path, 'checkout_sessions', (call) => {
      const session = createSession(call);
      call.state.checkoutSessions.set(session);
      return { body: sessionView(session) };
    }),
    route('GET', `${path}/:id/line_items`, 'checkout_sessions', (call) => {
      const session = find(CHECKOUT_SESSIONS, call);
      const items = (session.line_items as StoredObject[]) ?? [];
      return lineItemsPage(call, items, `${path}/${session.id}/line_items`);
    }),
    route('POST', `${path}/:id/expire`, 'checkout_sessions', (call) => {
      const session = find(CHECKOUT_SESSIONS, call);
      if (session.status !== 'open') {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
        );
      }
      const after = { ...session, status: 'expired', url: null };
      call.state.checkoutSessions.set(after);
      call.state.recordEvent('checkout.session.expired', sessionView(after) as StoredObject, requestOf(call));
      return { body: viewOf(CHECKOUT_SESSIONS)(after) };
    }),
  ];
}

/**
 * A page of line items, in the order they were given. Line items are not a collection of their
 * own: a throwaway collection holds them (newest first, so set last to first) so the shared pager
 * applies its cursors and limits.
 */
export function lineItemsPage(call: Call, items: readonly StoredObject[], url: string) {
  const holder = new Collection<StoredObject>();
  for (const item of [...items].reverse()) holder.set(item);
  return page(holder, holder.list(), call.params, url, 'line_item', ({ created: _created, ...item }) => item);
}

/** A call the simulator makes on the customer's behalf, as Stripe's hosted page would. */
function customerCall(state: StripeState, params: StripeParams, ids: string[] = []): Call {
  return { state, params, json: undefined, ids, requestId: stripeStyleId('req_'), idempotencyKey: null };
}

/** Runs one of the simulator's own routes for a call it makes itself. */
function run(routes: Route[], method: string, path: string, call: Call): StoredObject {
  const found = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found.run(call).body as StoredObject;
}

/** Options of `completeCheckoutSession`. */
export interface CompleteCheckoutOptions {
  /** The payment method the customer pays with (default `pm_card_visa`; `pm_card_chargeDeclined` fails). */
  paymentMethod?: string;
  /** The email the customer types when the session names no customer. */
  email?: string;
}

/**
 * Completes an open Checkout Session as the customer paying on Stripe's page: in `payment` mode a
 * payment intent is confirmed for the total, in `subscription` mode the customer (made when the
 * session names none) is subscribed to the items with the card as default. Records
 * `checkout.session.completed`. Setup mode is not simulated.
 */
export function completeCheckoutSession(
  state: StripeState,
  sessionId: string,
  options: CompleteCheckoutOptions = {},
): StoredObject {
  const session = state.checkoutSessions.get(sessionId);
  if (!session) throw new Error(`No such checkout session: ${sessionId}`);
  if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`);
  const pm = options.paymentMethod ?? 'pm_card_visa';
  const items = session.line_items as StoredObject[];
  const after: StoredObject = { ...session, status: 'complete', payment_status: 'paid', url: null };
  if (session.mode === 'payment') {
    const intent = run(
      paymentIntentRoutes(),
      'POST',
      '/v1/payment_intents',
      customerCall(state, {
        amount: String(session.amount_total),
        currency: session.currency as string,
        ...(session.customer ? { customer: session.customer as string } : {}),
        payment_method: pm,
        confirm: 'true',
        automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      }),
    );
    after.payment_intent = intent.id;
  } else if (session.mode === 'subscription') {
    const email = (session.customer_email as string | null) ?? options.email ?? null;
    let customer = session.customer as string | null;
    if (!customer) {
      const created = state.customers.set(buildCustomer({ created: state.now(), email }));
      customer = created.id;
      after.customer = customer;
    }
    const call = customerCall(state, {});
    const method = attachPaymentMethod(call, pm, customer, 'payment_method');
    const lines = items.map((item) => ({
      price: (item.price as StoredObject).id as string,
      quantity: String(item.quantity),
    }));
    const subscription = run(
      subscriptionRoutes(),
      'POST',
      '/v1/subscriptions',
      customerCall(state, { customer, items: lines, default_payment_method: method.id }),
    );
    after.subscription = subscription.id;
    after.invoice = (subscription.latest_invoice as string | null) ?? null;
  } else {
    throw new Error('Completing a setup-mode Checkout Session is not simulated');
  }
  after.customer_details = customerDetails(state, after.customer as string | null, options.email ?? null);
  state.checkoutSessions.set(after);
  state.recordEvent('checkout.session.completed', sessionView(after) as StoredObject, {
    id: null,
    idempotencyKey: null,
  });
  return after;
}
