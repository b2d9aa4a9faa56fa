import { invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import { page } from '../stripe-lists.js';
import { str } from '../stripe-params.js';
import { type Call, type Route, requestOf, retrieve, route } from '../stripe-route.js';
import { type StoredObject, type StripeState, stripeStyleId } from '../stripe-state.js';

/** A card of Stripe's test payment methods. `declines` marks the card whose charges fail. */
export interface TestCard {
  brand: string;
  last4: string;
  funding: string;
  declines?: boolean;
  /** Payments with it succeed and are then disputed. */
  disputes?: boolean;
}

/**
 * Stripe's test payment method ids (`pm_card_visa`, …): attaching one to a customer creates a new
 * payment method with that card, as in Stripe's test mode.
 */
export const TEST_CARDS = {
  pm_card_visa: { brand: 'visa', last4: '4242', funding: 'credit' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', funding: 'debit' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', funding: 'credit' },
  pm_card_amex: { brand: 'amex', last4: '8431', funding: 'credit' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', funding: 'credit', declines: true },
  /** Stripe's test card 4000 0000 0000 0259: the payment succeeds, then is disputed as fraudulent. */
  pm_card_createDispute: { brand: 'visa', last4: '0259', funding: 'credit', disputes: true },
} as const satisfies Record<string, TestCard>;

/** The card of a test payment method id, if it is one. */
export function testCard(id: string): TestCard | undefined {
  return Object.hasOwn(TEST_CARDS, id) ? TEST_CARDS[id as keyof typeof TEST_CARDS] : undefined;
}

/** Fields of a new card payment method. */
export interface PaymentMethodFields {
  id?: string;
  created: number;
  card: TestCard;
  customer?: string | null;
  metadata?: Record<string, string>;
}

/** A card payment method in the pinned version's shape. */
export function buildPaymentMethod(fields: PaymentMethodFields): StoredObject {
  const { card } = fields;
  return {
    id: fields.id ?? stripeStyleId('pm_1', 24),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: 12,
      exp_year: new Date(fields.created * 1000).getUTCFullYear() + 3,
      fingerprint: `fp${card.brand}${card.last4}`.slice(0, 16),
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: fields.created,
    customer: fields.customer ?? null,
    customer_account: null,
    livemode: false,
    metadata: fields.metadata ?? {},
    type: 'card',
  };
}

/** True when a payment with this payment method is disputed (Stripe's `pm_card_createDispute`). */
export function disputes(paymentMethod: StoredObject): boolean {
  const card = paymentMethod.card as { last4?: string } | undefined;
  return card?.last4 === TEST_CARDS.pm_card_createDispute.last4;
}

/** True when charging this payment method fails (Stripe's `pm_card_chargeDeclined`). */
export function declines(paymentMethod: StoredObject): boolean {
  const card = paymentMethod.card as { last4?: string } | undefined;
  return card?.last4 === TEST_CARDS.pm_card_chargeDeclined.last4;
}

/**
 * Attaches a payment method to a customer: a test id (`pm_card_visa`) becomes a new payment method,
 * an existing one must not belong to another customer. Records `payment_method.attached`.
 */
export function attachPaymentMethod(
  call: Call,
  idOrTestId: string,
  customerId: string,
  param: string,
): StoredObject {
  const { state } = call;
  const card = testCard(idOrTestId);
  let attached: StoredObject;
  if (card) {
    attached = buildPaymentMethod({ created: state.now(), card, customer: customerId });
  } else {
    const existing = state.paymentMethods.get(idOrTestId);
    if (!existing) throw noSuch('PaymentMethod', idOrTestId, param, 400);
    if (existing.customer === customerId) return existing;
    if (existing.customer) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        param,
        code: 'payment_method_unexpected_state',
      });
    }
    attached = { ...existing, customer: customerId };
  }
  state.paymentMethods.set(attached);
  state.recordEvent('payment_method.attached', attached, requestOf(call));
  return attached;
}

/**
 * A payment method of a customer, by id, for a `default_payment_method`: Stripe refuses one that is
 * not attached to that customer.
 */
export function customerPaymentMethod(
  state: StripeState,
  id: string,
  customerId: string,
  param: string,
): StoredObject {
  const found = state.paymentMethods.get(id);
  if (!found) throw noSuch('PaymentMethod', id, param, 400);
  if (found.customer !== customerId) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      { param, code: 'resource_missing' },
    );
  }
  return found;
}

/** `/v1/payment_methods` and `/v1/customers/{id}/payment_methods`. */
export function paymentMethodRoutes(): Route[] {
  const listFor = (call: Call, customerId: string | undefined, url: string) => {
    const { state, params } = call;
    const type = str(params, 'type');
    const items = state.paymentMethods
      .list()
      .filter(
        (item) =>
          (customerId === undefined || item.customer === customerId) &&
          (type === undefined || item.type === type),
      );
    return page(state.paymentMethods, items, params, url, 'payment method');
  };
  return [
    route('GET', '/v1/payment_methods', 'payment_methods', (call) => {
      const customerId = str(call.params, 'customer');
      if (customerId !== undefined && !call.state.customers.has(customerId)) {
        throw noSuch('customer', customerId, 'customer', 400);
      }
      return listFor(call, customerId, '/v1/payment_methods');
    }),
    route('GET', '/v1/customers/:id/payment_methods', 'payment_methods', (call) => {
      const [id = ''] = call.ids;
      retrieve(call.state.customers, id, 'customer');
      return listFor(call, id, `/v1/customers/${id}/payment_methods`);
    }),
    route('GET', '/v1/payment_methods/:id', 'payment_methods', (call) => ({
      body: retrieve(call.state.paymentMethods, call.ids[0] ?? '', 'PaymentMethod', 'payment_method'),
    })),
    route('POST', '/v1/payment_methods/:id/attach', 'payment_methods', (call) => {
      const customerId = str(call.params, 'customer');
      if (!customerId) throw missingParam('customer');
      if (!call.state.customers.has(customerId)) throw noSuch('customer', customerId, 'customer', 400);
      const [id = ''] = call.ids;
      if (!testCard(id)) retrieve(call.state.paymentMethods, id, 'PaymentMethod', 'payment_method');
      return { body: attachPaymentMethod(call, id, customerId, 'payment_method') };
    }),
    route('POST', '/v1/payment_methods/:id/detach', 'payment_methods', (call) => {
      const { state } = call;
      const before = retrieve(state.paymentMethods, call.ids[0] ?? '', 'PaymentMethod', 'payment_method');
      if (!before.customer) {
        throw invalidRequest(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          {
            code: 'payment_method_unexpected_state',
          },
        );
      }
      const after: StoredObject = { ...before, customer: null };
      state.paymentMethods.set(after);
      const owner = state.customers.get(before.customer as string);
      const settings = owner?.invoice_settings as { default_payment_method?: string | null } | undefined;
      if (owner && settings?.default_payment_method === before.id) {
        state.customers.set({ ...owner, invoice_settings: { ...settings, default_payment_method: null } });
      }
      state.recordEvent('payment_method.detached', after, requestOf(call), {
        previousAttributes: { customer: before.customer },
      });
      return { body: after };
    }),
  ];
}
