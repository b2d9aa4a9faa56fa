import { defineCommand, ProviderError } from '@c/core';
import type { AnalyticsContext } from '../amplitude-client.js';

/** Get Chart Results' result: the chart's JSON (`query`), or its CSV text (`csv`). */
export type ChartResult = Record<string, unknown> | { csv: string };

/** Get Chart Results: `GET /api/3/chart/{id}/query` (JSON) or `/csv`. */
export const getChartResults = defineCommand({
  key: 'getChartResults',
  title: 'Get Chart Results',
  description:
    "Reads the data of a saved chart: as JSON (type query, Amplitude's legacy endpoint) or as CSV text (type csv, the current endpoint).",
  input: (z) =>
    z.object({
      chartId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]+$/, "must be the chart's id as it appears in the chart's web address")
        .meta({ title: 'Chart ID', description: "The id in the chart's web address, e.g. abc123de." }),
      type: z.enum(['query', 'csv']).default('query').meta({
        title: 'Type',
        description: 'query: the JSON result (default); csv: the CSV text, as {csv}.',
      }),
    }),
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<ChartResult> {
    const response = await ctx.http.request<unknown>({
      method: 'GET',
      api: 'dashboard',
      path: `/api/3/chart/${encodeURIComponent(input.chartId)}/${input.type}`,
      signal,
    });
    const data = response.data;
    if (input.type === 'query') return data as Record<string, unknown>;
    // The CSV arrives as text, or wrapped in a JSON envelope whose data is the text.
    if (typeof data === 'string') return { csv: data };
    if (data instanceof Uint8Array) return { csv: Buffer.from(data).toString('utf8') };
    if (typeof data === 'object' && data !== null && typeof (data as { data?: unknown }).data === 'string') {
      return { csv: (data as { data: string }).data };
    }
    throw new ProviderError('Amplitude answered the CSV request without CSV text', {
      providerCode: 'unexpected_body',
      requestId: response.requestId,
    });
  },
});
