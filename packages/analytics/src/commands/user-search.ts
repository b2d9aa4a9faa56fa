import { defineCommand } from '@c/core';
import type { AnalyticsContext } from '../analytics-client.js';
import { type UserSearchResult, userSearchSchema } from '../analytics-schemas.js';

/** User Search: `GET /api/2/usersearch?user=`. */
export const userSearch = defineCommand({
  key: 'userSearch',
  title: 'User Search',
  description:
    'Finds users by Amplitude ID, device ID, user ID or user ID prefix. No match is an empty matches array, not an error.',
  input: (z) =>
    z.object({
      user: z.string().trim().min(1).meta({
        title: 'User',
        description: 'An Amplitude ID, a device ID, a user ID or the start of a user ID.',
      }),
    }),
  output: userSearchSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<UserSearchResult> {
    const response = await ctx.http.request<UserSearchResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/usersearch',
      query: { user: input.user },
      signal,
    });
    return { ...response.data, matches: response.data?.matches ?? [] };
  },
});
