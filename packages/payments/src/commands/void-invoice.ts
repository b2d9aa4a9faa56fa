import { openInvoiceLookup } from '../payments-lookups.js';
import { invoiceAction } from './invoice-action.js';

/** Voids an invoice: `POST /v1/invoices/{id}/void`. */
export const voidInvoice = invoiceAction({
  key: 'voidInvoice',
  title: 'Void Invoice',
  description:
    'Cancels an open or uncollectible invoice for good: nothing is owed any more. A paid or draft invoice cannot be voided (delete a draft instead).',
  action: 'void',
  lookup: openInvoiceLookup,
  destructive: true,
});
