import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { paymentIntentLookup } from '../payments-lookups.js';
import { paymentIntentIdField } from '../payments-params.js';
import { paymentIntentSchema, type StripePaymentIntent } from '../schemas/payments.js';

/** Cancels a payment intent: `POST /v1/payment_intents/{id}/cancel`. */
export const cancelPaymentIntent = defineCommand({
  key: 'cancelPaymentIntent',
  title: 'Cancel Payment Intent',
  description:
    'Cancels a payment intent that has not succeeded; an authorized amount is released. A succeeded intent cannot be canceled: refund it instead.',
  input: (z) =>
    z.object({
      paymentIntentId: paymentIntentIdField(z, 'The payment intent to cancel, pi_….'),
      cancellationReason: z
        .enum(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'])
        .optional()
        .meta({ title: 'Cancellation Reason', description: 'Why it is canceled.' }),
    }),
  output: paymentIntentSchema,
  lookups: { paymentIntentId: paymentIntentLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentIntent> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/payment_intents/${input.paymentIntentId}/cancel`,
      { cancellation_reason: input.cancellationReason },
      signal,
    );
  },
});
