import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, extraField, lineItemsField, metadataInput } from '../payments-params.js';
import { checkoutSessionSchema, type StripeCheckoutSession } from '../schemas/checkout.js';

/** Opens a Stripe-hosted payment page: `POST /v1/checkout/sessions`. */
export const createCheckoutSession = defineCommand({
  key: 'createCheckoutSession',
  title: 'Create Checkout Session',
  description:
    'Makes a Stripe-hosted checkout page for a one-time payment, a new subscription or saving a card; send the customer to the result’s url. It expires after 24 hours.',
  input: (z) =>
    z
      .object({
        mode: z.enum(['payment', 'subscription', 'setup']).meta({
          title: 'Mode',
          description:
            'payment (one-time prices), subscription (at least one recurring price) or setup (save a card, no items).',
        }),
        lineItems: lineItemsField(
          z,
          'What is sold: a price and a quantity each (not in setup mode).',
        ).optional(),
        successUrl: z.url().optional().meta({
          title: 'Success URL',
          description: 'Where the customer goes after paying ({CHECKOUT_SESSION_ID} is replaced by the id).',
        }),
        cancelUrl: z.url().optional().meta({
          title: 'Cancel URL',
          description: 'Where the page’s back link sends the customer.',
        }),
        customerId: customerIdField(
          z,
          'An existing customer who pays, cus_… (or give customerEmail).',
        ).optional(),
        customerEmail: z.email().optional().meta({
          title: 'Customer Email',
          description: 'Prefills the email of a new customer (or give customerId).',
        }),
        allowPromotionCodes: z.boolean().optional().meta({
          title: 'Allow Promotion Codes',
          description: 'Whether the page takes promotion codes.',
        }),
        metadata: metadataInput(z),
        extra: extraField(z),
      })
      .refine((value) => value.mode === 'setup' || value.lineItems !== undefined, {
        message: 'give lineItems in payment and subscription mode',
        path: ['lineItems'],
      })
      .refine((value) => value.mode !== 'setup' || value.lineItems === undefined, {
        message: 'setup mode takes no lineItems',
        path: ['lineItems'],
      })
      .refine((value) => !(value.customerId && value.customerEmail), {
        message: 'give customerId or customerEmail, not both',
        path: ['customerEmail'],
      }),
  output: checkoutSessionSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeCheckoutSession> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/checkout/sessions',
      withExtra(input.extra, {
        mode: input.mode,
        line_items: input.lineItems,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        customer: input.customerId,
        customer_email: input.customerEmail,
        allow_promotion_codes: input.allowPromotionCodes,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
