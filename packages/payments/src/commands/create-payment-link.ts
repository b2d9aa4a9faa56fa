import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { extraField, lineItemsField, metadataInput } from '../payments-params.js';
import { paymentLinkSchema, type StripePaymentLink } from '../schemas/checkout.js';

/** Makes a shareable payment page: `POST /v1/payment_links`. */
export const createPaymentLink = defineCommand({
  key: 'createPaymentLink',
  title: 'Create Payment Link',
  description:
    'Makes a payment page to share (by email, chat or a button) that sells the same items to anyone who opens it, until it is deactivated.',
  input: (z) =>
    z.object({
      lineItems: lineItemsField(z, 'What the page sells: a price and a quantity each.'),
      afterCompletionUrl: z.url().optional().meta({
        title: 'Redirect After Payment',
        description: 'Where the customer goes after paying (default: Stripe’s confirmation page).',
      }),
      allowPromotionCodes: z.boolean().optional().meta({
        title: 'Allow Promotion Codes',
        description: 'Whether the page takes promotion codes.',
      }),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: paymentLinkSchema,
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentLink> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/payment_links',
      withExtra(input.extra, {
        line_items: input.lineItems,
        after_completion: input.afterCompletionUrl
          ? { type: 'redirect', redirect: { url: input.afterCompletionUrl } }
          : undefined,
        allow_promotion_codes: input.allowPromotionCodes,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
