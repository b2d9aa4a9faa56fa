import { z } from 'zod';
import { JsonObject, JsonSchema, requestSchemas, responseSchemas, timestamp } from './schemas-base.js';

// ---------------------------------------------------------------------------------------------
// Triggers
// ---------------------------------------------------------------------------------------------

/** A trigger as `GET /api/triggers` lists it. */
export const TriggerSummary = z
  .object({
    id: z.string(),
    connector: z.string(),
    key: z.string(),
    title: z.string(),
    description: z.string(),
    kinds: z.array(z.string()),
    inputSchema: JsonSchema,
    outputSchema: JsonSchema,
  })
  .register(responseSchemas, { id: 'Trigger' });

/** The body of `POST /api/subscriptions`. */
export const SubscribeRequest = z
  .strictObject({
    trigger: z.string().min(1).max(200).meta({ description: 'The trigger, e.g. payments.event' }),
    connection: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'The connection (default: the connector’s default)' }),
    input: JsonObject.optional().meta({ description: 'The trigger’s filters' }),
    deliverTo: z.strictObject({ url: z.string().min(1).max(2000) }).optional(),
  })
  .register(requestSchemas, { id: 'SubscribeRequest' });

/** A subscription as every surface shows it: never its provider state or secrets. */
export const SubscriptionView = z
  .object({
    id: z.string(),
    trigger: z.string(),
    connection: z.string(),
    input: JsonObject,
    hookUrl: z.string().optional().meta({ description: 'Where the provider delivers (webhook triggers).' }),
    deliverTo: z.object({ url: z.string() }).optional(),
    status: z.string(),
    error: JsonObject.optional().meta({ description: 'Why it failed, as an error JSON.' }),
    createdAt: timestamp(),
  })
  .register(responseSchemas, { id: 'Subscription' });

/** What `POST /api/subscriptions` answers (201): the secret that signs deliveries is shown this once. */
export const SubscriptionCreated = SubscriptionView.extend({
  deliverSecret: z
    .string()
    .optional()
    .meta({ description: 'Signs each delivery to deliverTo (C-Signature); shown only here.' }),
});

/** One event's delivery to a subscription's `deliverTo.url`. */
export const Delivery = z.object({
  subscription: z.string(),
  seq: z.int(),
  eventId: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.int(),
  lastStatus: z.int().optional().meta({ description: "The last attempt's HTTP status (0: no answer)." }),
  lastError: z.string().optional(),
  nextAttemptAt: z.number().meta({ description: 'Epoch ms of the next attempt, while pending.' }),
  createdAt: timestamp(),
  deliveredAt: timestamp().optional(),
});

/** `GET /api/subscriptions/{id}`: with its deliveries when it delivers to a URL. */
export const SubscriptionDetail = SubscriptionView.extend({ deliveries: z.array(Delivery).optional() });

/** A path parameter naming a subscription. */
export const SubscriptionParams = z.object({ id: z.string() });

/** An event as every surface shows it. */
export const EventView = z
  .object({
    id: z.string().meta({ description: "The provider's stable event id." }),
    trigger: z.string(),
    subscription: z.string(),
    type: z.string(),
    occurredAt: timestamp(),
    receivedAt: timestamp(),
    data: z.unknown(),
  })
  .register(responseSchemas, { id: 'Event' });

/** `GET /api/events` and `GET /api/events/stream` */
export const EventsQuery = z.strictObject({
  subscription: z.string().max(200).optional(),
  after: z.string().max(20).optional().meta({ description: 'A cursor: the nextCursor of a previous page.' }),
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/)
    .optional()
    .meta({ description: 'At most this many events (1 to 1000, default 100).' }),
});

/** A page of events, oldest first. */
export const EventsPage = z.object({
  events: z.array(EventView),
  nextCursor: z.string().nullable().meta({ description: 'Pass it as after for the next page.' }),
});

// Types: what the host sends (responses) and what a client may send (requests).
export type TriggerSummary = z.output<typeof TriggerSummary>;
export type SubscribeRequest = z.input<typeof SubscribeRequest>;
export type SubscriptionView = z.output<typeof SubscriptionView>;
export type SubscriptionCreated = z.output<typeof SubscriptionCreated>;
export type Delivery = z.output<typeof Delivery>;
export type SubscriptionDetail = z.output<typeof SubscriptionDetail>;
export type EventView = z.output<typeof EventView>;
export type EventsPage = z.output<typeof EventsPage>;
