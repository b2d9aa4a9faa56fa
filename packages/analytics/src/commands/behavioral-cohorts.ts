import { defineCommand } from '@c/core';
import type { AnalyticsContext } from '../amplitude-client.js';

/** One behavioral cohort as Amplitude lists it (`id`, `name`, `size`, `definition`, `owners`, …). */
export type AmplitudeCohort = Record<string, unknown> & { id: string; name: string };

/** Behavioral Cohorts: `GET /api/3/cohorts`. */
export const behavioralCohorts = defineCommand({
  key: 'behavioralCohorts',
  title: 'Behavioral Cohorts',
  description: 'Lists every behavioral cohort of the project with its id, name, size and metadata.',
  input: (z) => z.object({}),
  annotations: { readOnly: true, idempotent: true },
  async run(_input, ctx: AnalyticsContext, { signal }): Promise<{ cohorts: AmplitudeCohort[] }> {
    const response = await ctx.http.request<{ cohorts: AmplitudeCohort[] }>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/3/cohorts',
      signal,
    });
    return response.data;
  },
});
