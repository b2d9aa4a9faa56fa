import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import {
  createdRange,
  customerIdField,
  limitField,
  startingAfterField,
  unixSecondsField,
} from '../payments-params.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';
import { paymentIntentSchema, type StripePaymentIntent } from '../schemas/payments.js';

/** Lists payment intents, newest first: `GET /v1/payment_intents`, following pages past 100. */
export const listPaymentIntents = defineCommand({
  key: 'listPaymentIntents',
  title: 'List Payment Intents',
  description: 'Lists payment intents, newest first, optionally of one customer and by creation time.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'Only this customer’s payment intents.').optional(),
      createdAfter: unixSecondsField(z, 'Created After', 'Only those created after this time.').optional(),
      createdBefore: unixSecondsField(z, 'Created Before', 'Only those created before this time.').optional(),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, paymentIntentSchema(z), 'payment intents'),
  lookups: { customerId: customerLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripePaymentIntent>> {
    return listFrom(
      ctx.http,
      '/v1/payment_intents',
      { customer: input.customerId, created: createdRange(input.createdAfter, input.createdBefore) },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
