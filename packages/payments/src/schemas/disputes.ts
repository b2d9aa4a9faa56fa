import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import {
  currency,
  livemode,
  metadata,
  minorAmount,
  nullableUnixTime,
  objectType,
  unixTime,
} from './common.js';

/** A dispute: a customer's bank questioning a payment, with the evidence sent and its deadline. */
export const disputeSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Dispute Id', description: 'The dispute’s id, du_….' }),
    object: objectType(z, 'dispute'),
    amount: minorAmount(z, 'Amount', 'The disputed amount, withdrawn from the balance'),
    currency: currency(z),
    charge: z.string().meta({ title: 'Charge', description: 'The disputed charge, ch_….' }),
    payment_intent: z
      .string()
      .nullable()
      .meta({ title: 'Payment Intent', description: 'The payment intent of the charge (pi_…), or null.' }),
    reason: z.string().meta({
      title: 'Reason',
      description: 'The bank’s reason: fraudulent, product_not_received, duplicate, general, …',
    }),
    status: z.string().meta({
      title: 'Status',
      description:
        'needs_response or warning_needs_response (evidence due), under_review or warning_under_review (submitted), won, lost, warning_closed or prevented.',
    }),
    evidence: z.record(z.string(), z.unknown()).meta({
      title: 'Evidence',
      description: 'The evidence saved or submitted so far, by Stripe’s field names.',
    }),
    evidence_details: z
      .looseObject({
        due_by: nullableUnixTime(z, 'Due By', 'The deadline for submitting evidence'),
        has_evidence: z.boolean().meta({ title: 'Has Evidence', description: 'Whether evidence is saved.' }),
        past_due: z.boolean().meta({ title: 'Past Due', description: 'Whether the deadline has passed.' }),
        submission_count: z
          .number()
          .int()
          .meta({ title: 'Submission Count', description: 'How many times evidence was submitted.' }),
      })
      .meta({ title: 'Evidence Details', description: 'The deadline and whether evidence was sent.' }),
    is_charge_refundable: z.boolean().meta({
      title: 'Charge Refundable',
      description: 'Whether the charge can still be refunded (false once disputed as a chargeback).',
    }),
    created: unixTime(z, 'Created', 'When the dispute was opened'),
    livemode: livemode(z),
    metadata: metadata(z),
  });

/** A dispute, as Stripe answers for it. */
export type StripeDispute = z.output<ReturnType<typeof disputeSchema>>;

/** A dispute shown as a record. */
export const disputeRecordSchema = (z: Zod) => disputeSchema(z).meta(resultView({ view: 'record' }));
