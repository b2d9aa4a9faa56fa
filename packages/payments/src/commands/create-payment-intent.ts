import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { customerLookup, customerPaymentMethodLookup } from '../payments-lookups.js';
import { customerIdField, extraField, metadataInput, paymentMethodIdField } from '../payments-params.js';
import { paymentIntentSchema, type StripePaymentIntent } from '../schemas/payments.js';

/**
 * Creates a payment intent: `POST /v1/payment_intents`. With `confirm` it charges at once (a
 * declined card is Stripe's 402, and the intent stays to retry with another payment method).
 */
export const createPaymentIntent = defineCommand({
  key: 'createPaymentIntent',
  title: 'Create Payment Intent',
  description:
    'Starts collecting a payment of an amount. With confirm and a payment method it charges now (or only authorizes, with captureMethod manual); otherwise the result’s client_secret lets a browser or app finish it.',
  input: (z) =>
    z.object({
      amount: z.number().int('must be whole cents').positive().meta({
        title: 'Amount',
        description:
          'The amount in the currency’s smallest unit (cents): 1099 is 10.99. At least 50 for usd.',
      }),
      currency: z
        .string()
        .regex(/^[a-zA-Z]{3}$/, 'must be a three-letter ISO currency code')
        .meta({ title: 'Currency', description: 'Three-letter ISO code, e.g. usd, eur.' }),
      customerId: customerIdField(z, 'The paying customer, cus_….').optional(),
      paymentMethod: paymentMethodIdField(
        z,
        'The payment method to charge: a saved one (pm_…) or a test one (pm_card_visa).',
      ).optional(),
      confirm: z.boolean().optional().meta({
        title: 'Confirm',
        description: 'Charge now with the payment method given, instead of leaving it for the browser.',
      }),
      captureMethod: z.enum(['automatic', 'automatic_async', 'manual']).optional().meta({
        title: 'Capture Method',
        description: 'manual: only authorize now and capture later (Capture Payment Intent).',
      }),
      automaticPaymentMethods: z.boolean().default(true).meta({
        title: 'Automatic Payment Methods',
        description:
          'Accept the payment methods enabled in the Dashboard (default). Confirming then needs a returnUrl; turn it off and give paymentMethodTypes to avoid redirects.',
      }),
      paymentMethodTypes: z.array(z.string().min(1)).min(1).optional().meta({
        title: 'Payment Method Types',
        description: 'The kinds accepted instead, e.g. ["card"].',
      }),
      description: z.string().max(1000).optional().meta({ title: 'Description', description: 'A note.' }),
      receiptEmail: z
        .string()
        .max(800)
        .optional()
        .meta({ title: 'Receipt Email', description: 'Where Stripe sends the receipt.' }),
      setupFutureUsage: z.enum(['off_session', 'on_session']).optional().meta({
        title: 'Setup Future Usage',
        description: 'Save the payment method to the customer for later payments.',
      }),
      returnUrl: z.url().optional().meta({
        title: 'Return URL',
        description: 'Where a payment method that redirects sends the customer back (with confirm).',
      }),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: paymentIntentSchema,
  lookups: { customerId: customerLookup, paymentMethod: customerPaymentMethodLookup },
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePaymentIntent> {
    const automatic = input.automaticPaymentMethods && !input.paymentMethodTypes;
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/payment_intents',
      withExtra(input.extra, {
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        customer: input.customerId,
        payment_method: input.paymentMethod,
        confirm: input.confirm,
        capture_method: input.captureMethod,
        automatic_payment_methods: automatic ? { enabled: true } : undefined,
        allowed_payment_method_types: input.paymentMethodTypes,
        description: input.description,
        receipt_email: input.receiptEmail,
        setup_future_usage: input.setupFutureUsage,
        return_url: input.returnUrl,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
