import { find, type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import { invalidRequest, missingParam, noSuch, StripeFailure } from '../stripe-errors.js';
import { applyMetadata, bool, hash, int, list, nullableStr, str } from '../stripe-params.js';
import { type Call, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { buildBalanceTransaction, cardFee } from './balance.js';
import { buildCharge } from './charges.js';
import { disputeTestCharge } from './disputes.js';
import { attachPaymentMethod, buildPaymentMethod, declines, disputes, testCard } from './payment-methods.js';

// Stripe's payment intent status machine (docs.stripe.com/payments/paymentintents/lifecycle):
// requires_payment_method → requires_confirmation → (requires_action) → processing → succeeded, or
// requires_capture for capture_method manual; canceled from any status before succeeded. A declined
// card sends it back to requires_payment_method with last_payment_error. The simulator settles cards
// at once, so processing and requires_action are never reached.

/** Statuses a payment intent may be confirmed from. */
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** Statuses a payment intent may be canceled from (Stripe's message lists them in this order). */
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
/** The smallest amount Stripe charges, in cents, for the currencies whose minimum is 50. */
const MINIMUM_AMOUNT = 50;

/** Stripe's 400 for an action the intent's status does not allow. */
function unexpectedState(intent: StoredObject, action: string, allowed: readonly string[]): StripeFailure {
  const only =
    allowed.length === 1
      ? `Only a PaymentIntent with the status ${allowed[0]} may be ${action}.`
      : `Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed.join(', ')}.`;
  return invalidRequest(
    `This PaymentIntent could not be ${action} because it has a status of ${intent.status}. ${only}`,
    { code: 'payment_intent_unexpected_state' },
  );
}

/**
 * The payment method a call names: a test id (`pm_card_visa`) becomes a new payment method, as in
 * Stripe's test mode; another must exist and, when the intent has a customer and the method one,
 * belong to it.
 */
function paymentMethodOf(call: Call, id: string, customer: string | null, param: string): StoredObject {
  const card = testCard(id);
  if (card) {
    const made = buildPaymentMethod({ created: call.state.now(), card });
    call.state.paymentMethods.set(made);
    return made;
  }
  const found = call.state.paymentMethods.get(id);
  if (!found) throw noSuch('PaymentMethod', id, param, 400);
  if (found.customer && found.customer !== customer) {
    throw invalidRequest(
      `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.`,
      { param, code: 'payment_method_unexpected_state' },
    );
  }
  return found;
}

/**
 * A payment intent in the pinned version's shape (the fields of Stripe's current fixture). Since
 * stripe-node 20 the create call names the accepted kinds `allowed_payment_method_types`
 * (`payment_method_types` is refused as unknown); the object still lists `payment_method_types`.
 */
function buildPaymentIntent(call: Call): StoredObject {
  const { params, state } = call;
  const amount = int(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  const currency = str(params, 'currency')?.toLowerCase();
  if (!currency) throw missingParam('currency');
  if (amount < MINIMUM_AMOUNT) {
    throw invalidRequest(`Amount must be at least 50 cents`, { param: 'amount', code: 'amount_too_small' });
  }
  const customer = str(params, 'customer') ?? null;
  if (customer && !state.customers.has(customer)) throw noSuch('customer', customer, 'customer', 400);
  const types = list(params, 'allowed_payment_method_types')?.map(String);
  const automatic = hash(params, 'automatic_payment_methods');
  const automaticEnabled = automatic ? bool(automatic, 'enabled') === true : !types;
  const id = stripeStyleId('pi_3', 24);
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: types ?? null,
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: automaticEnabled
      ? { allow_redirects: str(automatic ?? {}, 'allow_redirects') ?? 'always', enabled: true }
      : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: str(params, 'capture_method') ?? 'automatic_async',
    client_secret: `${id}_secret_${stripeStyleId('', 25)}`,
    confirmation_method: str(params, 'confirmation_method') ?? 'automatic',
    created: state.now(),
    currency,
    customer,
    customer_account: null,
    description: nullableStr(params, 'description') ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: applyMetadata({}, params),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: types ?? ['card'],
    payment_record: null,
    processing: null,
    receipt_email: nullableStr(params, 'receipt_email') ?? null,
    review: null,
    setup_future_usage: str(params, 'setup_future_usage') ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_group: null,
  };
}

/** Sets the intent's payment method from `payment_method`, when the call sends one. */
function takePaymentMethod(call: Call, intent: StoredObject): void {
  const id = str(call.params, 'payment_method');
  if (id === undefined) return;
  const method = paymentMethodOf(call, id, intent.customer as string | null, 'payment_method');
  intent.payment_method = method.id;
  if (intent.status === 'requires_payment_method') intent.status = 'requires_confirmation';
}

/**
 * Confirms an intent: charges its payment method now. An approved card captures at once or, with
 * `capture_method: manual`, holds the amount (`requires_capture`); a declined one records a failed
 * charge, returns the intent to `requires_payment_method` and answers Stripe's 402 card error.
 */
function confirm(call: Call, intent: StoredObject): StoredObject {
  const { state } = call;
  if (!intent.payment_method) {
    throw invalidRequest(
      'You cannot confirm this PaymentIntent because it’s missing a payment method. To confirm the PaymentIntent with cus_ or a payment method, pass `payment_method`.',
      { code: 'payment_intent_unexpected_state' },
    );
  }
  const redirects = (intent.automatic_payment_methods as { allow_redirects?: string } | null)
    ?.allow_redirects;
  if (redirects === 'always' && !str(call.params, 'return_url')) {
    throw invalidRequest(
      'This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don’t want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
      { code: 'payment_intent_unexpected_state' },
    );
  }
  const method = state.paymentMethods.get(intent.payment_method as string) as StoredObject;
  const amount = intent.amount as number;
  const currency = intent.currency as string;
  const manual = intent.capture_method === 'manual';
  const failed = declines(method);
  const txn =
    failed || manual
      ? undefined
      : state.balanceTransactions.set(
          buildBalanceTransaction({
            created: state.now(),
            type: 'charge',
            amount,
            fee: cardFee(amount),
            currency,
          }),
        );
  const charge = buildCharge({
    created: state.now(),
    amount,
    currency,
    customer: intent.customer as string | null,
    paymentIntent: intent.id,
    paymentMethod: method,
    description: intent.description as string | null,
    receiptEmail: intent.receipt_email as string | null,
    captured: !manual,
    failed,
    balanceTransaction: txn?.id ?? null,
  });
  if (txn) state.balanceTransactions.set({ ...txn, source: charge.id });
  state.charges.set(charge);
  intent.latest_charge = charge.id;
  const request = requestOf(call);
  if (failed) {
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: {
        charge: charge.id,
        code: 'card_declined',
        decline_code: 'generic_decline',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
        message: 'Your card was declined.',
        payment_method: method,
        type: 'card_error',
      },
    });
    state.paymentIntents.set(intent);
    state.recordEvent('charge.failed', charge, request);
    state.recordEvent('payment_intent.payment_failed', intent, request);
    throw new StripeFailure(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      charge: charge.id,
      message: 'Your card was declined.',
      payment_intent: structuredClone(intent),
    });
  }
  Object.assign(intent, {
    last_payment_error: null,
    status: manual ? 'requires_capture' : 'succeeded',
    amount_capturable: manual ? amount : 0,
    amount_received: manual ? 0 : amount,
  });
  if (intent.setup_future_usage && intent.customer && !method.customer) {
    intent.payment_method = attachPaymentMethod(
      call,
      method.id,
      intent.customer as string,
      'payment_method',
    ).id;
  }
  state.paymentIntents.set(intent);
  state.recordEvent('charge.succeeded', charge, request);
  if (disputes(method) && !manual) disputeTestCharge(call, charge);
  state.recordEvent(
    manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded',
    intent,
    request,
  );
  return intent;
}

/**
 * Captures a held amount (all of it unless `amount_to_capture` says less); the rest is released, as
 * Stripe shows it, in the charge's `amount_refunded`.
 */
function capture(call: Call, intent: StoredObject): StoredObject {
  const { state } = call;
  if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'captured', ['requires_capture']);
  const capturable = intent.amount_capturable as number;
  const amount = int(call.params, 'amount_to_capture') ?? capturable;
  if (amount > capturable) {
    throw invalidRequest(
      `The amount to capture (${amount}) is greater than the amount capturable (${capturable}).`,
      { param: 'amount_to_capture', code: 'amount_too_large' },
    );
  }
  const charge = state.charges.get(intent.latest_charge as string) as StoredObject;
  const currency = intent.currency as string;
  const txn = buildBalanceTransaction({
    created: state.now(),
    type: 'charge',
    amount,
    fee: cardFee(amount),
    currency,
  });
  state.balanceTransactions.set({ ...txn, source: charge.id });
  const captured = {
    ...charge,
    captured: true,
    amount_captured: amount,
    amount_refunded: (charge.amount as number) - amount,
    balance_transaction: txn.id,
  };
  state.charges.set(captured);
  Object.assign(intent, { status: 'succeeded', amount_capturable: 0, amount_received: amount });
  state.paymentIntents.set(intent);
  state.recordEvent('charge.captured', captured, requestOf(call));
  state.recordEvent('payment_intent.succeeded', intent, requestOf(call));
  return intent;
}

/** Cancels an intent that has not succeeded; a held amount is released. */
function cancel(call: Call, intent: StoredObject): StoredObject {
  const { state } = call;
  if (!CANCELABLE.includes(intent.status as string)) throw unexpectedState(intent, 'canceled', CANCELABLE);
  if (intent.status === 'requires_capture') {
    const charge = state.charges.get(intent.latest_charge as string) as StoredObject;
    state.charges.set({ ...charge, refunded: true, amount_refunded: charge.amount });
  }
  Object.assign(intent, {
    status: 'canceled',
    canceled_at: state.now(),
    cancellation_reason: str(call.params, 'cancellation_reason') ?? 'requested_by_customer',
    amount_capturable: 0,
  });
  state.paymentIntents.set(intent);
  state.recordEvent('payment_intent.canceled', intent, requestOf(call));
  return intent;
}

/** Payment intents: every generic route; an update may change the amount only before payment. */
export const PAYMENT_INTENTS: ResourceSpec = {
  path: '/v1/payment_intents',
  permission: 'payment_intents',
  noun: 'payment_intent',
  collection: (state) => state.paymentIntents,
  list: { customer: 'customer' },
  retrieve: true,
  search: {
    amount: { kind: 'number' },
    created: { kind: 'number' },
    currency: { kind: 'text' },
    customer: { kind: 'text' },
    metadata: { kind: 'metadata' },
    status: { kind: 'text' },
  },
  update: {
    fields: {
      amount: 'int',
      currency: 'text',
      customer: 'text',
      description: 'nullable',
      receipt_email: 'nullable',
      setup_future_usage: 'nullable',
      metadata: 'metadata',
    },
    check(call, before) {
      const moving = ['amount', 'currency', 'payment_method'].find((name) => call.params[name] !== undefined);
      if (moving && !CONFIRMABLE.includes(before.status as string)) {
        throw invalidRequest(
          `This PaymentIntent's ${moving} could not be updated because it has a status of ${before.status}. You may only update the ${moving} of a PaymentIntent with one of the following statuses: ${CONFIRMABLE.join(', ')}.`,
          { param: moving, code: 'payment_intent_unexpected_state' },
        );
      }
    },
    apply: (call, after) => takePaymentMethod(call, after),
  },
};

/** The intent a path names, as a copy to change. */
const intentOf = (call: Call): StoredObject => ({ ...find(PAYMENT_INTENTS, call) });

/** `/v1/payment_intents`: create, the generic routes, and confirm, capture and cancel. */
export function paymentIntentRoutes(): Route[] {
  const path = PAYMENT_INTENTS.path;
  return [
    ...resourceRoutes(PAYMENT_INTENTS),
    route('POST', path, 'payment_intents', (call) => {
      const intent = buildPaymentIntent(call);
      takePaymentMethod(call, intent);
      call.state.paymentIntents.set(intent);
      call.state.recordEvent('payment_intent.created', intent, requestOf(call));
      return { body: bool(call.params, 'confirm') ? confirm(call, intent) : intent };
    }),
    route('POST', `${path}/:id/confirm`, 'payment_intents', (call) => {
      const intent = intentOf(call);
      if (!CONFIRMABLE.includes(intent.status as string))
        throw unexpectedState(intent, 'confirmed', CONFIRMABLE);
      takePaymentMethod(call, intent);
      return { body: confirm(call, intent) };
    }),
    route('POST', `${path}/:id/capture`, 'payment_intents', (call) => ({
      body: capture(call, intentOf(call)),
    })),
    route('POST', `${path}/:id/cancel`, 'payment_intents', (call) => ({
      body: cancel(call, intentOf(call)),
    })),
  ];
}
