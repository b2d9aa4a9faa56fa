import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { refundLookup } from '../payments-lookups.js';
import { refundIdField } from '../payments-params.js';
import { refundSchema, type StripeRefund } from '../schemas/payments.js';

/** Cancels a refund that waits for action: `POST /v1/refunds/{id}/cancel`. */
export const cancelRefund = defineCommand({
  key: 'cancelRefund',
  title: 'Cancel Refund',
  description:
    'Cancels a refund that is still waiting for action (status requires_action). Stripe refuses to cancel a refund that succeeded, as card refunds do at once.',
  input: (z) => z.object({ refundId: refundIdField(z, 'The refund to cancel, re_….') }),
  output: refundSchema,
  lookups: { refundId: refundLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeRefund> {
    return stripeCall(ctx.http, 'POST', `/v1/refunds/${input.refundId}/cancel`, {}, signal);
  },
});
