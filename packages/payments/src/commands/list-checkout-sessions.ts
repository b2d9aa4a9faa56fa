import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { customerLookup, paymentIntentLookup } from '../payments-lookups.js';
import { customerIdField, limitField, paymentIntentIdField, startingAfterField } from '../payments-params.js';
import { checkoutSessionSchema, type StripeCheckoutSession } from '../schemas/checkout.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';

/** Lists Checkout Sessions, newest first: `GET /v1/checkout/sessions`, following pages past 100. */
export const listCheckoutSessions = defineCommand({
  key: 'listCheckoutSessions',
  title: 'List Checkout Sessions',
  description: 'Lists Checkout Sessions, newest first, by customer, payment intent and status.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'Only this customer’s sessions.').optional(),
      paymentIntentId: paymentIntentIdField(z, 'Only the session of this payment intent.').optional(),
      status: z
        .enum(['open', 'complete', 'expired'])
        .optional()
        .meta({ title: 'Status', description: 'Only sessions in this status.' }),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, checkoutSessionSchema(z), 'checkout sessions'),
  lookups: { customerId: customerLookup, paymentIntentId: paymentIntentLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripeCheckoutSession>> {
    return listFrom(
      ctx.http,
      '/v1/checkout/sessions',
      { customer: input.customerId, payment_intent: input.paymentIntentId, status: input.status },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
