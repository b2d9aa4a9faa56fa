import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { disputeLookup } from '../payments-lookups.js';
import { disputeIdField, extraField, metadataInput } from '../payments-params.js';
import { disputeRecordSchema, type StripeDispute } from '../schemas/disputes.js';

/** Saves or submits a dispute's evidence: `POST /v1/disputes/{id}`. */
export const updateDispute = defineCommand({
  key: 'updateDispute',
  title: 'Update Dispute',
  description:
    'Saves evidence for a dispute awaiting a response, and submits it with submit: true (once: the dispute then goes under review). Metadata can change at any time.',
  input: (z) =>
    z.object({
      disputeId: disputeIdField(z, 'The dispute, du_….'),
      evidence: z
        .record(
          z.string().regex(/^[a-z_]+$/, 'evidence fields are Stripe’s names, e.g. product_description'),
          z.string().max(20_000),
        )
        .optional()
        .meta({
          title: 'Evidence',
          description:
            'Evidence by Stripe’s field names, e.g. {"product_description": "…", "customer_email_address": "…", "shipping_tracking_number": "…"}; file fields take a file id (file_…).',
        }),
      submit: z.boolean().optional().meta({
        title: 'Submit',
        description:
          'true sends the evidence to the bank now (it cannot change afterwards); blank only saves it.',
      }),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: disputeRecordSchema,
  lookups: { disputeId: disputeLookup },
  // Not idempotent: a second submission is refused, as evidence goes to the bank once.
  annotations: { readOnly: false, destructive: false, idempotent: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeDispute> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/disputes/${input.disputeId}`,
      withExtra(input.extra, { evidence: input.evidence, submit: input.submit, metadata: input.metadata }),
      signal,
    );
  },
});
