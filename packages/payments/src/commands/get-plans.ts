import { defineCommand } from '@c/core';
import { listPage, type PaymentsContext } from '../payments-client.js';
import { paginationField } from '../payments-params.js';
import { priceSchema, type StripePrice } from '../schemas/catalog.js';
import { listSchema, type StripeList } from '../schemas/common.js';

/** Lists plans (prices), newest first: one page of `GET /v1/prices`. */
export const getPlans = defineCommand({
  key: 'getPlans',
  title: 'Get Plans',
  description: 'Lists plans (Stripe prices) with their products, amounts and billing intervals.',
  input: (z) =>
    z.object({
      active: z.boolean().optional().meta({
        title: 'Is Plan Active',
        description: 'true lists active plans only, false inactive ones; blank lists both.',
      }),
      pagination: paginationField(z),
    }),
  output: (z) => listSchema(z, priceSchema(z), 'plans (prices)'),
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeList<StripePrice>> {
    return listPage<StripePrice>(
      ctx.http,
      '/v1/prices',
      { active: input.active, ...input.pagination },
      signal,
    );
  },
});
