import { defineCommand, type Zod } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { deletionJobsSchema } from '../schemas/admin.js';

type DeletionJobs = z.output<ReturnType<typeof deletionJobsSchema>>;

const day = (z: Zod, title: string, description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD')
    .meta({ title, description });

/** List Deletion Jobs: `GET /api/2/deletions/users`. */
export const listDeletionJobs = defineCommand({
  key: 'listDeletionJobs',
  title: 'List Deletion Jobs',
  description:
    "The project's user deletion jobs scheduled between two days, with their status (staging, submitted, done) and users.",
  input: (z) =>
    z
      .object({
        startDay: day(z, 'Start Day', 'First day of jobs, YYYY-MM-DD.'),
        endDay: day(z, 'End Day', 'Last day of jobs, YYYY-MM-DD, included.'),
      })
      .superRefine((input, ctx) => {
        if (input.endDay < input.startDay)
          ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'must not be before startDay' });
      }),
  output: deletionJobsSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<DeletionJobs> {
    const response = await ctx.http.request<DeletionJobs['jobs']>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/deletions/users',
      query: { start_day: input.startDay, end_day: input.endDay },
      signal,
    });
    return { jobs: Array.isArray(response.data) ? response.data : [] };
  },
});
