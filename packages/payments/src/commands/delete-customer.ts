import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField } from '../payments-params.js';
import { deletedCustomerSchema, type StripeDeletedCustomer } from '../schemas/customers.js';

/** Deletes a customer: `DELETE /v1/customers/{id}`; Stripe cancels the customer's subscriptions too. */
export const deleteCustomer = defineCommand({
  key: 'deleteCustomer',
  title: 'Delete Customer',
  description:
    'Deletes a customer for good and cancels every active subscription it has. Reading it afterwards answers {deleted: true}.',
  input: (z) => z.object({ customerId: customerIdField(z, 'The customer to delete, cus_….') }),
  output: deletedCustomerSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeDeletedCustomer> {
    return stripeCall(ctx.http, 'DELETE', `/v1/customers/${input.customerId}`, {}, signal);
  },
});
