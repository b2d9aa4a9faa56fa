import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { chargeLookup, paymentIntentLookup } from '../payments-lookups.js';
import { chargeIdField, limitField, paymentIntentIdField, startingAfterField } from '../payments-params.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';
import { refundSchema, type StripeRefund } from '../schemas/payments.js';

/** Lists refunds, newest first: `GET /v1/refunds`, following pages past 100. */
export const listRefunds = defineCommand({
  key: 'listRefunds',
  title: 'List Refunds',
  description: 'Lists refunds, newest first, optionally of one charge or payment intent.',
  input: (z) =>
    z.object({
      chargeId: chargeIdField(z, 'Only the refunds of this charge.').optional(),
      paymentIntentId: paymentIntentIdField(z, 'Only the refunds of this payment intent.').optional(),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, refundSchema(z), 'refunds'),
  lookups: { chargeId: chargeLookup, paymentIntentId: paymentIntentLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripeRefund>> {
    return listFrom(
      ctx.http,
      '/v1/refunds',
      { charge: input.chargeId, payment_intent: input.paymentIntentId },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
