import { choice, defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { checkRange, daySchema, jsonValue } from '../analytics-params.js';
import { groupByField, segmentsField, segmentsQuery } from '../analytics-query-params.js';
import { funnelSchema } from '../schemas/funnels.js';
import { eventObject } from './event-segmentation.js';

type FunnelGroup = {
  events: string[];
  cumulativeRaw: number[];
  medianTransTimes: number[];
  groupValue?: string;
};
type FunnelResult = z.output<ReturnType<typeof funnelSchema>>;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** The rows of a funnel: each step of each group with its users and conversion rates. */
export function funnelSteps(groups: readonly FunnelGroup[]): FunnelResult['steps'] {
  return groups.flatMap((group) =>
    group.events.map((event, index) => {
      const users = group.cumulativeRaw[index] ?? 0;
      return {
        ...(group.groupValue === undefined ? {} : { group: group.groupValue }),
        step: index + 1,
        event,
        users,
        conversion: percent(users, group.cumulativeRaw[0] ?? 0),
        stepConversion: index === 0 ? 100 : percent(users, group.cumulativeRaw[index - 1] ?? 0),
        medianSeconds: Math.round((group.medianTransTimes[index] ?? 0) / 1000),
      };
    }),
  );
}

/** Funnel Analysis: `GET /api/2/funnels`, one `e` per step. */
export const funnelAnalysis = defineCommand({
  key: 'funnelAnalysis',
  title: 'Funnel Analysis',
  description:
    'How many users went through a sequence of events (2 or more steps) within a conversion window, and where they dropped off: users, conversion from the first step and from the previous one, and the time between steps.',
  input: (z) =>
    z
      .object({
        events: jsonValue(z.array(eventObject(z)).min(2, 'needs at least two steps')).meta({
          title: 'Steps',
          description:
            'The funnel steps in order, two or more, each an event type and its filters, e.g. Search then Purchase; sent as one e per step (JSON: [{"event_type":"Search"},{"event_type":"Purchase"}]).',
        }),
        start: daySchema('Start Date', 'First day users may enter the funnel, YYYYMMDD.'),
        end: daySchema('End Date', 'Last day users may enter the funnel, YYYYMMDD, included.'),
        mode: choice(z, [
          ['ordered', 'In this order'],
          ['unordered', 'In any order'],
          ['sequential', 'In this order, nothing between'],
        ])
          .default('ordered')
          .meta({
            title: 'Mode',
            description: 'How the steps must follow each other (default: in this order).',
          }),
        userType: choice(z, [
          ['active', 'Active users'],
          ['new', 'New users'],
        ])
          .default('active')
          .meta({
            title: 'User Type',
            description: 'Active users (default), or only users new when they entered.',
          }),
        segments: segmentsField(z),
        groupBy: groupByField(z),
        interval: choice(z, [
          ['1', 'Daily'],
          ['7', 'Weekly'],
          ['30', 'Monthly'],
        ])
          .default('1')
          .meta({ title: 'Interval', description: 'How the per-day series are grouped (default daily).' }),
        conversionWindowSeconds: z.number().int().min(1).optional().meta({
          title: 'Conversion Window (s)',
          description:
            'How long a user has to go from the first step to the last, in seconds (default 30 days).',
        }),
        limit: z.number().int().min(1).max(1000).default(100).meta({
          title: 'Limit',
          description: 'Most group-by values returned (default 100, at most 1000).',
        }),
      })
      .superRefine((input, ctx) => checkRange(input, ctx, 'day', 365)),
  output: funnelSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<FunnelResult> {
    const response = await ctx.http.request<{ data: FunnelGroup[] }>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/funnels',
      query: {
        e: input.events.map((event) => JSON.stringify(event)),
        start: input.start,
        end: input.end,
        mode: input.mode,
        n: input.userType,
        s: segmentsQuery(input.segments),
        g: input.groupBy,
        i: input.interval,
        cs: input.conversionWindowSeconds,
        limit: input.groupBy === undefined ? undefined : input.limit,
      },
      signal,
    });
    const data = response.data?.data ?? [];
    return { ...response.data, data, steps: funnelSteps(data) } as FunnelResult;
  },
});
