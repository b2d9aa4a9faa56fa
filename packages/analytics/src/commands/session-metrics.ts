import { choice, defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { checkRange, daySchema } from '../analytics-params.js';
import { sessionMetricsSchema } from '../schemas/usage.js';

type SessionMetricsResult = z.output<ReturnType<typeof sessionMetricsSchema>>;

const PATHS = {
  length: '/api/2/sessions/length',
  average: '/api/2/sessions/average',
  perUser: '/api/2/sessions/peruser',
};

/** Session Metrics: `GET /api/2/sessions/length`, `/average` or `/peruser`. */
export const sessionMetrics = defineCommand({
  key: 'sessionMetrics',
  title: 'Session Metrics',
  description:
    'Sessions over a date range: how many lasted how long (length distribution, with optional custom bins), the average session length per day in seconds, or the average sessions per user per day.',
  input: (z) =>
    z
      .object({
        metric: choice(z, [
          ['length', 'Session length distribution'],
          ['average', 'Average session length per day'],
          ['perUser', 'Average sessions per user per day'],
        ])
          .default('average')
          .meta({ title: 'Metric', description: 'What is measured (default: average length per day).' }),
        start: daySchema('Start Date', 'First day of the range, YYYYMMDD.'),
        end: daySchema('End Date', 'Last day of the range, YYYYMMDD, included.'),
        binUnit: z.enum(['seconds', 'minutes', 'hours']).optional().meta({
          title: 'Bin Unit',
          description:
            'With metric length: the unit of binMin, binMax and binSize (all three needed for custom bins).',
        }),
        binMin: z
          .number()
          .min(0)
          .optional()
          .meta({ title: 'Bin Min', description: 'With metric length: the first bin starts here.' }),
        binMax: z
          .number()
          .positive()
          .optional()
          .meta({ title: 'Bin Max', description: 'With metric length: the last bin ends here.' }),
        binSize: z.number().positive().optional().meta({
          title: 'Bin Size',
          description: 'With metric length: the width of each bin (Amplitude picks one when absent).',
        }),
      })
      .superRefine((input, ctx) => {
        checkRange(input, ctx, 'day', 365);
        const bins = [input.binUnit, input.binMin, input.binMax, input.binSize].some(
          (value) => value !== undefined,
        );
        if (bins && input.metric !== 'length') {
          ctx.addIssue({
            code: 'custom',
            path: ['binUnit'],
            message: 'custom bins are used only with the metric length',
          });
        } else if (
          bins &&
          (input.binUnit === undefined || input.binMin === undefined || input.binMax === undefined)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['binUnit'],
            message: 'custom bins need binUnit, binMin and binMax together',
          });
        } else if (input.binMin !== undefined && input.binMax !== undefined && input.binMax <= input.binMin) {
          ctx.addIssue({ code: 'custom', path: ['binMax'], message: 'must be more than binMin' });
        }
      }),
  output: sessionMetricsSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<SessionMetricsResult> {
    const response = await ctx.http.request<SessionMetricsResult>({
      method: 'GET',
      api: 'dashboard',
      path: PATHS[input.metric],
      query: {
        start: input.start,
        end: input.end,
        timeHistogramConfigBinTimeUnit: input.binUnit,
        timeHistogramConfigBinMin: input.binMin,
        timeHistogramConfigBinMax: input.binMax,
        timeHistogramConfigBinSize: input.binSize,
      },
      signal,
    });
    return response.data;
  },
});
