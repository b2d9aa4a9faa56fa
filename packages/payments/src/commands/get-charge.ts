import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { chargeLookup } from '../payments-lookups.js';
import { chargeIdField, expandField } from '../payments-params.js';
import { chargeSchema, type StripeCharge } from '../schemas/payments.js';

/** Reads one charge: `GET /v1/charges/{id}`. */
export const getCharge = defineCommand({
  key: 'getCharge',
  title: 'Get Charge',
  description: 'Reads one charge: amounts captured and refunded, status, failure reason, receipt.',
  input: (z) =>
    z.object({
      chargeId: chargeIdField(z, 'The charge, ch_….'),
      expand: expandField(z, '["balance_transaction"] for its fee and net'),
    }),
  output: chargeSchema,
  lookups: { chargeId: chargeLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeCharge> {
    return stripeCall(ctx.http, 'GET', `/v1/charges/${input.chargeId}`, { expand: input.expand }, signal);
  },
});
