import { createHash } from 'node:crypto';
import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { customerLookup, meterEventNameLookup } from '../payments-lookups.js';
import { customerIdField, extraField, unixSecondsField } from '../payments-params.js';
import { meterEventSchema, type StripeMeterEvent } from '../schemas/meters.js';

/**
 * The identifier of a meter event the caller gave none: derived from the run's idempotency key, so a
 * run repeated with the same key reports the same event, which Stripe refuses to count twice.
 */
export function meterEventIdentifier(idempotencyKey: string): string {
  return `idem_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`;
}

/** Reports usage to a meter: `POST /v1/billing/meter_events`. */
export const createMeterEvent = defineCommand({
  key: 'createMeterEvent',
  title: 'Create Meter Event',
  description:
    'Reports a customer’s usage to a billing meter (by its event name), for usage-based prices. Each event has an identifier Stripe refuses a second time for at least 24 hours: give your own, or one is derived from the run’s idempotency key, so a retried report is never counted twice.',
  input: (z) =>
    z.object({
      eventName: z.string().min(1).max(100).meta({
        title: 'Event Name',
        description: 'The event name of the meter to report to (see List Meters).',
      }),
      customerId: customerIdField(z, 'The customer who used it, cus_….'),
      value: z.number().finite().meta({
        title: 'Value',
        description: 'How much was used (a meter summing usage adds it up; decimals and negatives allowed).',
      }),
      identifier: z.string().min(1).max(100).optional().meta({
        title: 'Identifier',
        description:
          'A unique id of this usage (default: derived from the run’s idempotency key). Stripe refuses it a second time for at least 24 hours.',
      }),
      timestamp: unixSecondsField(
        z,
        'Timestamp',
        'When the usage happened: within the past 35 days, at most 5 minutes ahead (default now).',
      ).optional(),
      extra: extraField(z),
    }),
  output: meterEventSchema,
  lookups: { eventName: meterEventNameLookup, customerId: customerLookup },
  annotations: { readOnly: false, destructive: false },
  run(input, ctx: PaymentsContext, { signal, idempotencyKey }): Promise<StripeMeterEvent> {
    const identifier =
      input.identifier ?? (idempotencyKey ? meterEventIdentifier(idempotencyKey) : undefined);
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/billing/meter_events',
      withExtra(input.extra, {
        event_name: input.eventName,
        payload: { stripe_customer_id: input.customerId, value: String(input.value) },
        identifier,
        timestamp: input.timestamp,
      }),
      signal,
    );
  },
});
