import { defineCommand } from '@c/core';
import type { AnalyticsContext } from '../analytics-client.js';
import { ANALYTICS_EXPORT_MAX_DAYS, exportRangeShape, readExport } from '../analytics-export.js';
import { checkRange } from '../analytics-params.js';
import { type AnalyticsExportEvent, type ExportDataResult, exportDataSchema } from '../analytics-schemas.js';

/** How often progress is reported while decoding. */
const PROGRESS_EVERY = 1000;

/** Export Data: `GET /api/2/export`, decoded as it streams, capped at `maxEvents`. */
export const exportData = defineCommand({
  key: 'exportData',
  title: 'Export Data',
  description:
    'Downloads the raw events uploaded in a range of hours (UTC) and returns the first maxEvents of them. The export is decoded as it streams and the download stops once maxEvents is reached. A range without data gives no events.',
  input: (z) =>
    z
      .object({
        ...exportRangeShape(),
        maxEvents: z.number().int().min(1).max(1_000_000).default(10_000).meta({
          title: 'Max Events',
          description:
            'Most events to return (default 10000); the download stops there and truncated says so.',
        }),
      })
      .superRefine((input, ctx) => checkRange(input, ctx, 'hour', ANALYTICS_EXPORT_MAX_DAYS)),
  output: exportDataSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal, onProgress }): Promise<ExportDataResult> {
    const events: AnalyticsExportEvent[] = [];
    let truncated = false;
    for await (const event of readExport(ctx, { start: input.start, end: input.end, signal })) {
      if (events.length === input.maxEvents) {
        // One event past the cap proves there were more; leaving the loop destroys the download.
        truncated = true;
        break;
      }
      events.push(event);
      if (events.length % PROGRESS_EVERY === 0) {
        onProgress?.({ message: 'events decoded', current: events.length, total: input.maxEvents });
      }
    }
    return { events, count: events.length, truncated };
  },
});
