import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { paymentLinkLookup } from '../payments-lookups.js';
import { extraField, metadataInput, paymentLinkIdField } from '../payments-params.js';
import { paymentLinkSchema, type StripePaymentLink } from '../schemas/checkout.js';

/** Changes a payment link, or turns it off: `POST /v1/payment_links/{id}`. */
export const updatePaymentLink = defineCommand({
  key: 'updatePaymentLink',
  title: 'Update Payment Link',
  description:
    'Deactivates a payment link (its page then refuses payments) or activates it again, and changes its metadata.',
  input: (z) =>
    z.object({
      paymentLinkId: paymentLinkIdField(z, 'The payment link, plink_….'),
      active: z.boolean().optional().meta({
        title: 'Active',
        description: 'false deactivates the link; true activates it again.',
      }),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: paymentLinkSchema,
  lookups: { paymentLinkId: paymentLinkLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentLink> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/payment_links/${input.paymentLinkId}`,
      withExtra(input.extra, { active: input.active, metadata: input.metadata }),
      signal,
    );
  },
});
