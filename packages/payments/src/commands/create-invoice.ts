import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, extraField, metadataInput, stripeId } from '../payments-params.js';
import { invoiceSchema, type StripeInvoice } from '../schemas/invoices.js';

/** Creates a draft invoice: `POST /v1/invoices`, with the customer's pending invoice items. */
export const createInvoice = defineCommand({
  key: 'createInvoice',
  title: 'Create Invoice',
  description:
    'Creates a draft invoice for a customer, holding the invoice items waiting for one. Add more with Create Invoice Item, then finalize it.',
  input: (z) =>
    z
      .object({
        customerId: customerIdField(z, 'The customer to bill, cus_….'),
        collectionMethod: z.enum(['charge_automatically', 'send_invoice']).optional().meta({
          title: 'Collection Method',
          description:
            'charge_automatically (default): charge the saved payment method; send_invoice: email it.',
        }),
        daysUntilDue: z.number().int().min(0).max(365).optional().meta({
          title: 'Days Until Due',
          description: 'With send_invoice: days the customer has to pay.',
        }),
        description: z
          .string()
          .max(1500)
          .optional()
          .meta({ title: 'Description', description: 'A memo shown on it.' }),
        autoAdvance: z.boolean().optional().meta({
          title: 'Auto Advance',
          description: 'Let Stripe finalize and collect it automatically.',
        }),
        subscriptionId: stripeId(
          z,
          'sub_',
          'Subscription Id',
          'Bill this subscription’s pending items.',
        ).optional(),
        metadata: metadataInput(z),
        extra: extraField(z),
      })
      .refine((value) => value.collectionMethod !== 'send_invoice' || value.daysUntilDue !== undefined, {
        message: 'send_invoice needs daysUntilDue',
        path: ['daysUntilDue'],
      }),
  output: invoiceSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeInvoice> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/invoices',
      withExtra(input.extra, {
        customer: input.customerId,
        pending_invoice_items_behavior: 'include',
        collection_method: input.collectionMethod,
        days_until_due: input.daysUntilDue,
        description: input.description,
        auto_advance: input.autoAdvance,
        subscription: input.subscriptionId,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
