import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { paymentIntentLookup } from '../payments-lookups.js';
import { paymentIntentIdField } from '../payments-params.js';
import { paymentIntentSchema, type StripePaymentIntent } from '../schemas/payments.js';

/** Captures an authorized payment: `POST /v1/payment_intents/{id}/capture`. */
export const capturePaymentIntent = defineCommand({
  key: 'capturePaymentIntent',
  title: 'Capture Payment Intent',
  description:
    'Collects an amount that was only authorized (captureMethod manual): all of it, or less with amountToCapture (the rest is released). Only an intent in requires_capture can be captured.',
  input: (z) =>
    z.object({
      paymentIntentId: paymentIntentIdField(z, 'The payment intent to capture, pi_….'),
      amountToCapture: z.number().int('must be whole cents').positive().optional().meta({
        title: 'Amount To Capture',
        description: 'Capture only this much, in cents (at most what was authorized).',
      }),
    }),
  output: paymentIntentSchema,
  lookups: { paymentIntentId: paymentIntentLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentIntent> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/payment_intents/${input.paymentIntentId}/capture`,
      { amount_to_capture: input.amountToCapture },
      signal,
    );
  },
});
