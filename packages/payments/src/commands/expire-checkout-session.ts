import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { openCheckoutSessionLookup } from '../payments-lookups.js';
import { checkoutSessionIdField } from '../payments-params.js';
import { checkoutSessionSchema, type StripeCheckoutSession } from '../schemas/checkout.js';

/** Closes an open Checkout Session: `POST /v1/checkout/sessions/{id}/expire`. */
export const expireCheckoutSession = defineCommand({
  key: 'expireCheckoutSession',
  title: 'Expire Checkout Session',
  description:
    'Closes an open Checkout Session now, so its page no longer takes a payment. Stripe refuses a session that is already complete or expired.',
  input: (z) => z.object({ sessionId: checkoutSessionIdField(z, 'The open session to close, cs_….') }),
  output: checkoutSessionSchema,
  lookups: { sessionId: openCheckoutSessionLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeCheckoutSession> {
    return stripeCall(ctx.http, 'POST', `/v1/checkout/sessions/${input.sessionId}/expire`, {}, signal);
  },
});
