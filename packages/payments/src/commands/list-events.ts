import type { Zod } from '@c/core';
import { defineListCommand } from '../payments-list-command.js';
import { createdRange, unixSecondsField } from '../payments-params.js';
import { eventSchema } from '../schemas/events.js';

/** An event type as Stripe's filter takes it: `customer.created`, or `customer.*` for a family. */
const eventType = (z: Zod) =>
  z
    .string()
    .trim()
    .regex(
      /^[a-z_]+(\.[a-z_]+)*(\.\*)?$|^\*$/,
      'must be an event type such as customer.created or customer.*',
    );

/** Lists events, newest first: `GET /v1/events`, following pages past 100. */
export const listEvents = defineListCommand({
  key: 'listEvents',
  title: 'List Events',
  description:
    'Lists the account’s events (the last 30 days on Stripe), newest first: of one type or several, with * for a family (customer.*), and by time.',
  path: '/v1/events',
  noun: 'events',
  item: eventSchema,
  filters: (z) => ({
    type: z
      .union([eventType(z), z.array(eventType(z)).min(1).max(20)])
      .optional()
      .meta({
        title: 'Type',
        description: 'One event type (charge.refunded), a family (invoice.*), or a list of them (up to 20).',
      }),
    createdAfter: unixSecondsField(z, 'Created After', 'Only events after this time.').optional(),
    createdBefore: unixSecondsField(z, 'Created Before', 'Only events before this time.').optional(),
  }),
  // One type is Stripe's `type`; several are `types[]` (the two cannot be sent together).
  query: (input) => ({
    type: typeof input.type === 'string' ? input.type : undefined,
    types: Array.isArray(input.type) ? input.type : undefined,
    created: createdRange(input.createdAfter, input.createdBefore),
  }),
});
