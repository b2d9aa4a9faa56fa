import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { isoTime } from '../analytics-query-params.js';
import { annotationCreatedSchema } from '../schemas/admin.js';

type AnnotationCreated = z.output<ReturnType<typeof annotationCreatedSchema>>;

/** Create Annotation: `POST /api/3/annotations`. */
export const createAnnotation = defineCommand({
  key: 'createAnnotation',
  title: 'Create Annotation',
  description:
    'Marks a day or a time range on the charts (a release, a campaign, an incident): on one chart, or on every chart of the project when no chart is given.',
  input: (z) =>
    z
      .object({
        label: z.string().trim().min(1).meta({ title: 'Label', description: 'The title of the annotation.' }),
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD')
          .optional()
          .meta({
            title: 'Date',
            description: 'A day to mark, YYYY-MM-DD (its midnight UTC); or give start.',
          }),
        start: isoTime(z)
          .optional()
          .meta({ title: 'Start', description: 'When it starts, ISO 8601; or give date.' }),
        end: isoTime(z)
          .optional()
          .meta({ title: 'End', description: 'When it ends, for a range (ISO 8601).' }),
        details: z.string().optional().meta({ title: 'Details', description: 'A description.' }),
        category: z
          .string()
          .trim()
          .min(1)
          .optional()
          .meta({ title: 'Category', description: 'The name of a category.' }),
        chartId: z.string().trim().min(1).optional().meta({
          title: 'Chart ID',
          description: 'The chart to annotate (from its URL); without it, every chart shows the annotation.',
        }),
      })
      .superRefine((input, ctx) => {
        if (!input.date === !input.start) {
          ctx.addIssue({
            code: 'custom',
            path: ['start'],
            message: 'give either date or start (one of them)',
          });
        }
      }),
  output: annotationCreatedSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<AnnotationCreated> {
    const response = await ctx.http.request<AnnotationCreated>({
      method: 'POST',
      api: 'dashboard',
      path: '/api/3/annotations',
      json: {
        label: input.label,
        start: input.start ?? `${input.date}T00:00:00+00:00`,
        end: input.end,
        details: input.details,
        category: input.category,
        chart_id: input.chartId,
      },
      signal,
    });
    return response.data;
  },
});
