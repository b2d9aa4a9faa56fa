import { defineListCommand } from '../payments-list-command.js';
import { chargeLookup, paymentIntentLookup } from '../payments-lookups.js';
import { chargeIdField, createdRange, paymentIntentIdField, unixSecondsField } from '../payments-params.js';
import { disputeSchema } from '../schemas/disputes.js';

/** Lists disputes, newest first: `GET /v1/disputes`, following pages past 100. */
export const listDisputes = defineListCommand({
  key: 'listDisputes',
  title: 'List Disputes',
  description:
    'Lists disputes (chargebacks and inquiries), newest first, optionally of one charge or payment intent.',
  path: '/v1/disputes',
  noun: 'disputes',
  item: disputeSchema,
  filters: (z) => ({
    chargeId: chargeIdField(z, 'Only the disputes of this charge.').optional(),
    paymentIntentId: paymentIntentIdField(z, 'Only the disputes of this payment intent.').optional(),
    createdAfter: unixSecondsField(z, 'Created After', 'Only those opened after this time.').optional(),
    createdBefore: unixSecondsField(z, 'Created Before', 'Only those opened before this time.').optional(),
  }),
  query: (input) => ({
    charge: input.chargeId,
    payment_intent: input.paymentIntentId,
    created: createdRange(input.createdAfter, input.createdBefore),
  }),
  lookups: { chargeId: chargeLookup, paymentIntentId: paymentIntentLookup },
});
