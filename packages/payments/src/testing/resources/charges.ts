import { type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import type { Route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';

/** Fields of a new card charge. */
export interface ChargeFields {
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  /** The payment intent it belongs to; null for a charge an invoice made directly. */
  paymentIntent: string | null;
  paymentMethod: StoredObject;
  description: string | null;
  receiptEmail: string | null;
  /** `false` for a charge only authorized (capture_method manual). */
  captured: boolean;
  /** A declined charge: `failed`, with Stripe's decline code. */
  failed?: boolean;
  balanceTransaction: string | null;
}

const NO_ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

/** The outcome Stripe's network reports for an approved or a declined card. */
function outcome(failed: boolean) {
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: failed ? 'declined_by_network' : 'approved_by_network',
    reason: failed ? 'generic_decline' : null,
    risk_level: 'normal',
    seller_message: failed
      ? 'The bank did not return any further details with this decline.'
      : 'Payment complete.',
    type: failed ? 'issuer_declined' : 'authorized',
  };
}

/** The card details of a charge, from the payment method that paid it. */
function cardDetails(paymentMethod: StoredObject, amount: number) {
  const card = paymentMethod.card as Record<string, unknown>;
  return {
    card: {
      amount_authorized: amount,
      authorization_code: null,
      brand: card.brand,
      checks: card.checks,
      country: card.country,
      electronic_commerce_indicator: null,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      extended_authorization: { status: 'disabled' },
      fingerprint: card.fingerprint,
      funding: card.funding,
      incremental_authorization: { status: 'unavailable' },
      installments: null,
      last4: card.last4,
      mandate: null,
      multicapture: { status: 'unavailable' },
      network: card.brand,
      network_token: { used: false },
      network_transaction_id: null,
      overcapture: { maximum_amount_capturable: amount, status: 'unavailable' },
      regulated_status: 'unregulated',
      three_d_secure: null,
      transaction_link_id: null,
      wallet: null,
    },
    type: 'card',
  };
}

/** A card charge in the pinned version's shape (the fields of Stripe's current fixture). */
export function buildCharge(fields: ChargeFields): StoredObject {
  const failed = fields.failed ?? false;
  const id = stripeStyleId('ch_3', 24);
  return {
    id,
    object: 'charge',
    amount: fields.amount,
    amount_captured: fields.captured && !failed ? fields.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: fields.balanceTransaction,
    billing_details: { address: NO_ADDRESS, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'SIMULATED',
    captured: fields.captured && !failed,
    created: fields.created,
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failed ? 'card_declined' : null,
    failure_message: failed ? 'Your card was declined.' : null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: outcome(failed),
    paid: !failed,
    payment_intent: fields.paymentIntent,
    payment_method: fields.paymentMethod.id,
    payment_method_details: cardDetails(fields.paymentMethod, fields.amount),
    receipt_email: fields.receiptEmail,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${id}`,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: failed ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

/**
 * Charges: listed by customer or payment intent, searched by the top-level fields of Stripe's search
 * reference (the nested `payment_method_details.card.*` and `billing_details.*` are not simulated).
 */
export const CHARGES: ResourceSpec = {
  path: '/v1/charges',
  permission: 'charges',
  noun: 'charge',
  collection: (state) => state.charges,
  list: { customer: 'customer', payment_intent: 'payment_intent', transfer_group: 'transfer_group' },
  retrieve: true,
  search: {
    amount: { kind: 'number' },
    created: { kind: 'number' },
    currency: { kind: 'text' },
    customer: { kind: 'text' },
    disputed: { kind: 'boolean' },
    metadata: { kind: 'metadata' },
    refunded: { kind: 'boolean' },
    status: { kind: 'text' },
  },
};

/** `/v1/charges`: list, search and retrieve; charges are made by confirming payment intents. */
export function chargeRoutes(): Route[] {
  return resourceRoutes(CHARGES);
}
