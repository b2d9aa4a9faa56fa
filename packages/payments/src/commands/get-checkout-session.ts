import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { checkoutSessionLookup } from '../payments-lookups.js';
import { checkoutSessionIdField, expandField } from '../payments-params.js';
import { checkoutSessionSchema, type StripeCheckoutSession } from '../schemas/checkout.js';

/** Reads one Checkout Session: `GET /v1/checkout/sessions/{id}`. */
export const getCheckoutSession = defineCommand({
  key: 'getCheckoutSession',
  title: 'Get Checkout Session',
  description: 'Reads one Checkout Session: its status, whether it is paid, its total and its page’s url.',
  input: (z) =>
    z.object({
      sessionId: checkoutSessionIdField(z, 'The session, cs_….'),
      expand: expandField(z, '["payment_intent"]'),
    }),
  output: checkoutSessionSchema,
  lookups: { sessionId: checkoutSessionLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeCheckoutSession> {
    return stripeCall(
      ctx.http,
      'GET',
      `/v1/checkout/sessions/${input.sessionId}`,
      { expand: input.expand },
      signal,
    );
  },
});
