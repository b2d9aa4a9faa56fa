import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { paymentMethodIdField } from '../payments-params.js';
import { paymentMethodSchema, type StripePaymentMethod } from '../schemas/payments.js';

/** Removes a payment method from its customer: `POST /v1/payment_methods/{id}/detach`. */
export const detachPaymentMethod = defineCommand({
  key: 'detachPaymentMethod',
  title: 'Detach Payment Method',
  description:
    'Removes a saved payment method from its customer; it can no longer pay and cannot be attached again.',
  input: (z) => z.object({ paymentMethodId: paymentMethodIdField(z, 'The payment method to remove, pm_….') }),
  output: paymentMethodSchema,
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentMethod> {
    return stripeCall(ctx.http, 'POST', `/v1/payment_methods/${input.paymentMethodId}/detach`, {}, signal);
  },
});
