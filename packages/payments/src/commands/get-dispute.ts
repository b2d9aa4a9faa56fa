import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { disputeLookup } from '../payments-lookups.js';
import { disputeIdField, expandField } from '../payments-params.js';
import { disputeRecordSchema, type StripeDispute } from '../schemas/disputes.js';

/** Reads one dispute: `GET /v1/disputes/{id}`. */
export const getDispute = defineCommand({
  key: 'getDispute',
  title: 'Get Dispute',
  description:
    'Reads one dispute: the amount, the bank’s reason, its status, the evidence saved and when it is due.',
  input: (z) =>
    z.object({
      disputeId: disputeIdField(z, 'The dispute, du_….'),
      expand: expandField(z, '["charge"]'),
    }),
  output: disputeRecordSchema,
  lookups: { disputeId: disputeLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeDispute> {
    return stripeCall(ctx.http, 'GET', `/v1/disputes/${input.disputeId}`, { expand: input.expand }, signal);
  },
});
