import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { limitField, startingAfterField } from '../payments-params.js';
import { paymentLinkSchema, type StripePaymentLink } from '../schemas/checkout.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';

/** Lists payment links, newest first: `GET /v1/payment_links`, following pages past 100. */
export const listPaymentLinks = defineCommand({
  key: 'listPaymentLinks',
  title: 'List Payment Links',
  description: 'Lists payment links, newest first, active ones or deactivated ones.',
  input: (z) =>
    z.object({
      active: z.boolean().optional().meta({
        title: 'Active',
        description: 'true lists active links only, false deactivated ones; blank lists both.',
      }),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, paymentLinkSchema(z), 'payment links'),
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripePaymentLink>> {
    return listFrom(ctx.http, '/v1/payment_links', { active: input.active }, input.limit, {
      signal,
      startingAfter: input.startingAfter,
    });
  },
});
