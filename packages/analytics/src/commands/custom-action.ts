import { defineCommand, defineCustomAction } from '@c/core';
import type { AnalyticsContext } from '../analytics-client.js';
import { type CustomActionResult, customActionSchema } from '../analytics-schemas.js';

const base = defineCustomAction<AnalyticsContext>({
  apis: { dashboard: ['/api/2/', '/api/3/'], ingestion: ['/2/', '/batch'] },
  defaultApi: 'dashboard',
  bodyEncoding: 'json',
  description:
    'Calls any Amplitude endpoint of the query APIs (dashboard: /api/2/…, /api/3/…) or the ingestion API (ingestion: /2/httpapi, /batch) with the connection’s credentials. An object body for the ingestion API gets the connection’s api_key when it has none.',
  pathDescription:
    'Path on the chosen API, e.g. /api/2/realtime, /api/2/useractivity?user=12345, /api/2/events/list, or /2/httpapi (ingestion).',
  apiDescription: 'dashboard: the query APIs (default); ingestion: the HTTP V2 and Batch ingestion APIs.',
  // The ingestion API takes the key in the body; the secret key has no business there.
  auth: (api) => api !== 'ingestion',
});

/** Custom Action: any endpoint of either API, through core's path and header guard. */
export const customAction = defineCommand({
  key: base.key,
  title: base.title,
  description: base.description,
  // A builder, so the guard's schema (and zod) is built on first use, not when this module loads.
  input: () => base.input,
  output: customActionSchema,
  annotations: base.annotations,
  async run(input: Record<string, any>, ctx: AnalyticsContext, options): Promise<CustomActionResult> {
    const body = input.body;
    // The ingestion API reads the project key from the body, never from a header.
    const needsKey =
      input.api === 'ingestion' && typeof body === 'object' && body !== null && !('api_key' in body);
    const result = await base.run(
      needsKey ? { ...input, body: { api_key: ctx.apiKey.reveal(), ...body } } : input,
      ctx,
      options,
    );
    // Amplitude answers objects; core's shaping turns text and bytes into objects too.
    return result as CustomActionResult;
  },
});
