import { defineCommand } from '@c/core';
import { listUpTo, type PaymentsContext } from '../payments-client.js';
import { createdRange, limitField, unixSecondsField } from '../payments-params.js';
import { listSchema, type StripeList } from '../schemas/common.js';
import { customerSchema, type StripeCustomer } from '../schemas/customers.js';

/** Lists customers, newest first: `GET /v1/customers`, following pages past 100. */
export const getCustomers = defineCommand({
  key: 'getCustomers',
  title: 'Get Customers',
  description:
    'Lists customers, newest first, optionally by exact email and creation time. A limit above 100 reads further pages until it is met.',
  input: (z) =>
    z.object({
      email: z.string().min(1).max(512).optional().meta({
        title: 'Email',
        description: 'Only customers with exactly this email (case-sensitive).',
      }),
      createdAfter: unixSecondsField(
        z,
        'Created After',
        'Only customers created after this time (Unix seconds, exclusive).',
      ).optional(),
      createdBefore: unixSecondsField(
        z,
        'Created Before',
        'Only customers created before this time (Unix seconds, exclusive).',
      ).optional(),
      limit: limitField(z, 'How many customers to return in all (default 10).'),
    }),
  output: (z) => listSchema(z, customerSchema(z), 'customers'),
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeList<StripeCustomer>> {
    return listUpTo<StripeCustomer>(
      ctx.http,
      '/v1/customers',
      { email: input.email, created: createdRange(input.createdAfter, input.createdBefore) },
      input.limit,
      signal,
    );
  },
});
