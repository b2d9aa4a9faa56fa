import { defineCommand } from '@c/core';
import type { PaymentsContext } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField } from '../payments-params.js';
import {
  customerOrDeletedSchema,
  type StripeCustomer,
  type StripeDeletedCustomer,
} from '../schemas/customers.js';

/** Reads one customer: `GET /v1/customers/{id}`. */
export const getCustomerById = defineCommand({
  key: 'getCustomerById',
  title: 'Get Customer By Id',
  description: 'Reads one Stripe customer by its id.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'The customer’s id, cus_….'),
    }),
  output: customerOrDeletedSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: PaymentsContext, { signal }): Promise<StripeCustomer | StripeDeletedCustomer> {
    const response = await ctx.http.request<StripeCustomer | StripeDeletedCustomer>({
      method: 'GET',
      path: `/v1/customers/${input.customerId}`,
      signal,
    });
    return response.data;
  },
});
