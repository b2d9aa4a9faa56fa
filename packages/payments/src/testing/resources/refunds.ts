import { find, type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import { invalidRequest, noSuch } from '../stripe-errors.js';
import { applyMetadata, int, str } from '../stripe-params.js';
import { type Call, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { buildBalanceTransaction } from './balance.js';

// Stripe's refund rules (docs.stripe.com/refunds; error codes as integrations observe them):
// a refund takes `payment_intent` or `charge`; its amount defaults to all that is left of the
// captured amount; more than is left is `amount_too_large` ("Refund amount ($X) is greater than
// unrefunded amount on charge ($Y)"); nothing left is `charge_already_refunded`. Card refunds
// succeed at once; only a refund in `requires_action` can be canceled, so a card refund's cancel is
// always refused.

/** Dollars and cents as Stripe's refund messages show an amount. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The succeeded, captured charge a refund call names, by `charge` or by `payment_intent`. */
function refundedCharge(call: Call): StoredObject {
  const { params, state } = call;
  const chargeId = str(params, 'charge');
  const intentId = str(params, 'payment_intent');
  if (!chargeId && !intentId) {
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
      { code: 'parameter_missing' },
    );
  }
  let charge: StoredObject | undefined;
  if (intentId) {
    const intent = state.paymentIntents.get(intentId);
    if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent', 400);
    charge = intent.latest_charge ? state.charges.get(intent.latest_charge as string) : undefined;
    if (!charge || intent.status !== 'succeeded') {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        param: 'payment_intent',
        code: 'charge_not_refundable',
      });
    }
  }
  if (chargeId) {
    const named = state.charges.get(chargeId);
    if (!named) throw noSuch('charge', chargeId, 'charge', 400);
    charge = named;
  }
  const found = charge as StoredObject;
  if (found.status !== 'succeeded' || !found.captured) {
    throw invalidRequest(`Charge ${found.id} has not been captured: cancel its PaymentIntent instead.`, {
      code: 'charge_not_refundable',
    });
  }
  return found;
}

/** Refunds part or all of what is left of a charge: a refund, a balance transaction, the charge's totals. */
function createRefund(call: Call): StoredObject {
  const { params, state } = call;
  const charge = refundedCharge(call);
  const left = (charge.amount_captured as number) - (charge.amount_refunded as number);
  if (left <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = int(params, 'amount') ?? left;
  if (amount < 1) {
    throw invalidRequest('Invalid positive integer', { param: 'amount', code: 'parameter_invalid_integer' });
  }
  if (amount > left) {
    throw invalidRequest(
      `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      { param: 'amount', code: 'amount_too_large' },
    );
  }
  const currency = charge.currency as string;
  const refundId = stripeStyleId('re_3', 24);
  const txn = buildBalanceTransaction({ created: state.now(), type: 'refund', amount: -amount, currency });
  state.balanceTransactions.set({ ...txn, source: refundId });
  const refund: StoredObject = {
    id: refundId,
    object: 'refund',
    amount,
    balance_transaction: txn.id,
    charge: charge.id,
    created: state.now(),
    currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    },
    metadata: applyMetadata({}, params),
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: str(params, 'reason') ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  state.refunds.set(refund);
  const refunded = (charge.amount_refunded as number) + amount;
  const after = { ...charge, amount_refunded: refunded, refunded: refunded === charge.amount };
  state.charges.set(after);
  state.recordEvent('refund.created', refund, requestOf(call));
  state.recordEvent('charge.refunded', after, requestOf(call), {
    previousAttributes: { amount_refunded: charge.amount_refunded, refunded: charge.refunded },
  });
  return refund;
}

/** Refunds: listed by charge or payment intent; only metadata changes after creation. */
export const REFUNDS: ResourceSpec = {
  path: '/v1/refunds',
  permission: 'refunds',
  noun: 'refund',
  collection: (state) => state.refunds,
  list: { charge: 'charge', payment_intent: 'payment_intent' },
  retrieve: true,
  update: { fields: { metadata: 'metadata' } },
};

/** `/v1/refunds`: create, list, retrieve, update and cancel. */
export function refundRoutes(): Route[] {
  return [
    ...resourceRoutes(REFUNDS),
    route('POST', REFUNDS.path, 'refunds', (call) => ({ body: createRefund(call) })),
    route('POST', `${REFUNDS.path}/:id/cancel`, 'refunds', (call) => {
      const refund = find(REFUNDS, call);
      if (refund.status !== 'requires_action') {
        throw invalidRequest(
          `Refund ${refund.id} cannot be canceled because it has a status of ${refund.status}. Only a refund with the status requires_action may be canceled.`,
        );
      }
      const after = { ...refund, status: 'canceled' };
      call.state.refunds.set(after);
      call.state.recordEvent('refund.updated', after, requestOf(call), {
        previousAttributes: { status: refund.status },
      });
      return { body: after };
    }),
  ];
}
