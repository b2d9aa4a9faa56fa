import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { readCohortMembers } from '../analytics-cohort-download.js';
import { jsonValue } from '../analytics-params.js';
import { cohortMembersSchema } from '../schemas/admin.js';

type CohortMembers = z.output<ReturnType<typeof cohortMembersSchema>>;

/**
 * Get Cohort Members: `GET /api/5/cohorts/request/{id}`, its status until done, then the file,
 * streamed and parsed as it downloads.
 */
export const getCohortMembers = defineCommand({
  key: 'getCohortMembers',
  title: 'Get Cohort Members',
  description:
    "Downloads a behavioral cohort's members (Amplitude ID, user ID, and optionally their properties): requests the file, waits until Amplitude has prepared it, then reads it as it downloads. Returns the first maxMembers and the count of all. Amplitude allows 500 cohort downloads a month.",
  input: (z) =>
    z.object({
      cohortId: z
        .string()
        .trim()
        .min(1)
        .meta({ title: 'Cohort ID', description: "The cohort's id (Behavioral Cohorts lists them)." }),
      properties: jsonValue(z.union([z.boolean(), z.array(z.string().min(1)).min(1)]))
        .default(false)
        .meta({
          title: 'User Properties',
          description: 'Include user properties: true for all, or a list of property names; default false.',
        }),
      maxMembers: z.number().int().min(1).max(100_000).default(1000).meta({
        title: 'Max Members',
        description: 'Most members returned (default 1000); the rest are counted, not kept.',
      }),
    }),
  output: cohortMembersSchema,
  annotations: { readOnly: true, idempotent: true },
  lookups: {
    cohortId: {
      noun: 'cohorts',
      command: 'behavioralCohorts',
      items: 'cohorts',
      value: 'id',
      label: ['{name}'],
    },
  },
  async run(input, ctx: AnalyticsContext, { signal, onProgress }): Promise<CohortMembers> {
    let requestId = '';
    let columns: string[] = [];
    const members: Record<string, string>[] = [];
    let count = 0;
    for await (const member of readCohortMembers(ctx, {
      cohortId: input.cohortId,
      properties: input.properties,
      signal,
      onProgress,
      onRequest: (id) => {
        requestId = id;
      },
    })) {
      if (count === 0) columns = Object.keys(member);
      count += 1;
      if (members.length < input.maxMembers) members.push(member);
    }
    return { requestId, columns, members, count, truncated: count > members.length };
  },
});
