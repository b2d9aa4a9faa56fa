import { type Command, defineCommand, type Lookup, type Zod } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { invoiceIdField } from '../payments-params.js';
import { invoiceSchema, type StripeInvoice } from '../schemas/invoices.js';

/** What differs between the invoice status actions: their key, words, path and hints. */
interface InvoiceAction {
  key: string;
  title: string;
  description: string;
  /** The action's path under `/v1/invoices/{id}/`. */
  action: string;
  lookup: Lookup;
  destructive: boolean;
}

/**
 * One of Stripe's invoice status actions (`POST /v1/invoices/{id}/<action>` with no parameters):
 * finalize, send, void, mark uncollectible. Stripe refuses each from a status that does not allow it.
 */
export function invoiceAction(spec: InvoiceAction): Command<any, StripeInvoice, PaymentsContext> {
  return defineCommand({
    key: spec.key,
    title: spec.title,
    description: spec.description,
    input: (z: Zod) => z.object({ invoiceId: invoiceIdField(z, 'The invoice, in_….') }),
    output: invoiceSchema,
    lookups: { invoiceId: spec.lookup },
    annotations: { readOnly: false, destructive: spec.destructive },
    run(input: { invoiceId: string }, ctx: PaymentsContext, { signal }): Promise<StripeInvoice> {
      return stripeCall(ctx.http, 'POST', `/v1/invoices/${input.invoiceId}/${spec.action}`, {}, signal);
    },
  });
}
