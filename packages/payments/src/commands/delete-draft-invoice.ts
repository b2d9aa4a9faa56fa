import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { draftInvoiceLookup } from '../payments-lookups.js';
import { invoiceIdField } from '../payments-params.js';
import { deletedInvoiceSchema, type StripeDeletedInvoice } from '../schemas/invoices.js';

/** Deletes a draft invoice: `DELETE /v1/invoices/{id}`. */
export const deleteDraftInvoice = defineCommand({
  key: 'deleteDraftInvoice',
  title: 'Delete Draft Invoice',
  description: 'Deletes a draft invoice for good. A finalized invoice cannot be deleted: void it instead.',
  input: (z) => z.object({ invoiceId: invoiceIdField(z, 'The draft invoice to delete, in_….') }),
  output: deletedInvoiceSchema,
  lookups: { invoiceId: draftInvoiceLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeDeletedInvoice> {
    return stripeCall(ctx.http, 'DELETE', `/v1/invoices/${input.invoiceId}`, {}, signal);
  },
});
