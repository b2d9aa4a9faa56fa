import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { livemode, objectType, unixTime } from './common.js';

/** A billing meter (`mtr_…`): what a usage-based price counts, by event name. */
export const meterSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Meter Id', description: 'The meter’s id, mtr_….' }),
    object: objectType(z, 'billing.meter'),
    display_name: z.string().meta({ title: 'Display Name', description: 'The meter’s name.' }),
    event_name: z.string().meta({
      title: 'Event Name',
      description: 'The event_name of the meter events it counts.',
    }),
    status: z.string().meta({ title: 'Status', description: 'active or inactive.' }),
    default_aggregation: z
      .looseObject({
        formula: z.string().meta({ title: 'Formula', description: 'sum, count or last.' }),
      })
      .meta({ title: 'Aggregation', description: 'How the events of a period add up.' }),
    customer_mapping: z
      .looseObject({
        event_payload_key: z.string().meta({
          title: 'Customer Key',
          description: 'The payload key that names the customer (stripe_customer_id by default).',
        }),
      })
      .meta({ title: 'Customer Mapping', description: 'Where an event names its customer.' }),
    value_settings: z
      .looseObject({
        event_payload_key: z.string().meta({
          title: 'Value Key',
          description: 'The payload key that carries the amount (value by default).',
        }),
      })
      .meta({ title: 'Value Settings', description: 'Where an event carries its amount.' }),
    created: unixTime(z, 'Created', 'When the meter was made'),
    updated: unixTime(z, 'Updated', 'When it last changed'),
    livemode: livemode(z),
  });

/** A billing meter. */
export type StripeMeter = z.output<ReturnType<typeof meterSchema>>;

/** A meter event as Stripe took it: usage of one customer at one time. */
export const meterEventSchema = (z: Zod) =>
  z
    .looseObject({
      object: objectType(z, 'billing.meter_event'),
      event_name: z
        .string()
        .meta({ title: 'Event Name', description: 'The meter it counts for, by event name.' }),
      identifier: z.string().meta({
        title: 'Identifier',
        description: 'Its unique identifier: Stripe refuses a second event with it for at least 24 hours.',
      }),
      payload: z.record(z.string(), z.string()).meta({
        title: 'Payload',
        description: 'The customer (stripe_customer_id) and the amount (value), as strings.',
      }),
      timestamp: unixTime(z, 'Timestamp', 'When the usage happened'),
      created: unixTime(z, 'Created', 'When Stripe took the event'),
      livemode: livemode(z),
    })
    .meta(resultView({ view: 'record' }));

/** A meter event. */
export type StripeMeterEvent = z.output<ReturnType<typeof meterEventSchema>>;
