import { defineCommand, type Zod } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { ingestEvents } from '../analytics-ingestion.js';
import { jsonValue } from '../analytics-params.js';
import { type SendEventsResult, sendEventsSchema } from '../analytics-schemas.js';

const eventRecord = (z: Zod) =>
  z
    .looseObject({
      event_type: z
        .string()
        .refine((name) => name.trim() !== '', 'is required (a non-empty name)')
        .meta({ title: 'Event Type', description: 'The event name.' }),
      user_id: z.string().optional().meta({ title: 'User ID', description: 'Your id of the user.' }),
      device_id: z
        .string()
        .optional()
        .meta({ title: 'Device ID', description: 'Used when there is no user_id.' }),
      time: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .meta({ title: 'Time', description: 'When it happened, Unix time in milliseconds.' }),
      insert_id: z.string().min(1).optional().meta({
        title: 'Insert ID',
        description:
          'Deduplication key (Amplitude drops a repeat from the same device within 7 days); when absent, derived from the run’s idempotency key and the event’s position.',
      }),
      event_properties: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ title: 'Event Properties', description: 'Properties of this event.' }),
      user_properties: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ title: 'User Properties', description: 'Properties to set on the user.' }),
    })
    .superRefine((event, ctx) => {
      if (!event.user_id?.trim() && !event.device_id?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'user_id or device_id is required' });
      }
    });

/** One event record of Send Events. */
export type SendEventRecord = z.input<ReturnType<typeof eventRecord>>;

/**
 * Send Events: `POST {ingestionBaseUrl}/2/httpapi`, batched, deduplicated, throttled devices and
 * users paused alone, every event accounted for.
 */
export const sendEvents = defineCommand({
  key: 'sendEvents',
  title: 'Send Events',
  description:
    'Sends events to the project. Batches within Amplitude’s limits, sets an insert_id on each event that lacks one, derived from the run’s idempotency key and the event’s position, so neither a retry nor a repeat of the run with the same key duplicates an event, pauses only the devices and users Amplitude throttles (30 s, as it asks) while sending the other events at once, retries server errors, and re-sends the valid events when Amplitude refuses some. The result accounts for every event: ingested, or rejected with the reason.',
  input: (z) =>
    z.object({
      apiKey: z.string().min(1).optional().meta({
        title: 'API Key',
        description: "The project API key to send the events to; the connection's by default.",
      }),
      events: jsonValue(z.array(eventRecord(z))).meta({
        title: 'Events (JSON Array)',
        description:
          'Event records {event_type, user_id or device_id, event_properties, user_properties, time (ms), insert_id}, or a string holding the array.',
      }),
    }),
  output: sendEventsSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false },
  run(input, ctx: AnalyticsContext, { signal, onProgress, idempotencyKey }): Promise<SendEventsResult> {
    const total = input.events.length;
    return ingestEvents(ctx, input.events, {
      apiKey: input.apiKey,
      idempotencyKey,
      signal,
      onProgress: onProgress && ((progress) => onProgress({ ...progress, total })),
    });
  },
});
