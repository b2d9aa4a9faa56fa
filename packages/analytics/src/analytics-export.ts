import { pipeline, Readable, type Transform } from 'node:stream';
import { createGunzip, createInflateRaw } from 'node:zlib';
import { ConnectorError, lazySchema, NetworkError, NotFoundError, ProviderError, parseWith } from '@c/core';
import type { AnalyticsContext } from './analytics-client.js';
import { checkRange, hourSchema } from './analytics-params.js';
import type { AnalyticsExportEvent } from './analytics-schemas.js';
import { readZip, ZipFormatError } from './analytics-zip-reader.js';

/** Amplitude exports at most 365 days per request. */
export const ANALYTICS_EXPORT_MAX_DAYS = 365;

/** zlib's output chunk: far above its 16 KB default, which costs a callback per 16 KB of events. */
const ZLIB_CHUNK = 256 * 1024;

/** A single line longer than this is not an event: stop rather than buffer without bound. */
const MAX_LINE_BYTES = 32 * 1024 * 1024;

/** The fields of the export range: `YYYYMMDDTHH` hours, both included, in UTC (call in a schema builder). */
export function exportRangeShape() {
  return {
    start: hourSchema(
      'Start Date',
      'First hour of the range, YYYYMMDDTHH (UTC), included. Amplitude selects events by the time they were uploaded.',
    ),
    end: hourSchema('End Date', 'Last hour of the range, YYYYMMDDTHH (UTC), included; not before the start.'),
  };
}

const exportRange = lazySchema((z) =>
  z
    .object(exportRangeShape())
    .superRefine((range, ctx) => checkRange(range, ctx, 'hour', ANALYTICS_EXPORT_MAX_DAYS)),
);

/** Options of `readExport` (and of the public `exportEvents`). */
export interface ExportEventsOptions {
  /** First hour, `YYYYMMDDTHH`, included. */
  start: string;
  /** Last hour, `YYYYMMDDTHH`, included. */
  end: string;
  signal?: AbortSignal | undefined;
}

/**
 * Streams the events of an Amplitude export (`GET /api/2/export`) one by one as they are decoded:
 * the response, a zip archive of gzipped newline-delimited JSON files, is unzipped, gunzipped and
 * split as it arrives, so memory stays constant whatever the size of the export. Stopping early
 * (`break`, `return`, an abort) destroys the download. A range without data (404) yields nothing.
 *
 * Bad `start`/`end` throw a `ValidationError` before anything is sent. A 400 (over 4 GB) or 504 (too
 * much data) throws a `ProviderError` saying to shorten the range.
 */
export async function* readExport(
  ctx: AnalyticsContext,
  options: ExportEventsOptions,
): AsyncGenerator<AnalyticsExportEvent> {
  for await (const batch of readExportBatches(ctx, options)) yield* batch;
}

/**
 * As `readExport`, but yields the events decoded from each chunk of the download together, which
 * costs less per event when the consumer handles arrays anyway.
 */
export async function* readExportBatches(
  ctx: AnalyticsContext,
  options: ExportEventsOptions,
): AsyncGenerator<AnalyticsExportEvent[]> {
  const range = parseWith(exportRange(), { start: options.start, end: options.end });
  let body: Readable;
  try {
    const response = await ctx.http.request<Readable>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/export',
      query: { start: range.start, end: range.end },
      responseType: 'stream',
      signal: options.signal,
    });
    body = response.data;
  } catch (error) {
    if (NotFoundError.isInstance(error)) return;
    throw error;
  }
  let member = '';
  try {
    for await (const entry of readZip(body)) {
      member = entry.name;
      const stages: Transform[] = [];
      if (entry.method === 8) stages.push(createInflateRaw({ chunkSize: ZLIB_CHUNK }));
      if (/\.gz$/i.test(entry.name)) stages.push(createGunzip({ chunkSize: ZLIB_CHUNK }));
      yield* splitLines(decode(entry.raw, stages), entry.name);
    }
  } catch (error) {
    throw readFailure(error, member);
  } finally {
    body.destroy();
  }
}

function decode(raw: AsyncGenerator<Buffer>, stages: Transform[]): AsyncIterable<Buffer> {
  const last = stages.at(-1);
  if (!last) return raw;
  // pipeline destroys every stage with the first error, so iterating the last stage rethrows it.
  pipeline([Readable.from(raw, { objectMode: false }), ...stages], () => {});
  return last;
}

async function* splitLines(
  source: AsyncIterable<Buffer>,
  name: string,
): AsyncGenerator<AnalyticsExportEvent[]> {
  let rest: Buffer | undefined;
  let line = 0;
  const parse = (bytes: Buffer, from: number, to: number): AnalyticsExportEvent => {
    line += 1;
    const end = to > from && bytes[to - 1] === 0x0d ? to - 1 : to;
    try {
      return JSON.parse(bytes.toString('utf8', from, end)) as AnalyticsExportEvent;
    } catch {
      throw new ProviderError(
        `Amplitude's export file ${name} holds a line that is not JSON (line ${line})`,
        {
          providerCode: 'invalid_export_line',
          retryable: false,
        },
      );
    }
  };
  for await (const chunk of source) {
    const bytes = rest ? Buffer.concat([rest, chunk]) : chunk;
    rest = undefined;
    const events: AnalyticsExportEvent[] = [];
    let from = 0;
    for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, from)) {
      if (at > from) events.push(parse(bytes, from, at));
      from = at + 1;
    }
    if (from < bytes.length) {
      rest = bytes.subarray(from);
      if (rest.length > MAX_LINE_BYTES) {
        throw new ProviderError(`Amplitude's export file ${name} holds a line longer than 32 MB`, {
          providerCode: 'invalid_export_line',
          retryable: false,
        });
      }
    }
    if (events.length > 0) yield events;
  }
  if (rest && rest.length > 0) yield [parse(rest, 0, rest.length)];
}

function readFailure(error: unknown, member: string): unknown {
  if (ConnectorError.isInstance(error)) return error;
  const where = member ? ` (in ${member})` : '';
  if (error instanceof ZipFormatError) {
    return new ProviderError(`Amplitude sent an export that could not be read: ${error.message}${where}`, {
      providerCode: 'invalid_export_archive',
      retryable: false,
    });
  }
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new ProviderError(
      `Amplitude sent an export file that could not be decompressed${where} (${code})`,
      {
        providerCode: 'invalid_export_archive',
        retryable: false,
        cause: error,
      },
    );
  }
  if (error instanceof Error && error.name === 'AbortError') return error;
  return new NetworkError(`Amplitude's export download failed${where}; read it again (same range)`, {
    cause: error,
  });
}
