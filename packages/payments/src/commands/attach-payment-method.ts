import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, paymentMethodIdField } from '../payments-params.js';
import { paymentMethodSchema, type StripePaymentMethod } from '../schemas/payments.js';

/** Saves a payment method to a customer: `POST /v1/payment_methods/{id}/attach`. */
export const attachPaymentMethod = defineCommand({
  key: 'attachPaymentMethod',
  title: 'Attach Payment Method',
  description:
    'Saves a payment method to a customer so it can pay later. One attached to another customer is refused.',
  input: (z) =>
    z.object({
      paymentMethodId: paymentMethodIdField(z, 'The payment method, pm_… (or a test one, pm_card_visa).'),
      customerId: customerIdField(z, 'The customer to save it to, cus_….'),
    }),
  output: paymentMethodSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentMethod> {
    return stripeCall(
      ctx.http,
      'POST',
      `/v1/payment_methods/${input.paymentMethodId}/attach`,
      { customer: input.customerId },
      signal,
    );
  },
});
