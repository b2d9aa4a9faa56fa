import { choice, defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { checkRange, daySchema, jsonValue } from '../analytics-params.js';
import { groupByField, segmentsField, segmentsQuery } from '../analytics-query-params.js';
import { retentionSchema } from '../schemas/funnels.js';
import { eventObject } from './event-segmentation.js';

type RetentionResult = z.output<ReturnType<typeof retentionSchema>>;
interface RetentionSeries {
  groupValue?: string;
  dates: string[];
  values: Record<string, { count: number; outof: number; incomplete?: boolean }[]>;
}

const UNIT: Record<string, string> = { '1': 'Day', '7': 'Week', '30': 'Month' };

/** The cohort table: per cohort (and group), its users and the percent retained in each period. */
export function cohortTable(
  series: readonly RetentionSeries[],
  interval: string,
  brackets: [number, number][] | undefined,
): RetentionResult['cohorts'] {
  const label = (k: number) =>
    brackets ? `Days ${brackets[k]![0]}–${brackets[k]![1] - 1}` : `${UNIT[interval] ?? 'Day'} ${k}`;
  return series.flatMap((group) =>
    group.dates.map((date) => {
      const cells = group.values[date] ?? [];
      const size = cells[0]?.count ?? 0;
      const row: Record<string, string | number | null> = {
        ...(group.groupValue === undefined ? {} : { group: group.groupValue }),
        cohort: date,
        users: size,
      };
      cells.slice(1).forEach((cell, k) => {
        row[label(k)] = cell.incomplete ? null : size === 0 ? 0 : Math.round((cell.count / size) * 1000) / 10;
      });
      return row;
    }),
  );
}

/** Retention Analysis: `GET /api/2/retention`. */
export const retentionAnalysis = defineCommand({
  key: 'retentionAnalysis',
  title: 'Retention Analysis',
  description:
    'Of the users who did a starting event in each day, week or month of the range, how many came back and did the return event N periods later (n-day), on or after it (rolling), or within brackets of days. Returns a cohort table in percent (periods not yet over are empty).',
  input: (z) =>
    z
      .object({
        startEvent: jsonValue(eventObject(z)).meta({
          title: 'Starting Event',
          description:
            'The event that puts a user in a cohort, {event_type, filters}; _new for new users, _active for any active event. Sent as se.',
        }),
        returnEvent: jsonValue(eventObject(z)).meta({
          title: 'Return Event',
          description: 'The event that counts as coming back; _all or _active for any. Sent as re.',
        }),
        start: daySchema('Start Date', 'First day of the cohorts, YYYYMMDD.'),
        end: daySchema('End Date', 'Last day of the cohorts, YYYYMMDD, included.'),
        mode: choice(z, [
          ['n-day', 'N-day: in that period'],
          ['rolling', 'Unbounded: in that period or later'],
          ['bracket', 'Brackets of days'],
        ])
          .default('n-day')
          .meta({
            title: 'Mode',
            description: 'How a return counts (default n-day). Brackets need the brackets.',
          }),
        brackets: jsonValue(
          z
            .array(z.tuple([z.number().int().min(0), z.number().int().min(1)]))
            .min(1)
            .refine(
              (pairs) => pairs.every(([from, to]) => from < to),
              'each bracket must be [from, to] with from < to',
            ),
        )
          .optional()
          .meta({
            title: 'Brackets',
            description:
              'With mode brackets: [first day, day after the last] pairs, e.g. [[0,5],[5,10]]; sent as rb.',
          }),
        interval: choice(z, [
          ['1', 'Daily'],
          ['7', 'Weekly'],
          ['30', 'Monthly'],
        ])
          .default('1')
          .meta({ title: 'Interval', description: 'The length of the cohorts and periods (default a day).' }),
        segments: segmentsField(z),
        groupBy: groupByField(z),
      })
      .superRefine((input, ctx) => {
        checkRange(input, ctx, 'day', 365);
        if (input.mode === 'bracket' && !input.brackets) {
          ctx.addIssue({ code: 'custom', path: ['brackets'], message: 'is required with the mode Brackets' });
        }
        if (input.mode !== 'bracket' && input.brackets) {
          ctx.addIssue({
            code: 'custom',
            path: ['brackets'],
            message: 'is used only with the mode Brackets',
          });
        }
      }),
  output: retentionSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<RetentionResult> {
    const response = await ctx.http.request<{ data: { series: RetentionSeries[] } }>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/retention',
      query: {
        se: JSON.stringify(input.startEvent),
        re: JSON.stringify(input.returnEvent),
        start: input.start,
        end: input.end,
        rm: input.mode,
        rb: input.brackets ? JSON.stringify(input.brackets) : undefined,
        i: input.interval,
        s: segmentsQuery(input.segments),
        g: input.groupBy,
      },
      signal,
    });
    const series = response.data?.data?.series ?? [];
    return {
      ...response.data,
      cohorts: cohortTable(series, input.interval, input.brackets as [number, number][] | undefined),
    } as RetentionResult;
  },
});
