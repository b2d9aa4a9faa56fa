import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { openInvoiceLookup } from '../payments-lookups.js';
import { invoiceIdField, paymentMethodIdField } from '../payments-params.js';
import { invoiceSchema, type StripeInvoice } from '../schemas/invoices.js';

/** Collects an invoice now: `POST /v1/invoices/{id}/pay`. */
export const payInvoice = defineCommand({
  key: 'payInvoice',
  title: 'Pay Invoice',
  description:
    'Collects an open or uncollectible invoice now, charging the payment method given or the customer’s default, or records it paid outside Stripe (paidOutOfBand). A declined card is an error.',
  input: (z) =>
    z.object({
      invoiceId: invoiceIdField(z, 'The invoice to collect, in_….'),
      paymentMethod: paymentMethodIdField(
        z,
        'Charge this payment method (pm_…) instead of the default.',
      ).optional(),
      paidOutOfBand: z.boolean().optional().meta({
        title: 'Paid Out Of Band',
        description: 'Mark it paid without charging (paid by cheque, bank transfer outside Stripe, …).',
      }),
    }),
  output: invoiceSchema,
  lookups: { invoiceId: openInvoiceLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeInvoice> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/invoices/${input.invoiceId}/pay`,
      { payment_method: input.paymentMethod, paid_out_of_band: input.paidOutOfBand },
      signal,
    );
  },
});
