import { defineCommand } from '@c/core';
import { type PaymentsContext, stripeCall } from '../payments-client.js';
import { eventLookup } from '../payments-lookups.js';
import { stripeId } from '../payments-params.js';
import { eventRecordSchema, type StripeEventObject } from '../schemas/events.js';

/** Reads one event: `GET /v1/events/{id}`. */
export const getEvent = defineCommand({
  key: 'getEvent',
  title: 'Get Event',
  description: 'Reads one event: its type, when it happened, the object after the change and what changed.',
  input: (z) => z.object({ eventId: stripeId(z, 'evt_', 'Event Id', 'The event, evt_….') }),
  output: eventRecordSchema,
  lookups: { eventId: eventLookup },
  annotations: { readOnly: true, idempotent: true },
  run(input, ctx: PaymentsContext, { signal }): Promise<StripeEventObject> {
    return stripeCall(ctx.http, 'GET', `/v1/events/${input.eventId}`, {}, signal);
  },
});
