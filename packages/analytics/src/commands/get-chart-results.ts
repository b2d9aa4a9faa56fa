import { choice, defineCommand, ProviderError } from '@c/core';
import { parseChartCsv } from '../analytics-chart-csv.js';
import type { AnalyticsContext } from '../analytics-client.js';
import { type ChartResult, chartResultSchema } from '../analytics-schemas.js';

/**
 * The saved charts of the sandbox's simulator (`sandboxCharts()` of `@c/analytics/testing`), offered
 * as examples: Amplitude has no request that lists charts, so a person trying the sandbox would
 * otherwise have no id to type.
 */
const SANDBOX_CHART_IDS = ['sbx4k2m', 'sbx7dau'];

/**
 * Get Chart Results: `GET /api/3/chart/{id}/csv`, the endpoint Amplitude documents (it dropped
 * `/query` from its docs on 2025-03-14). Type `query` reads the CSV into rows; `csv` returns the text.
 */
export const getChartResults = defineCommand({
  key: 'getChartResults',
  title: 'Get Chart Results',
  description:
    "Reads the data of a saved chart from Amplitude's chart CSV endpoint: as rows (type query: {columns, rows}) or as the CSV text (type csv: {csv}).",
  input: (z) =>
    z.object({
      chartId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]+$/, "must be the chart's id as it appears in the chart's web address")
        .meta({
          title: 'Chart ID',
          description:
            "The id in the chart's web address (…/chart/abc123de). The sandbox has sbx4k2m (Play Song by country) and sbx7dau (daily active users).",
          examples: SANDBOX_CHART_IDS,
        }),
      type: choice(z, [
        ['query', 'Rows'],
        ['csv', 'CSV text'],
      ])
        .default('query')
        .meta({
          title: 'Type',
          description:
            'Rows (default): the chart table as {columns, rows}, one object per row keyed by column; CSV text: the CSV as it came, as {csv}.',
        }),
    }),
  output: chartResultSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<ChartResult> {
    const response = await ctx.http.request<unknown>({
      method: 'GET',
      api: 'dashboard',
      path: `/api/3/chart/${encodeURIComponent(input.chartId)}/csv`,
      signal,
    });
    const csv = csvText(response.data);
    if (csv === undefined) {
      throw new ProviderError('Amplitude answered the chart request without CSV text', {
        providerCode: 'unexpected_body',
        requestId: response.requestId,
      });
    }
    return input.type === 'csv' ? { csv } : { ...parseChartCsv(csv) };
  },
});

/** The CSV arrives wrapped in a JSON envelope whose `data` is the text, or as the text itself. */
function csvText(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array) return Buffer.from(data).toString('utf8');
  if (typeof data === 'object' && data !== null && typeof (data as { data?: unknown }).data === 'string') {
    return (data as { data: string }).data;
  }
  return undefined;
}
