import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { chargeLookup, paymentIntentLookup } from '../payments-lookups.js';
import { chargeIdField, extraField, metadataInput, paymentIntentIdField } from '../payments-params.js';
import { refundSchema, type StripeRefund } from '../schemas/payments.js';

/** Refunds a payment: `POST /v1/refunds`, all that is left unless an amount is given. */
export const createRefund = defineCommand({
  key: 'createRefund',
  title: 'Create Refund',
  description:
    'Gives money back for a payment intent or a charge: all that is left to refund, or the amount given. More than is left is refused by Stripe.',
  input: (z) =>
    z
      .object({
        paymentIntentId: paymentIntentIdField(
          z,
          'The payment intent to refund, pi_… (or give chargeId).',
        ).optional(),
        chargeId: chargeIdField(z, 'The charge to refund, ch_… (or give paymentIntentId).').optional(),
        amount: z.number().int('must be whole cents').positive().optional().meta({
          title: 'Amount',
          description: 'How much to refund, in cents (default: all that is left).',
        }),
        reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional().meta({
          title: 'Reason',
          description: 'Why the money goes back.',
        }),
        metadata: metadataInput(z),
        extra: extraField(z),
      })
      .refine((value) => (value.paymentIntentId === undefined) !== (value.chargeId === undefined), {
        message: 'give paymentIntentId or chargeId (one of them)',
        path: ['paymentIntentId'],
      }),
  output: refundSchema,
  lookups: { paymentIntentId: paymentIntentLookup, chargeId: chargeLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeRefund> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/refunds',
      withExtra(input.extra, {
        payment_intent: input.paymentIntentId,
        charge: input.chargeId,
        amount: input.amount,
        reason: input.reason,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
