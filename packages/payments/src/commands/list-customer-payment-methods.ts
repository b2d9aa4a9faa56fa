import { defineCommand } from '@c/core';
import { listFrom, type PaymentsContext } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, limitField, startingAfterField } from '../payments-params.js';
import { resumableListSchema, type StripeResumableList } from '../schemas/common.js';
import { paymentMethodSchema, type StripePaymentMethod } from '../schemas/payments.js';

/** Lists a customer's payment methods: `GET /v1/customers/{id}/payment_methods`. */
export const listCustomerPaymentMethods = defineCommand({
  key: 'listCustomerPaymentMethods',
  title: 'List Customer Payment Methods',
  description: 'Lists the payment methods saved to a customer, newest first, optionally of one type.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'The customer, cus_….'),
      type: z.string().min(1).max(50).optional().meta({
        title: 'Type',
        description: 'Only this kind of payment method: card, us_bank_account, sepa_debit, …',
      }),
      limit: limitField(z, 'How many to return in all (default 10).'),
      startingAfter: startingAfterField(z),
    }),
  output: (z) => resumableListSchema(z, paymentMethodSchema(z), 'payment methods'),
  lookups: { customerId: customerLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeResumableList<StripePaymentMethod>> {
    return listFrom(
      ctx.http,
      `/v1/customers/${input.customerId}/payment_methods`,
      { type: input.type },
      input.limit,
      { signal, startingAfter: input.startingAfter },
    );
  },
});
