import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { eventListSchema } from '../schemas/usage.js';

type EventListResult = z.output<ReturnType<typeof eventListSchema>>;

/** List Events: `GET /api/2/events/list`. */
export const listEvents = defineCommand({
  key: 'listEvents',
  title: 'List Events',
  description: "The project's visible event types, with this week's totals (hidden ones are left out).",
  input: (z) => z.object({}),
  output: eventListSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(_input, ctx: AnalyticsContext, { signal }): Promise<EventListResult> {
    const response = await ctx.http.request<EventListResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/events/list',
      signal,
    });
    return response.data;
  },
});
