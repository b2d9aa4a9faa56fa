import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { checkoutSessionLookup } from '../payments-lookups.js';
import { checkoutSessionIdField, limitField, startingAfterField } from '../payments-params.js';
import { lineItemSchema, type StripeLineItem } from '../schemas/checkout.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';

/** Lists what a Checkout Session sells: `GET /v1/checkout/sessions/{id}/line_items`. */
export const listCheckoutSessionLineItems = defineCommand({
  key: 'listCheckoutSessionLineItems',
  title: 'List Checkout Session Line Items',
  description: 'Lists the line items of a Checkout Session, each with its price, quantity and amounts.',
  input: (z) =>
    z.object({
      sessionId: checkoutSessionIdField(z, 'The session, cs_….'),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, lineItemSchema(z), 'line items'),
  lookups: { sessionId: checkoutSessionLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripeLineItem>> {
    return listFrom(ctx.http, `/v1/checkout/sessions/${input.sessionId}/line_items`, {}, input.limit, {
      signal,
      startingAfter: input.startingAfter,
    });
  },
});
