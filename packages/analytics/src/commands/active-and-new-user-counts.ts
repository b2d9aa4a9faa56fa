import { choice, defineCommand } from '@c/core';
import type { AnalyticsContext } from '../analytics-client.js';
import { checkRange, daySchema } from '../analytics-params.js';
import { type UserCountsResult, userCountsSchema } from '../analytics-schemas.js';

/** Active and New User Counts: `GET /api/2/users`. */
export const activeAndNewUserCounts = defineCommand({
  key: 'activeAndNewUserCounts',
  title: 'Active and New User Counts',
  description:
    'Counts the active or new users of the project per day, week or month over a date range, in the project time zone.',
  input: (z) =>
    z
      .object({
        start: daySchema('Start Date', 'First day of the range, YYYYMMDD (project time zone).'),
        end: daySchema('End Date', 'Last day of the range, YYYYMMDD, included; on or after the start.'),
        metric: choice(z, [
          ['active', 'Active users'],
          ['new', 'New users'],
        ])
          .default('active')
          .meta({
            title: 'Metric',
            description: 'Users active in each interval (default), or users new in it.',
          }),
        interval: choice(z, [
          ['1', 'Daily'],
          ['7', 'Weekly'],
          ['30', 'Monthly'],
        ])
          .default('1')
          .meta({
            title: 'Interval',
            description: 'How the counts are grouped: per day (default), week or month.',
          }),
      })
      .superRefine((input, ctx) => checkRange(input, ctx, 'day')),
  output: userCountsSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<UserCountsResult> {
    const response = await ctx.http.request<UserCountsResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/users',
      query: { start: input.start, end: input.end, m: input.metric, i: input.interval },
      signal,
    });
    return response.data;
  },
});
