import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { paymentIntentLookup } from '../payments-lookups.js';
import { extraField, paymentIntentIdField, paymentMethodIdField } from '../payments-params.js';
import { paymentIntentSchema, type StripePaymentIntent } from '../schemas/payments.js';

/** Confirms a payment intent: `POST /v1/payment_intents/{id}/confirm`, which charges it. */
export const confirmPaymentIntent = defineCommand({
  key: 'confirmPaymentIntent',
  title: 'Confirm Payment Intent',
  description:
    'Charges a payment intent with its payment method (or the one given). A declined card is an error and leaves the intent to retry; a succeeded or canceled intent cannot be confirmed.',
  input: (z) =>
    z.object({
      paymentIntentId: paymentIntentIdField(z, 'The payment intent to confirm, pi_….'),
      paymentMethod: paymentMethodIdField(
        z,
        'Pay with this payment method (pm_…, or pm_card_visa).',
      ).optional(),
      returnUrl: z.url().optional().meta({
        title: 'Return URL',
        description: 'Where a payment method that redirects sends the customer back.',
      }),
      extra: extraField(z),
    }),
  output: paymentIntentSchema,
  lookups: { paymentIntentId: paymentIntentLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentIntent> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/payment_intents/${input.paymentIntentId}/confirm`,
      withExtra(input.extra, {
        payment_method: input.paymentMethod,
        return_url: input.returnUrl,
      }),
      signal,
    );
  },
});
