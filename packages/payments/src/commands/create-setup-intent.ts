import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { customerLookup } from '../payments-lookups.js';
import { customerIdField, extraField, metadataInput } from '../payments-params.js';
import { type StripeSetupIntent, setupIntentSchema } from '../schemas/payments.js';

/** Starts saving a payment method for later: `POST /v1/setup_intents`. */
export const createSetupIntent = defineCommand({
  key: 'createSetupIntent',
  title: 'Create Setup Intent',
  description:
    'Starts saving a payment method for later payments; a browser or app finishes it with the result’s client_secret.',
  input: (z) =>
    z.object({
      customerId: customerIdField(z, 'The customer the payment method is saved for, cus_….').optional(),
      paymentMethodTypes: z.array(z.string().min(1)).min(1).optional().meta({
        title: 'Payment Method Types',
        description: 'The kinds accepted, e.g. ["card"] (default: those enabled in the Dashboard).',
      }),
      usage: z.enum(['off_session', 'on_session']).optional().meta({
        title: 'Usage',
        description:
          'off_session (default): charged later without the customer; on_session: with them present.',
      }),
      description: z.string().max(1000).optional().meta({ title: 'Description', description: 'A note.' }),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: setupIntentSchema,
  lookups: { customerId: customerLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeSetupIntent> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/setup_intents',
      withExtra(input.extra, {
        customer: input.customerId,
        allowed_payment_method_types: input.paymentMethodTypes,
        usage: input.usage,
        description: input.description,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
