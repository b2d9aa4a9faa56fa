import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { isoTime } from '../analytics-query-params.js';
import { annotationListSchema } from '../schemas/admin.js';

type AnnotationList = z.output<ReturnType<typeof annotationListSchema>>;

/** List Annotations: `GET /api/3/annotations`. */
export const listAnnotations = defineCommand({
  key: 'listAnnotations',
  title: 'List Annotations',
  description:
    'The chart annotations of the project (releases, campaigns, incidents), optionally those of one chart or one category, within a time range.',
  input: (z) =>
    z
      .object({
        start: isoTime(z)
          .optional()
          .meta({ title: 'Start', description: 'Only annotations after this time (ISO 8601).' }),
        end: isoTime(z)
          .optional()
          .meta({ title: 'End', description: 'Only annotations before this time (ISO 8601).' }),
        chartId: z.string().trim().min(1).optional().meta({
          title: 'Chart ID',
          description: 'Only annotations shown on this chart (from its URL). Does not combine with category.',
        }),
        category: z.string().trim().min(1).optional().meta({
          title: 'Category',
          description: 'Only annotations of this category. Does not combine with chartId.',
        }),
      })
      .superRefine((input, ctx) => {
        if (input.chartId && input.category) {
          ctx.addIssue({
            code: 'custom',
            path: ['category'],
            message: 'does not combine with chartId (Amplitude filters by one)',
          });
        }
      }),
  output: annotationListSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<AnnotationList> {
    const response = await ctx.http.request<AnnotationList>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/3/annotations',
      query: { start: input.start, end: input.end, chart_id: input.chartId, category: input.category },
      signal,
    });
    return response.data;
  },
});
