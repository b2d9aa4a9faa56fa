import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { customerLookup, draftInvoiceLookup } from '../payments-lookups.js';
import { customerIdField, extraField, invoiceIdField, metadataInput, stripeId } from '../payments-params.js';
import { invoiceItemSchema, type StripeInvoiceItem } from '../schemas/invoices.js';

/** Adds a charge to a customer's next invoice or to a draft: `POST /v1/invoiceitems`. */
export const createInvoiceItem = defineCommand({
  key: 'createInvoiceItem',
  title: 'Create Invoice Item',
  description:
    'Adds a charge for a customer: on a draft invoice when invoiceId is given, otherwise waiting for the next invoice. Give a price, or an amount and currency.',
  input: (z) =>
    z
      .object({
        customerId: customerIdField(z, 'The customer to charge, cus_….'),
        invoiceId: invoiceIdField(z, 'Add it to this draft invoice, in_….').optional(),
        price: stripeId(
          z,
          'price_',
          'Price',
          'Bill this price, price_… (its amount times the quantity).',
        ).optional(),
        amount: z.number().int('must be whole cents').optional().meta({
          title: 'Amount',
          description: 'The amount in cents, when no price is given (negative for a credit).',
        }),
        currency: z
          .string()
          .regex(/^[a-zA-Z]{3}$/, 'must be a three-letter ISO currency code')
          .optional()
          .meta({ title: 'Currency', description: 'With amount: three-letter ISO code, e.g. usd.' }),
        quantity: z
          .number()
          .int()
          .positive()
          .optional()
          .meta({ title: 'Quantity', description: 'How many (default 1).' }),
        description: z
          .string()
          .max(500)
          .optional()
          .meta({ title: 'Description', description: 'What it is for.' }),
        metadata: metadataInput(z),
        extra: extraField(z),
      })
      .refine((value) => (value.price === undefined) !== (value.amount === undefined), {
        message: 'give a price, or an amount and currency',
        path: ['price'],
      })
      .refine((value) => value.amount === undefined || value.currency !== undefined, {
        message: 'an amount needs its currency',
        path: ['currency'],
      }),
  output: invoiceItemSchema,
  lookups: { customerId: customerLookup, invoiceId: draftInvoiceLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeInvoiceItem> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/invoiceitems',
      withExtra(input.extra, {
        customer: input.customerId,
        invoice: input.invoiceId,
        pricing: input.price ? { price: input.price } : undefined,
        amount: input.amount,
        currency: input.currency?.toLowerCase(),
        quantity: input.quantity,
        description: input.description,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
