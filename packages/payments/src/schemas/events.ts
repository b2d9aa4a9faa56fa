import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { livemode, objectType, unixTime } from './common.js';

/** An event: one change in the account, with the object as it was after the change. */
export const eventSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Event Id', description: 'The event’s id, evt_….' }),
    object: objectType(z, 'event'),
    type: z.string().meta({
      title: 'Type',
      description: 'What happened, e.g. customer.created, payment_intent.succeeded, charge.refunded.',
    }),
    created: unixTime(z, 'Created', 'When it happened'),
    api_version: z
      .string()
      .nullable()
      .meta({ title: 'API Version', description: 'The API version the object is shaped by, or null.' }),
    data: z
      .looseObject({
        object: z
          .record(z.string(), z.unknown())
          .meta({ title: 'Object', description: 'The object after the change.' }),
        previous_attributes: z.record(z.string(), z.unknown()).optional().meta({
          title: 'Previous Attributes',
          description: 'For an update: the fields that changed, with their values before it.',
        }),
      })
      .meta({ title: 'Data', description: 'The object concerned, and what it was before an update.' }),
    request: z
      .looseObject({
        id: z
          .string()
          .nullable()
          .meta({ title: 'Request Id', description: 'The API request that caused it, or null.' }),
        idempotency_key: z.string().nullable().meta({
          title: 'Idempotency Key',
          description: 'The idempotency key of that request, or null.',
        }),
      })
      .nullable()
      .meta({
        title: 'Request',
        description: 'The API request that caused it, or null for Stripe’s own changes.',
      }),
    pending_webhooks: z.number().int().meta({
      title: 'Pending Webhooks',
      description: 'How many webhook endpoints have not yet received it.',
    }),
    livemode: livemode(z),
  });

/** An event, as Stripe answers for it. */
export type StripeEventObject = z.output<ReturnType<typeof eventSchema>>;

/** An event shown as a record. */
export const eventRecordSchema = (z: Zod) => eventSchema(z).meta(resultView({ view: 'record' }));
