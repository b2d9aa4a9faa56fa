import { defineCommand } from '@c/core';
import type { AnalyticsContext } from '../analytics-client.js';
import { type CohortsResult, cohortsSchema } from '../analytics-schemas.js';

/** Behavioral Cohorts: `GET /api/3/cohorts`. */
export const behavioralCohorts = defineCommand({
  key: 'behavioralCohorts',
  title: 'Behavioral Cohorts',
  description: 'Lists every behavioral cohort of the project with its id, name, size and metadata.',
  input: (z) => z.object({}),
  output: cohortsSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(_input, ctx: AnalyticsContext, { signal }): Promise<CohortsResult> {
    const response = await ctx.http.request<CohortsResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/3/cohorts',
      signal,
    });
    return response.data;
  },
});
