import { defineListCommand } from '../payments-list-command.js';
import { createdRange, unixSecondsField } from '../payments-params.js';
import { payoutSchema } from '../schemas/balance.js';

/** Lists payouts, newest first: `GET /v1/payouts`, following pages past 100. */
export const listPayouts = defineListCommand({
  key: 'listPayouts',
  title: 'List Payouts',
  description: 'Lists payouts to the bank account, newest first, by status and arrival date.',
  path: '/v1/payouts',
  noun: 'payouts',
  item: payoutSchema,
  filters: (z) => ({
    status: z.enum(['pending', 'in_transit', 'paid', 'failed', 'canceled']).optional().meta({
      title: 'Status',
      description: 'Only payouts in this status: pending, in_transit, paid, failed or canceled.',
    }),
    arrivalAfter: unixSecondsField(z, 'Arrival After', 'Only payouts arriving after this time.').optional(),
    arrivalBefore: unixSecondsField(
      z,
      'Arrival Before',
      'Only payouts arriving before this time.',
    ).optional(),
  }),
  query: (input) => ({
    status: input.status,
    arrival_date: createdRange(input.arrivalAfter, input.arrivalBefore),
  }),
});
