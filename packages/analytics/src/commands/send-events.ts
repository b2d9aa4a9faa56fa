import { defineCommand, type Zod } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../amplitude-client.js';
import { jsonValue } from '../amplitude-params.js';
import { ingestEvents, type SendEventsResult } from '../event-ingestion.js';

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
        description: 'Deduplication key; set automatically when absent so that retries never duplicate.',
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
    'Sends events to the project. Batches within Amplitude’s limits, sets an insert_id on each event that lacks one so retries never duplicate, pauses only the devices and users Amplitude throttles (30 s, as it asks) while sending the other events at once, retries server errors, and re-sends the valid events when Amplitude refuses some. The result accounts for every event: ingested, or rejected with the reason.',
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
  output: (z) =>
    z.object({
      ingested: z.number().int(),
      rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
      batches: z.number().int(),
    }),
  annotations: { readOnly: false, destructive: false, idempotent: false },
  run(input, ctx: AnalyticsContext, { signal, onProgress }): Promise<SendEventsResult> {
    const total = input.events.length;
    return ingestEvents(ctx, input.events, {
      apiKey: input.apiKey,
      signal,
      onProgress: onProgress && ((progress) => onProgress({ ...progress, total })),
    });
  },
});
