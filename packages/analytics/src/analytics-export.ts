import { pipeline, Readable, type Transform } from 'node:stream';
import { createGunzip, createInflateRaw } from 'node:zlib';
import { ConnectorError, lazySchema, NetworkError, NotFoundError, ProviderError, parseWith } from '@c/core';
import type { AnalyticsContext } from './analytics-client.js';
import { ExportEvents, type ExportPiece, splitLines } from './analytics-export-lines.js';
import { checkRange, hourSchema } from './analytics-params.js';
import type { AnalyticsExportEvent } from './analytics-schemas.js';
import { readZip, type ZipEntry, ZipFormatError } from './analytics-zip-reader.js';

/** Amplitude exports at most 365 days per request. */
export const ANALYTICS_EXPORT_MAX_DAYS = 365;

/**
 * zlib's output chunk, and what a stage may hold before its reader takes it (the readable default,
 * 16 KB, is under one chunk, so a stage would wait for the parser before starting the next). Above
 * 16 KB to save callbacks; not much more, because a chunk the parser has not reached when V8
 * collects its young generation gets promoted, and promoted buffers wait for a full collection:
 * at 256 KB a 1 GB export peaked 40 MB higher for no measurable gain in speed.
 */
const ZLIB_CHUNK = 64 * 1024;

/**
 * The same for the NDJSON pass-through, which makes almost no JS garbage: V8 then collects only
 * under the pressure of the decompressed buffers themselves (external memory), so dead chunks pile
 * up between full collections (about 100 per GB at 64 KB). Fewer, larger chunks mean fewer
 * callbacks and collections: on a 1 GB export (zip store), 256 KB peaked at 132-150 MB RSS and
 * 2.7-3.6 CPU-s, 64 KB at 161-169 MB and 3.8-4.5.
 */
const NDJSON_ZLIB_CHUNK = 256 * 1024;

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

/** Options of `readExport` and `readExportNdjson` (and of the public `exportEvents`, `exportNdjson`). */
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
 * Bad `start`/`end` throw a `ValidationError` (from the first `next()`) before anything is sent. A
 * 400 (over 4 GB) or 504 (too much data) throws a `ProviderError` saying to shorten the range.
 */
export function readExport(
  ctx: AnalyticsContext,
  options: ExportEventsOptions,
): AsyncGenerator<AnalyticsExportEvent, undefined, unknown> {
  return new ExportEvents<AnalyticsExportEvent>(splitLines(exportPieces(ctx, options, ZLIB_CHUNK)));
}

/**
 * The same export as `readExport`, through the same download and decoding, as its raw
 * newline-delimited JSON: chunks of whole lines (each ending with `\n`, a file's unterminated last
 * line included; blank lines and `\r` before `\n` dropped), never parsed, so it goes as fast as the
 * archive decompresses. The chunks are fresh slices of the decompressed text: keeping one (a write
 * still pending) is safe. Errors and closing as for `readExport`; a line is not checked to be JSON.
 */
export async function* readExportNdjson(
  ctx: AnalyticsContext,
  options: ExportEventsOptions,
): AsyncGenerator<Uint8Array, undefined, unknown> {
  for await (const lines of splitLines(exportPieces(ctx, options, NDJSON_ZLIB_CHUNK))) yield lines.bytes;
}

/**
 * The decoded text of every member of the export, in archive order, each followed by its end;
 * decompressed in chunks of `chunkSize` bytes.
 */
async function* exportPieces(
  ctx: AnalyticsContext,
  options: ExportEventsOptions,
  chunkSize: number,
): AsyncGenerator<ExportPiece, undefined, unknown> {
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
      for await (const bytes of decode(entry, chunkSize)) yield { member, bytes };
      yield { member };
    }
  } catch (error) {
    throw readFailure(error, member);
  } finally {
    body.destroy();
  }
}

/**
 * A member's text: inflated when the zip deflated it, gunzipped when it is a `.gz` file. Each zlib
 * stage runs in libuv's thread pool and may hold a chunk ahead of its reader, so decompression
 * overlaps the parsing of the text already out instead of waiting for the parser to ask.
 */
function decode(entry: ZipEntry, chunkSize: number): AsyncIterable<Buffer> {
  const stages: Transform[] = [];
  const options = { chunkSize, readableHighWaterMark: chunkSize };
  if (entry.method === 8) stages.push(createInflateRaw(options));
  if (/\.gz$/i.test(entry.name)) stages.push(createGunzip(options));
  const last = stages.at(-1);
  if (!last) return entry.raw;
  // pipeline destroys every stage with the first error, so iterating the last stage rethrows it.
  pipeline([Readable.from(entry.raw, { objectMode: false }), ...stages], () => {});
  return last;
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
