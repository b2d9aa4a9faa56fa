import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { priceLookup } from '../payments-lookups.js';
import { extraField, metadataInput, priceIdField } from '../payments-params.js';
import { priceRecordSchema, type StripePrice } from '../schemas/catalog.js';

/** Changes a price's status, names and metadata: `POST /v1/prices/{id}`. */
export const updatePrice = defineCommand({
  key: 'updatePrice',
  title: 'Update Price',
  description:
    'Archives a price (active: false) or brings it back, and changes its nickname, lookup key and metadata. Its amount and currency never change (Stripe refuses): create a new price instead.',
  input: (z) =>
    z.object({
      priceId: priceIdField(z, 'The price, price_….'),
      active: z.boolean().optional().meta({
        title: 'Active',
        description: 'false archives the price (no new purchases); true brings it back.',
      }),
      nickname: z
        .string()
        .max(5000)
        .optional()
        .meta({ title: 'Nickname', description: 'A new internal name.' }),
      lookupKey: z.string().min(1).max(200).optional().meta({
        title: 'Lookup Key',
        description: 'A new lookup key (unique in the account).',
      }),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: priceRecordSchema,
  lookups: { priceId: priceLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePrice> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/prices/${input.priceId}`,
      withExtra(input.extra, {
        active: input.active,
        nickname: input.nickname,
        lookup_key: input.lookupKey,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
