import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { refundLookup } from '../payments-lookups.js';
import { expandField, refundIdField } from '../payments-params.js';
import { refundSchema, type StripeRefund } from '../schemas/payments.js';

/** Reads one refund: `GET /v1/refunds/{id}`. */
export const getRefund = defineCommand({
  key: 'getRefund',
  title: 'Get Refund',
  description: 'Reads one refund: its amount, status and reason.',
  input: (z) =>
    z.object({
      refundId: refundIdField(z, 'The refund, re_….'),
      expand: expandField(z, '["charge"]'),
    }),
  output: refundSchema,
  lookups: { refundId: refundLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeRefund> {
    return stripeCall(ctx.http, 'GET', `/v1/refunds/${input.refundId}`, { expand: input.expand }, signal);
  },
});
