import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { checkRange, daySchema } from '../analytics-params.js';
import { compositionSchema } from '../schemas/usage.js';

type CompositionResult = z.output<ReturnType<typeof compositionSchema>>;

const BUILT_IN = [
  'version',
  'country',
  'city',
  'region',
  'DMA',
  'language',
  'platform',
  'os',
  'device',
  'start_version',
  'paying',
];

/** User Composition: `GET /api/2/composition`. */
export const userComposition = defineCommand({
  key: 'userComposition',
  title: 'User Composition',
  description:
    'How the users active over a date range split across the values of one user property (platform, country, version, or a custom property), most users first.',
  input: (z) =>
    z
      .object({
        start: daySchema('Start Date', 'First day of the range, YYYYMMDD.'),
        end: daySchema('End Date', 'Last day of the range, YYYYMMDD, included.'),
        property: z
          .string()
          .trim()
          .refine(
            (name) => BUILT_IN.includes(name) || /^gp:\S/.test(name),
            `must be a built-in property (${BUILT_IN.join(', ')}) or a custom user property written gp:<name>`,
          )
          .meta({
            title: 'Property',
            description: 'The user property, e.g. platform, country or gp:plan; sent as p.',
          }),
      })
      .superRefine((input, ctx) => checkRange(input, ctx, 'day', 365)),
  output: compositionSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<CompositionResult> {
    const response = await ctx.http.request<CompositionResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/composition',
      query: { start: input.start, end: input.end, p: input.property },
      signal,
    });
    return response.data;
  },
});
