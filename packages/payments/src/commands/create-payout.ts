import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { currencyField, extraField, metadataInput } from '../payments-params.js';
import { payoutRecordSchema, type StripePayout } from '../schemas/balance.js';

/** Sends money from the balance to the bank account: `POST /v1/payouts`. */
export const createPayout = defineCommand({
  key: 'createPayout',
  title: 'Create Payout',
  description:
    'Sends an amount of the available balance to the account’s bank account (standard: arrives in days and can be canceled while pending; instant: within minutes). More than is available is refused by Stripe.',
  input: (z) =>
    z.object({
      amount: z.number().int('must be whole cents').positive().meta({
        title: 'Amount',
        description: 'How much to pay out, in the currency’s smallest unit (cents).',
      }),
      currency: currencyField(z, 'Three-letter ISO currency code of the balance to pay out (default usd).'),
      description: z.string().max(5000).optional().meta({
        title: 'Description',
        description: 'A note for you, shown in the Dashboard.',
      }),
      method: z.enum(['standard', 'instant']).optional().meta({
        title: 'Method',
        description:
          'standard (the default: arrives in days) or instant (minutes, for a fee, to an eligible debit card).',
      }),
      statementDescriptor: z.string().max(22).optional().meta({
        title: 'Statement Descriptor',
        description: 'What the bank statement shows (up to 22 characters).',
      }),
      metadata: metadataInput(z),
      extra: extraField(z),
    }),
  output: payoutRecordSchema,
  // Money leaves the account: hosts confirm it as they confirm a refund.
  annotations: { readOnly: false, destructive: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripePayout> {
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/payouts',
      withExtra(input.extra, {
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        method: input.method,
        statement_descriptor: input.statementDescriptor,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});
