import { draftInvoiceLookup } from '../payments-lookups.js';
import { invoiceAction } from './invoice-action.js';

/** Finalizes a draft invoice: `POST /v1/invoices/{id}/finalize`. */
export const finalizeInvoice = invoiceAction({
  key: 'finalizeInvoice',
  title: 'Finalize Invoice',
  description:
    'Turns a draft invoice into an open one that can be paid: it gets its number and its page. A zero total is paid at once; an invoice that is not a draft is refused.',
  action: 'finalize',
  lookup: draftInvoiceLookup,
  destructive: false,
});
