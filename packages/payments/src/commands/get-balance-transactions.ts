import { defineCommand } from '@c/core';
import { listPage, type PaymentsContext } from '../payments-client.js';
import { paginationField } from '../payments-params.js';
import { balanceTransactionSchema, type StripeBalanceTransaction } from '../schemas/balance.js';
import { listSchema, type StripeList } from '../schemas/common.js';

/** Lists balance transactions, newest first: one page of `GET /v1/balance_transactions`. */
export const getBalanceTransactions = defineCommand({
  key: 'getBalanceTransactions',
  title: 'Get Balance Transactions',
  description:
    'Lists balance transactions (charges, refunds, payouts, fees…), newest first, one page at a time.',
  input: (z) =>
    z.object({
      type: z
        .string()
        .min(1)
        .max(5000)
        .optional()
        .meta({
          title: 'Balance Transaction Type',
          description:
            'Only this type: charge, refund, payout, adjustment, stripe_fee, transfer, or any other Stripe type.',
          examples: ['charge', 'refund', 'payout', 'adjustment', 'stripe_fee', 'transfer'],
        }),
      pagination: paginationField(z),
    }),
  output: (z) => listSchema(z, balanceTransactionSchema(z), 'balance transactions'),
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeList<StripeBalanceTransaction>> {
    return listPage<StripeBalanceTransaction>(
      ctx.http,
      '/v1/balance_transactions',
      { type: input.type, ...input.pagination },
      signal,
    );
  },
});
