import { find, type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import { invalidParam, invalidRequest, missingParam } from '../stripe-errors.js';
import { applyMetadata, int, str } from '../stripe-params.js';
import { type Call, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, type StripeState, stripeStyleId } from '../stripe-state.js';
import { buildBalanceTransaction } from './balance.js';

// Stripe's payout rules (docs.stripe.com/api/payouts, /payouts; Payout of stripe-node 23.1.0): a
// payout sends `amount` of the available balance in `currency` to the account's default bank
// account; more than is available is `balance_insufficient`. A standard payout is `pending` until
// it arrives (`arrival_date`, two days here) and only then `paid`; only a pending standard payout can
// be canceled, which returns the money to the balance (`payout_cancel`). An instant payout arrives
// within minutes and cannot be canceled. Creating records `payout.created`, canceling
// `payout.canceled`. The simulated account's bank account is `ba_SimulatedBankAccount`.

/** The simulated account's default bank account. */
export const SIMULATED_BANK_ACCOUNT = 'ba_SimulatedBankAccount';
const DAY = 86_400;

/** The available balance in a currency: the net of the available balance transactions. */
export function availableBalance(state: StripeState, currency: string): number {
  let sum = 0;
  for (const txn of state.balanceTransactions.list()) {
    if (txn.status !== 'pending' && txn.currency === currency) sum += txn.net as number;
  }
  return sum;
}

/** Fields of a new payout. */
export interface PayoutFields {
  id?: string;
  created: number;
  amount: number;
  currency: string;
  method?: 'standard' | 'instant';
  description?: string | null;
  statementDescriptor?: string | null;
  status?: string;
  metadata?: Record<string, string>;
}

/** A payout to the default bank account, with the balance transaction that takes it out (stored). */
export function buildPayout(state: StripeState, fields: PayoutFields): StoredObject {
  const id = fields.id ?? stripeStyleId('po_1', 24);
  const method = fields.method ?? 'standard';
  const txn = buildBalanceTransaction({
    created: fields.created,
    type: 'payout',
    amount: -fields.amount,
    currency: fields.currency,
    description: fields.description ?? 'STRIPE PAYOUT',
  });
  state.balanceTransactions.set({ ...txn, source: id });
  return {
    id,
    object: 'payout',
    amount: fields.amount,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: method === 'instant' ? fields.created : fields.created + 2 * DAY,
    automatic: false,
    balance_transaction: txn.id,
    created: fields.created,
    currency: fields.currency,
    description: fields.description ?? null,
    destination: SIMULATED_BANK_ACCOUNT,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: fields.metadata ?? {},
    method,
    original_payout: null,
    payout_method: null,
    reconciliation_status: 'not_applicable',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: fields.statementDescriptor ?? null,
    status: fields.status ?? (method === 'instant' ? 'in_transit' : 'pending'),
    trace_id: null,
    type: 'bank_account',
  };
}

/** `POST /v1/payouts`: checked against the available balance. */
function createPayout(call: Call): StoredObject {
  const { params, state } = call;
  const amount = int(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  if (amount < 1) throw invalidParam('Invalid positive integer', 'amount', 'parameter_invalid_integer');
  const currency = str(params, 'currency');
  if (!currency) throw missingParam('currency');
  const method = str(params, 'method') ?? 'standard';
  if (method !== 'standard' && method !== 'instant') {
    throw invalidParam('Invalid method: must be one of standard or instant', 'method');
  }
  if (amount > availableBalance(state, currency)) {
    throw invalidRequest(
      'You have insufficient funds in your Stripe account for this transfer. Your card balance is too low. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).',
      { code: 'balance_insufficient' },
    );
  }
  const payout = buildPayout(state, {
    created: state.now(),
    amount,
    currency,
    method,
    description: str(params, 'description') ?? null,
    statementDescriptor: str(params, 'statement_descriptor', 22) ?? null,
    metadata: applyMetadata({}, params),
  });
  state.payouts.set(payout);
  state.recordEvent('payout.created', payout, requestOf(call));
  return payout;
}

/** `POST /v1/payouts/{id}/cancel`: a pending standard payout only; the money goes back. */
function cancelPayout(call: Call): StoredObject {
  const { state } = call;
  const payout = find(PAYOUTS, call);
  if (payout.status !== 'pending' || payout.method !== 'standard') {
    throw invalidRequest(
      `Payout ${payout.id} cannot be canceled because it has a status of ${payout.status}. Only a pending standard payout can be canceled.`,
    );
  }
  const back = buildBalanceTransaction({
    created: state.now(),
    type: 'payout_cancel',
    amount: payout.amount as number,
    currency: payout.currency as string,
    description: 'STRIPE PAYOUT CANCELED',
  });
  state.balanceTransactions.set({ ...back, source: payout.id });
  const after = { ...payout, status: 'canceled', failure_balance_transaction: back.id };
  state.payouts.set(after);
  state.recordEvent('payout.canceled', after, requestOf(call), {
    previousAttributes: { status: payout.status, failure_balance_transaction: null },
  });
  return after;
}

/** Payouts: listed by status, destination and arrival date; only metadata changes after creation. */
export const PAYOUTS: ResourceSpec = {
  path: '/v1/payouts',
  permission: 'payouts',
  noun: 'payout',
  collection: (state) => state.payouts,
  list: {
    status: 'status',
    destination: 'destination',
    arrival_date: (object, value) => inRange(object.arrival_date as number, value),
  },
  retrieve: true,
  update: { fields: { metadata: 'metadata' } },
};

/** Whether a time is in Stripe's range filter (`{gt, gte, lt, lte}`, or one exact time). */
function inRange(time: number, range: unknown): boolean {
  if (typeof range === 'string') return time === Number(range);
  const bounds = range as Record<string, string | undefined>;
  const check = (key: string, test: (bound: number) => boolean) =>
    bounds[key] === undefined || test(Number(bounds[key]));
  return (
    check('gt', (bound) => time > bound) &&
    check('gte', (bound) => time >= bound) &&
    check('lt', (bound) => time < bound) &&
    check('lte', (bound) => time <= bound)
  );
}

/** `/v1/payouts`: create, list, retrieve, update and cancel. */
export function payoutRoutes(): Route[] {
  return [
    ...resourceRoutes(PAYOUTS),
    route('POST', PAYOUTS.path, 'payouts', (call) => ({ body: createPayout(call) })),
    route('POST', `${PAYOUTS.path}/:id/cancel`, 'payouts', (call) => ({ body: cancelPayout(call) })),
  ];
}
