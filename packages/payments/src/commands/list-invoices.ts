import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import {
  createdRange,
  customerIdField,
  limitField,
  startingAfterField,
  stripeId,
  unixSecondsField,
} from '../payments-params.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';
import { invoiceSchema, type StripeInvoice } from '../schemas/invoices.js';

/** Lists invoices, newest first: `GET /v1/invoices`, following pages past 100. */
export const listInvoices = defineCommand({
  key: 'listInvoices',
  title: 'List Invoices',
  description: 'Lists invoices, newest first, by customer, subscription, status and creation time.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'Only this customer’s invoices.').optional(),
      subscriptionId: stripeId(z, 'sub_', 'Subscription Id', 'Only this subscription’s invoices.').optional(),
      status: z
        .enum(['draft', 'open', 'paid', 'uncollectible', 'void'])
        .optional()
        .meta({ title: 'Status', description: 'Only invoices in this status.' }),
      createdAfter: unixSecondsField(z, 'Created After', 'Only those created after this time.').optional(),
      createdBefore: unixSecondsField(z, 'Created Before', 'Only those created before this time.').optional(),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, invoiceSchema(z), 'invoices'),
  lookups: { customerId: customerLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripeInvoice>> {
    return listFrom(
      ctx.http,
      '/v1/invoices',
      {
        customer: input.customerId,
        subscription: input.subscriptionId,
        status: input.status,
        created: createdRange(input.createdAfter, input.createdBefore),
      },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
