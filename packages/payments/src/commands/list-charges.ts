import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { customerLookup, paymentIntentLookup } from '../payments-lookups.js';
import {
  createdRange,
  customerIdField,
  limitField,
  paymentIntentIdField,
  startingAfterField,
  unixSecondsField,
} from '../payments-params.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';
import { chargeSchema, type StripeCharge } from '../schemas/payments.js';

/** Lists charges, newest first: `GET /v1/charges`, following pages past 100. */
export const listCharges = defineCommand({
  key: 'listCharges',
  title: 'List Charges',
  description:
    'Lists charges, newest first, optionally of one customer or payment intent and by creation time.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'Only this customer’s charges.').optional(),
      paymentIntentId: paymentIntentIdField(z, 'Only the charges of this payment intent.').optional(),
      createdAfter: unixSecondsField(z, 'Created After', 'Only those created after this time.').optional(),
      createdBefore: unixSecondsField(z, 'Created Before', 'Only those created before this time.').optional(),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, chargeSchema(z), 'charges'),
  lookups: { customerId: customerLookup, paymentIntentId: paymentIntentLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripeCharge>> {
    return listFrom(
      ctx.http,
      '/v1/charges',
      {
        customer: input.customerId,
        payment_intent: input.paymentIntentId,
        created: createdRange(input.createdAfter, input.createdBefore),
      },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
