import { openInvoiceLookup } from '../payments-lookups.js';
import { invoiceAction } from './invoice-action.js';

/** Emails an open invoice to its customer: `POST /v1/invoices/{id}/send`. */
export const sendInvoice = invoiceAction({
  key: 'sendInvoice',
  title: 'Send Invoice',
  description:
    'Emails an open invoice to its customer with a link to pay it. Only an open invoice can be sent.',
  action: 'send',
  lookup: openInvoiceLookup,
  destructive: false,
});
