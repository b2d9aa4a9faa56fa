import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { realtimeSchema } from '../schemas/usage.js';

type RealtimeResult = z.output<ReturnType<typeof realtimeSchema>>;

/** Real-time Active Users: `GET /api/2/realtime`. */
export const realtimeActiveUsers = defineCommand({
  key: 'realtimeActiveUsers',
  title: 'Real-time Active Users',
  description: 'Active users per 5 minutes today so far, beside the same times yesterday.',
  input: (z) => z.object({}),
  output: realtimeSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(_input, ctx: AnalyticsContext, { signal }): Promise<RealtimeResult> {
    const response = await ctx.http.request<RealtimeResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/realtime',
      signal,
    });
    return response.data;
  },
});
