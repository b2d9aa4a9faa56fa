import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, extraField } from '../payments-params.js';
import { billingPortalSessionSchema, type StripeBillingPortalSession } from '../schemas/billing-portal.js';

/** Opens the customer portal for a customer: `POST /v1/billing_portal/sessions`. */
export const createBillingPortalSession = defineCommand({
  key: 'createBillingPortalSession',
  title: 'Create Billing Portal Session',
  description:
    'Makes a short-lived link to Stripe’s customer portal, where the customer updates payment methods, downloads invoices and changes or cancels subscriptions.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'The customer the portal is for, cus_….'),
      returnUrl: z.url().optional().meta({
        title: 'Return URL',
        description: 'Where the portal’s back link sends the customer.',
      }),
      extra: extraField(z),
    }),
  output: billingPortalSessionSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeBillingPortalSession> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/billing_portal/sessions',
      withExtra(input.extra, { customer: input.customerId, return_url: input.returnUrl }),
      signal,
    );
  },
});
