import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { priceLookup } from '../payments-lookups.js';
import { expandField, priceIdField } from '../payments-params.js';
import { priceRecordSchema, type StripePrice } from '../schemas/catalog.js';

/** Reads one price: `GET /v1/prices/{id}`. */
export const getPrice = defineCommand({
  key: 'getPrice',
  title: 'Get Price',
  description: 'Reads one price: its amount, currency, interval, product and whether it is active.',
  input: (z) =>
    z.object({
      priceId: priceIdField(z, 'The price, price_….'),
      expand: expandField(z, '["product"]'),
    }),
  output: priceRecordSchema,
  lookups: { priceId: priceLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePrice> {
    return stripeCall(ctx.http, 'GET', `/v1/prices/${input.priceId}`, { expand: input.expand }, signal);
  },
});
