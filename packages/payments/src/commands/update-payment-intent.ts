import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { paymentIntentLookup } from '../payments-lookups.js';
import { extraField, metadataInput, paymentIntentIdField } from '../payments-params.js';
import { paymentIntentSchema, type StripePaymentIntent } from '../schemas/payments.js';

/**
 * Updates a payment intent: `POST /v1/payment_intents/{id}`. Stripe lets the amount change only
 * before payment (requires_payment_method, requires_confirmation, requires_action).
 */
export const updatePaymentIntent = defineCommand({
  key: 'updatePaymentIntent',
  title: 'Update Payment Intent',
  description:
    'Changes a payment intent’s amount (only before it is paid), description or metadata. Metadata keys given are set; an empty value removes a key.',
  input: (z) =>
    z.object({
      paymentIntentId: paymentIntentIdField(z, 'The payment intent to change, pi_….'),
      amount: z
        .number()
        .int('must be whole cents')
        .positive()
        .optional()
        .meta({ title: 'Amount', description: 'The new amount in cents.' }),
      description: z.string().max(1000).optional().meta({ title: 'Description', description: 'A note.' }),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: paymentIntentSchema,
  lookups: { paymentIntentId: paymentIntentLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentIntent> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/payment_intents/${input.paymentIntentId}`,
      withExtra(input.extra, {
        amount: input.amount,
        description: input.description,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
