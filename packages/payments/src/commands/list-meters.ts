import { defineListCommand } from '../payments-list-command.js';
import { meterSchema } from '../schemas/meters.js';

/** Lists billing meters: `GET /v1/billing/meters`, following pages past 100. */
export const listMeters = defineListCommand({
  key: 'listMeters',
  title: 'List Meters',
  description: 'Lists the billing meters usage-based prices count with, and the event name each one counts.',
  path: '/v1/billing/meters',
  noun: 'meters',
  item: meterSchema,
  filters: (z) => ({
    status: z.enum(['active', 'inactive']).optional().meta({
      title: 'Status',
      description: 'Only active meters (the ones that count new events) or only inactive ones.',
    }),
  }),
  query: (input) => ({ status: input.status }),
});
