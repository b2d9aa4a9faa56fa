import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { releaseSchema } from '../schemas/admin.js';

type ReleaseResult = z.output<ReturnType<typeof releaseSchema>>;

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Create Release: `POST /api/2/release`. */
export const createRelease = defineCommand({
  key: 'createRelease',
  title: 'Create Release',
  description:
    'Records a release of the product (a version and when it shipped), which Amplitude shows on charts as an annotation: for deployment pipelines.',
  input: (z) =>
    z.object({
      version: z
        .string()
        .trim()
        .min(1)
        .meta({ title: 'Version', description: 'The product version released, e.g. 3.5.' }),
      releaseStart: z
        .string()
        .regex(TIME, 'must be written yyyy-MM-dd HH:mm:ss (UTC), e.g. 2026-01-15 09:00:00')
        .optional()
        .meta({
          title: 'Release Start',
          description: 'When the release started, yyyy-MM-dd HH:mm:ss in UTC; omitted, the time of the run.',
        }),
      releaseEnd: z
        .string()
        .regex(TIME, 'must be written yyyy-MM-dd HH:mm:ss (UTC)')
        .optional()
        .meta({ title: 'Release End', description: 'When it ended, yyyy-MM-dd HH:mm:ss in UTC.' }),
      title: z.string().trim().min(1).meta({ title: 'Title', description: "The release's name." }),
      description: z.string().optional().meta({ title: 'Description', description: 'What changed.' }),
      platforms: z
        .preprocess(
          (value) => (typeof value === 'string' ? value.split(',').map((item) => item.trim()) : value),
          z.array(z.string().min(1)),
        )
        .optional()
        .meta({ title: 'Platforms', description: 'The platforms of the release, e.g. iOS, Android.' }),
    }),
  output: releaseSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<ReleaseResult> {
    const response = await ctx.http.request<ReleaseResult>({
      method: 'POST',
      api: 'dashboard',
      path: '/api/2/release',
      json: {
        version: input.version,
        release_start: input.releaseStart ?? amplitudeTime(new Date()),
        release_end: input.releaseEnd,
        title: input.title,
        description: input.description,
        platforms: input.platforms?.join(','),
      },
      signal,
    });
    return response.data;
  },
});

/** A time as Amplitude's release API writes it: `yyyy-MM-dd HH:mm:ss`, in UTC. */
function amplitudeTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
