import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { invoiceLookup } from '../payments-lookups.js';
import { expandField, invoiceIdField } from '../payments-params.js';
import { invoiceSchema, type StripeInvoice } from '../schemas/invoices.js';

/** Reads one invoice: `GET /v1/invoices/{id}`. */
export const getInvoice = defineCommand({
  key: 'getInvoice',
  title: 'Get Invoice',
  description:
    'Reads one invoice: its status, amounts, due date, first lines and payment page; with expand ["payments"], its payments (what was asked, what was paid, by which charge or payment intent).',
  input: (z) =>
    z.object({
      invoiceId: invoiceIdField(z, 'The invoice, in_….'),
      expand: expandField(z, '["customer"] or ["payments"]'),
    }),
  output: invoiceSchema,
  lookups: { invoiceId: invoiceLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeInvoice> {
    return stripeCall(ctx.http, 'GET', `/v1/invoices/${input.invoiceId}`, { expand: input.expand }, signal);
  },
});
