import { openInvoiceLookup } from '../payments-lookups.js';
import { invoiceAction } from './invoice-action.js';

/** Marks an open invoice uncollectible: `POST /v1/invoices/{id}/mark_uncollectible`. */
export const markInvoiceUncollectible = invoiceAction({
  key: 'markInvoiceUncollectible',
  title: 'Mark Invoice Uncollectible',
  description:
    'Writes off an open invoice as bad debt; it can still be paid or voided later. Only an open invoice can be marked.',
  action: 'mark_uncollectible',
  lookup: openInvoiceLookup,
  destructive: true,
});
