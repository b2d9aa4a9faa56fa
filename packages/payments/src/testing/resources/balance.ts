import { page } from '../stripe-lists.js';
import { str } from '../stripe-params.js';
import { type Route, retrieve, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';

const DAY = 86_400;

/** Stripe's reporting category of each balance transaction type. */
const REPORTING_CATEGORY: Record<string, string> = {
  charge: 'charge',
  payment: 'charge',
  refund: 'refund',
  payout: 'payout',
  payout_cancel: 'payout_reversal',
  stripe_fee: 'fee',
  adjustment: 'other_adjustment',
  transfer: 'transfer',
};

/** The id prefix of the source object of each balance transaction type. */
const SOURCE_PREFIX: Record<string, string> = {
  charge: 'ch_1',
  payment: 'py_1',
  refund: 're_1',
  payout: 'po_1',
  transfer: 'tr_1',
  adjustment: 'adj_1',
};

/** Fields of a new balance transaction. */
export interface BalanceTransactionFields {
  created: number;
  type: string;
  amount: number;
  fee?: number;
  currency?: string;
  description?: string | null;
  status?: 'available' | 'pending';
}

/** Stripe's card processing fee on a charge: 2.9% plus 30 cents. */
export function cardFee(amount: number): number {
  return Math.round(amount * 0.029) + 30;
}

/**
 * A balance transaction in the pinned version's shape (with `balance_type`); a fee, when given, is
 * itemised as Stripe's processing fee.
 */
export function buildBalanceTransaction(fields: BalanceTransactionFields): StoredObject {
  const fee = fields.fee ?? 0;
  const currency = fields.currency ?? 'usd';
  const prefix = SOURCE_PREFIX[fields.type];
  return {
    id: stripeStyleId('txn_1', 24),
    object: 'balance_transaction',
    amount: fields.amount,
    available_on: fields.created + 2 * DAY,
    balance_type: 'payments',
    created: fields.created,
    currency,
    description: fields.description ?? null,
    exchange_rate: null,
    fee,
    fee_details: fee
      ? [
          {
            amount: fee,
            application: null,
            currency,
            description: 'Stripe processing fees',
            type: 'stripe_fee',
          },
        ]
      : [],
    net: fields.amount - fee,
    reporting_category: REPORTING_CATEGORY[fields.type] ?? 'other_adjustment',
    source: prefix ? stripeStyleId(prefix, 24) : null,
    status: fields.status ?? 'available',
    type: fields.type,
  };
}

/** `/v1/balance_transactions` (list, retrieve) and `/v1/balance`. */
export function balanceRoutes(): Route[] {
  return [
    route('GET', '/v1/balance_transactions', 'balance', (call) => {
      const { params, state } = call;
      const type = str(params, 'type');
      const currency = str(params, 'currency');
      const source = str(params, 'source');
      const items = state.balanceTransactions
        .list()
        .filter(
          (item) =>
            (type === undefined || item.type === type) &&
            (currency === undefined || item.currency === currency) &&
            (source === undefined || item.source === source),
        );
      return page(
        state.balanceTransactions,
        items,
        params,
        '/v1/balance_transactions',
        'balance transaction',
      );
    }),
    route('GET', '/v1/balance_transactions/:id', 'balance', (call) => ({
      body: retrieve(call.state.balanceTransactions, call.ids[0] ?? '', 'balance transaction'),
    })),
    route('GET', '/v1/balance', 'balance', (call) => {
      const sums = { available: 0, pending: 0 };
      for (const txn of call.state.balanceTransactions.list()) {
        sums[txn.status === 'pending' ? 'pending' : 'available'] += txn.net as number;
      }
      const amounts = (amount: number) => [{ amount, currency: 'usd', source_types: { card: amount } }];
      return {
        body: {
          object: 'balance',
          available: amounts(sums.available),
          livemode: false,
          pending: amounts(sums.pending),
        },
      };
    }),
  ];
}
