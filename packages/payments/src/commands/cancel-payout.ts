import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { pendingPayoutLookup } from '../payments-lookups.js';
import { payoutIdField } from '../payments-params.js';
import { payoutRecordSchema, type StripePayout } from '../schemas/balance.js';

/** Cancels a pending payout: `POST /v1/payouts/{id}/cancel`. */
export const cancelPayout = defineCommand({
  key: 'cancelPayout',
  title: 'Cancel Payout',
  description:
    'Cancels a pending standard payout: the money goes back to the balance. One in transit, paid or instant cannot be canceled.',
  input: (z) => z.object({ payoutId: payoutIdField(z, 'The pending payout, po_….') }),
  output: payoutRecordSchema,
  lookups: { payoutId: pendingPayoutLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePayout> {
    return stripeCall(ctx.http, 'POST', `/v1/payouts/${input.payoutId}/cancel`, {}, signal);
  },
});
