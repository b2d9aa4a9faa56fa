import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { paymentIntentLookup } from '../payments-lookups.js';
import { expandField, paymentIntentIdField } from '../payments-params.js';
import { paymentIntentSchema, type StripePaymentIntent } from '../schemas/payments.js';

/** Reads one payment intent: `GET /v1/payment_intents/{id}`. */
export const getPaymentIntent = defineCommand({
  key: 'getPaymentIntent',
  title: 'Get Payment Intent',
  description: 'Reads one payment intent: its amount, status and latest charge.',
  input: (z) =>
    z.object({
      paymentIntentId: paymentIntentIdField(z, 'The payment intent, pi_….'),
      expand: expandField(z, '["latest_charge", "customer"]'),
    }),
  output: paymentIntentSchema,
  lookups: { paymentIntentId: paymentIntentLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentIntent> {
    return stripeCall(
      ctx.http,
      'GET',
      `/v1/payment_intents/${input.paymentIntentId}`,
      { expand: input.expand },
      signal,
    );
  },
});
