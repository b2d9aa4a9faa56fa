import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { jsonValue } from '../analytics-params.js';
import { cohortUploadSchema } from '../schemas/admin.js';

type CohortUpload = z.output<ReturnType<typeof cohortUploadSchema>>;

/** Upload Cohort: `POST /api/3/cohorts/upload`. */
export const uploadCohort = defineCommand({
  key: 'uploadCohort',
  title: 'Upload Cohort',
  description:
    'Creates a cohort from a list of user IDs or Amplitude IDs (up to 100,000 per request), or replaces the members of an existing one. IDs that match no user are skipped and counted.',
  input: (z) =>
    z.object({
      name: z.string().trim().min(1).meta({ title: 'Name', description: "The cohort's name." }),
      idType: z.enum(['BY_USER_ID', 'BY_AMP_ID']).meta({
        title: 'ID Type',
        description: 'BY_USER_ID: the ids are your user IDs; BY_AMP_ID: Amplitude IDs.',
      }),
      ids: jsonValue(
        z
          .array(z.union([z.string().min(1), z.number().int().positive()]))
          .min(1)
          .max(100_000),
      ).meta({
        title: 'IDs',
        description: 'The members: a JSON list of user IDs or Amplitude IDs.',
      }),
      owner: z.string().trim().min(1).meta({ title: 'Owner', description: "The owner's login (an email)." }),
      published: z
        .boolean()
        .default(true)
        .meta({ title: 'Published', description: 'Shared with the project (default true).' }),
      existingCohortId: z.string().trim().min(1).optional().meta({
        title: 'Existing Cohort ID',
        description:
          'Replace the members of this cohort instead of creating one (repeating it gives the same cohort).',
      }),
      appId: z
        .number()
        .int()
        .positive()
        .meta({ title: 'Project ID', description: "The Amplitude project's id (app_id)." }),
    }),
  output: cohortUploadSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<CohortUpload> {
    const response = await ctx.http.request<CohortUpload>({
      method: 'POST',
      api: 'dashboard',
      path: '/api/3/cohorts/upload',
      json: {
        name: input.name,
        app_id: input.appId,
        id_type: input.idType,
        ids: input.ids.map(String),
        owner: input.owner,
        published: input.published,
        existing_cohort_id: input.existingCohortId,
      },
      signal,
    });
    return response.data;
  },
});
