import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, stripeId } from '../payments-params.js';
import { invoiceSchema, type StripeInvoice } from '../schemas/invoices.js';

/** Previews the next invoice: `POST /v1/invoices/create_preview` (nothing is created). */
export const previewInvoice = defineCommand({
  key: 'previewInvoice',
  title: 'Preview Invoice',
  description:
    'Shows what a customer’s or a subscription’s next invoice would hold, with its amounts, without creating it.',
  input: (z) =>
    z
      .object({
        customerId: customerIdField(z, 'The customer, cus_….').optional(),
        subscriptionId: stripeId(z, 'sub_', 'Subscription Id', 'The subscription, sub_….').optional(),
        subscriptionItems: z
          .array(
            z.object({
              id: z.string().optional().meta({ title: 'Item Id', description: 'An existing item, si_….' }),
              price: z.string().optional().meta({ title: 'Price', description: 'Its price, price_….' }),
              quantity: z
                .number()
                .int()
                .min(0)
                .optional()
                .meta({ title: 'Quantity', description: 'How many.' }),
              deleted: z.boolean().optional().meta({ title: 'Deleted', description: 'Remove this item.' }),
            }),
          )
          .optional()
          .meta({
            title: 'Subscription Items',
            description: 'Changes to preview on the subscription’s items.',
          }),
      })
      .refine((value) => value.customerId !== undefined || value.subscriptionId !== undefined, {
        message: 'give customerId or subscriptionId',
        path: ['customerId'],
      }),
  output: invoiceSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeInvoice> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/invoices/create_preview',
      {
        customer: input.customerId,
        subscription: input.subscriptionId,
        subscription_details: input.subscriptionItems ? { items: input.subscriptionItems } : undefined,
      },
      signal,
    );
  },
});
