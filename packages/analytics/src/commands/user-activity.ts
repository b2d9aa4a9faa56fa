import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { userActivitySchema } from '../schemas/usage.js';

type UserActivityResult = z.output<ReturnType<typeof userActivitySchema>>;

/** User Activity: `GET /api/2/useractivity`. */
export const userActivity = defineCommand({
  key: 'userActivity',
  title: 'User Activity',
  description:
    "One user's profile (ids, event and session counts, device, location, properties) and events, latest first. Find the Amplitude ID with User Search. Shares User Search's limits: 10 at once, 360 an hour.",
  input: (z) =>
    z.object({
      user: z.coerce.number().int().positive().meta({
        title: 'Amplitude ID',
        description: "The user's Amplitude ID (User Search finds it from a user or device ID).",
      }),
      offset: z
        .number()
        .int()
        .min(0)
        .optional()
        .meta({ title: 'Offset', description: 'Events to skip (default 0).' }),
      limit: z.number().int().min(1).max(1000).optional().meta({
        title: 'Limit',
        description: 'Most events returned (default and most 1000).',
      }),
      direction: z.enum(['latest', 'earliest']).optional().meta({
        title: 'Order',
        description: 'latest first (default) or earliest first.',
      }),
    }),
  output: userActivitySchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<UserActivityResult> {
    const response = await ctx.http.request<UserActivityResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/useractivity',
      query: { user: input.user, offset: input.offset, limit: input.limit, direction: input.direction },
      signal,
    });
    return response.data;
  },
});
