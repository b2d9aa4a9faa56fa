import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { balanceSchema, type StripeBalance } from '../schemas/balance.js';

/** Reads the account's balance: `GET /v1/balance`. */
export const getBalance = defineCommand({
  key: 'getBalance',
  title: 'Get Balance',
  description:
    'Reads the account’s balance: what can be paid out now and what is still pending, by currency.',
  input: (z) => z.object({}),
  output: balanceSchema,
  annotations: { readOnly: true, idempotent: true },
  run(_input, ctx: PaymentsContext, { signal }): Promise<StripeBalance> {
    return stripeCall(ctx.http, 'GET', '/v1/balance', {}, signal);
  },
});
