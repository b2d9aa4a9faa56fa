import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { payoutLookup } from '../payments-lookups.js';
import { expandField, payoutIdField } from '../payments-params.js';
import { payoutRecordSchema, type StripePayout } from '../schemas/balance.js';

/** Reads one payout: `GET /v1/payouts/{id}`. */
export const getPayout = defineCommand({
  key: 'getPayout',
  title: 'Get Payout',
  description: 'Reads one payout: its amount, status, method and when it arrives.',
  input: (z) =>
    z.object({
      payoutId: payoutIdField(z, 'The payout, po_….'),
      expand: expandField(z, '["balance_transaction"]'),
    }),
  output: payoutRecordSchema,
  lookups: { payoutId: payoutLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePayout> {
    return stripeCall(ctx.http, 'GET', `/v1/payouts/${input.payoutId}`, { expand: input.expand }, signal);
  },
});
