import type { Readable } from 'node:stream';
import { type Progress, ProviderError, sleep, TimeoutError } from '@c/core';
import type { AnalyticsContext } from './analytics-client.js';

/** Waits between status polls of a cohort download: 0.5 s doubling to 5 s; 15 minutes in all at most. */
const POLL_DELAYS_MS = [500, 1000, 2000, 4000, 5000];
const MAX_WAIT_MS = 15 * 60_000;

/** Options of a cohort download. */
export interface CohortDownloadOptions {
  cohortId: string;
  /** Include user properties (`props=1`): all, or the `propKeys` given. */
  properties?: boolean | string[] | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: Progress) => void) | undefined;
  /** Called with Amplitude's request id once the download is requested. */
  onRequest?: ((requestId: string) => void) | undefined;
}

/**
 * Splits CSV text arriving in chunks into rows, keeping quoted cells (commas, quotes, line breaks)
 * whole across chunks; only the current row is held.
 */
export class CsvRows {
  #cell = '';
  #row: string[] = [];
  #quoted = false;
  #afterQuote = false;

  /** Feeds a chunk; returns the rows it completed. */
  push(text: string): string[][] {
    const rows: string[][] = [];
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i]!;
      if (this.#quoted) {
        if (char !== '"') this.#cell += char;
        else if (text[i + 1] === '"') {
          this.#cell += '"';
          i += 1;
        } else if (i + 1 === text.length) {
          // A quote at the chunk's end: whether it is doubled shows in the next chunk.
          this.#afterQuote = true;
          this.#quoted = false;
        } else this.#quoted = false;
        continue;
      }
      if (this.#afterQuote) {
        this.#afterQuote = false;
        if (char === '"') {
          this.#cell += '"';
          this.#quoted = true;
          continue;
        }
      }
      if (char === '"') this.#quoted = true;
      else if (char === ',') this.#endCell();
      else if (char === '\n') rows.push(this.#endRow());
      else if (char !== '\r') this.#cell += char;
    }
    return rows;
  }

  /** The last row, when the text did not end with a line break. */
  end(): string[][] {
    return this.#cell !== '' || this.#row.length > 0 ? [this.#endRow()] : [];
  }

  #endCell(): void {
    this.#row.push(this.#cell);
    this.#cell = '';
  }

  #endRow(): string[] {
    this.#endCell();
    const row = this.#row;
    this.#row = [];
    return row;
  }
}

/** Step 1 and 2: requests the cohort's file and polls its status until Amplitude has it ready. */
async function requestCohortFile(ctx: AnalyticsContext, options: CohortDownloadOptions): Promise<string> {
  const keys = Array.isArray(options.properties) ? options.properties : undefined;
  const requested = await ctx.http.request<{ request_id: string }>({
    method: 'GET',
    api: 'dashboard',
    path: `/api/5/cohorts/request/${encodeURIComponent(options.cohortId)}`,
    query: { props: options.properties ? 1 : undefined, propKeys: keys },
    signal: options.signal,
  });
  const requestId = requested.data.request_id;
  options.onRequest?.(requestId);
  const started = Date.now();
  for (let poll = 0; ; poll += 1) {
    const status = await ctx.http.request<{ async_status?: string }>({
      method: 'GET',
      api: 'dashboard',
      path: `/api/5/cohorts/request-status/${encodeURIComponent(requestId)}`,
      signal: options.signal,
    });
    if (status.status === 200 || status.data?.async_status === 'JOB COMPLETED') return requestId;
    options.onProgress?.({
      message: `Amplitude is preparing the cohort file (${status.data?.async_status ?? 'in progress'})`,
    });
    if (Date.now() - started > MAX_WAIT_MS) {
      throw new TimeoutError(
        `Amplitude did not finish preparing cohort ${options.cohortId}'s file within 15 minutes`,
      );
    }
    await sleep(POLL_DELAYS_MS[Math.min(poll, POLL_DELAYS_MS.length - 1)]!, options.signal);
  }
}

/**
 * Step 3: the file. Amplitude serves a small one itself and answers a large one with a 302 to a
 * pre-signed S3 link valid for a minute, which is followed at once without the connection's
 * credentials: the link carries its own signature, S3 refuses a second auth mechanism, and the
 * secret key must not leave for another host.
 */
async function openCohortFile(
  ctx: AnalyticsContext,
  requestId: string,
  signal: AbortSignal | undefined,
): Promise<Readable> {
  const response = await ctx.http.request<Readable>({
    method: 'GET',
    api: 'dashboard',
    path: `/api/5/cohorts/request/${encodeURIComponent(requestId)}/file`,
    responseType: 'stream',
    redirect: 'return',
    signal,
  });
  const link = response.status >= 300 ? response.headers.location : undefined;
  if (response.status < 300) return response.data;
  if (!link) {
    throw new ProviderError(`Amplitude answered ${response.status} for the cohort file without a Location`, {
      status: response.status,
      requestId: response.requestId,
    });
  }
  const file = await ctx.http.request<Readable>({
    method: 'GET',
    url: new URL(link, ctx.http.url('/', 'dashboard')).href,
    auth: false,
    responseType: 'stream',
    signal,
  });
  return file.data;
}

/**
 * Downloads a cohort's members in Amplitude's three steps (request, status polls, file) and yields
 * them as objects keyed by the file's header (`amplitude_id`, `user_id`, properties), parsing the
 * CSV as it downloads, in constant memory. `break` stops the download.
 */
export async function* readCohortMembers(
  ctx: AnalyticsContext,
  options: CohortDownloadOptions,
): AsyncGenerator<Record<string, string>> {
  const requestId = await requestCohortFile(ctx, options);
  const stream = await openCohortFile(ctx, requestId, options.signal);
  const csv = new CsvRows();
  const decoder = new TextDecoder();
  let header: string[] | undefined;
  let read = 0;
  const toMember = (row: string[]) =>
    Object.fromEntries(header!.map((key, index) => [key, row[index] ?? '']));
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      for (const row of csv.push(decoder.decode(chunk, { stream: true }))) {
        if (!header) {
          header = row;
          continue;
        }
        read += 1;
        yield toMember(row);
      }
      options.onProgress?.({ message: 'cohort members read', current: read });
    }
    for (const row of [...csv.push(decoder.decode()), ...csv.end()]) {
      if (!header) header = row;
      else {
        read += 1;
        yield toMember(row);
      }
    }
  } finally {
    stream.destroy();
  }
}
