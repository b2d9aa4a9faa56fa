import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { invoiceLookup } from '../payments-lookups.js';
import { invoiceIdField, limitField, startingAfterField } from '../payments-params.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';
import { invoiceLineSchema, type StripeInvoiceLine } from '../schemas/invoices.js';

/** Lists an invoice's lines: `GET /v1/invoices/{id}/lines`, following pages past 100. */
export const listInvoiceLines = defineCommand({
  key: 'listInvoiceLines',
  title: 'List Invoice Lines',
  description: 'Lists every line of an invoice, in its order (an invoice shows only its first lines).',
  input: (z) =>
    z.object({
      invoiceId: invoiceIdField(z, 'The invoice, in_….'),
      limit: limitField(z, 'How many lines to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, invoiceLineSchema(z), 'lines'),
  lookups: { invoiceId: invoiceLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripeInvoiceLine>> {
    return listFrom(ctx.http, `/v1/invoices/${input.invoiceId}/lines`, {}, input.limit, {
      signal,
      startingAfter: input.startingAfter,
    });
  },
});
