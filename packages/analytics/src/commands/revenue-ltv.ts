import { choice, defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { checkRange, daySchema } from '../analytics-params.js';
import { groupByField, segmentsField, segmentsQuery } from '../analytics-query-params.js';
import { revenueLtvSchema } from '../schemas/usage.js';

type RevenueLtvResult = z.output<ReturnType<typeof revenueLtvSchema>>;
type LtvSeries = { dates: string[]; values: Record<string, Record<string, number>> };

const METRICS = { arpu: 0, arppu: 1, total: 2, payingUsers: 3 } as const;
const CHART_DAYS = [1, 7, 30, 90];

/** The chart of the first group: per cohort (earliest first), its value after 1, 7, 30 and 90 days. */
export function ltvChart(series: readonly LtvSeries[]): RevenueLtvResult['ltv'] {
  const first = series[0];
  const dates = [...(first?.dates ?? [])].reverse();
  return {
    xValues: dates,
    series: CHART_DAYS.map((days) => dates.map((date) => first?.values[date]?.[`r${days}d`] ?? 0)),
    labels: CHART_DAYS.map((days) => `Day ${days}`),
  };
}

/** Revenue LTV: `GET /api/2/revenue/ltv`. */
export const revenueLtv = defineCommand({
  key: 'revenueLtv',
  title: 'Revenue LTV',
  description:
    'The lifetime value of the users new in each day, week or month of the range: average revenue per user, per paying user, total revenue or paying users, 1 to 90 days after they started.',
  input: (z) =>
    z
      .object({
        metric: choice(z, [
          ['arpu', 'Average revenue per user'],
          ['arppu', 'Average revenue per paying user'],
          ['total', 'Total revenue'],
          ['payingUsers', 'Paying users'],
        ])
          .default('arpu')
          .meta({ title: 'Metric', description: 'What is measured (default ARPU); sent as m 0–3.' }),
        start: daySchema('Start Date', 'First day of the cohorts, YYYYMMDD.'),
        end: daySchema('End Date', 'Last day of the cohorts, YYYYMMDD, included.'),
        interval: choice(z, [
          ['1', 'Daily'],
          ['7', 'Weekly'],
          ['30', 'Monthly'],
        ])
          .default('1')
          .meta({ title: 'Interval', description: 'The length of the cohorts (default a day).' }),
        segments: segmentsField(z),
        groupBy: groupByField(z),
      })
      .superRefine((input, ctx) => checkRange(input, ctx, 'day', 365)),
  output: revenueLtvSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<RevenueLtvResult> {
    const response = await ctx.http.request<{ data: { series: LtvSeries[] } }>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/revenue/ltv',
      query: {
        m: METRICS[input.metric],
        start: input.start,
        end: input.end,
        i: input.interval,
        s: segmentsQuery(input.segments),
        g: input.groupBy,
      },
      signal,
    });
    return { ...response.data, ltv: ltvChart(response.data?.data?.series ?? []) } as RevenueLtvResult;
  },
});
