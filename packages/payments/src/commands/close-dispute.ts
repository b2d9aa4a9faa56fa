import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { disputeLookup } from '../payments-lookups.js';
import { disputeIdField } from '../payments-params.js';
import { disputeRecordSchema, type StripeDispute } from '../schemas/disputes.js';

/** Accepts a dispute as lost: `POST /v1/disputes/{id}/close`. */
export const closeDispute = defineCommand({
  key: 'closeDispute',
  title: 'Close Dispute',
  description:
    'Accepts a dispute awaiting a response as lost: no evidence will be sent and the money stays with the customer. Irreversible.',
  input: (z) => z.object({ disputeId: disputeIdField(z, 'The dispute to accept, du_….') }),
  output: disputeRecordSchema,
  lookups: { disputeId: disputeLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeDispute> {
    return stripeCall(ctx.http, 'POST', `/v1/disputes/${input.disputeId}/close`, {}, signal);
  },
});
