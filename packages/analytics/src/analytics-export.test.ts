import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { ProviderError } from '@c/core';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { type AnalyticsClient, exportEvents, exportNdjson } from './analytics-connector.js';
import { connectAnalytics } from './testing/amplitude-test-helpers.js';
import { type AmplitudeSandbox, analyticsSimulator, type ExportProfile } from './testing/index.js';

async function withExport<T>(
  profile: ExportProfile,
  run: (client: AnalyticsClient, sandbox: AmplitudeSandbox) => Promise<T>,
): Promise<T> {
  const sandbox = await analyticsSimulator.start({ export: profile });
  const client = connectAnalytics(sandbox);
  try {
    return await run(client, sandbox);
  } finally {
    await client.close();
    await sandbox.close();
    expect(sandbox.server.violations).toEqual([]);
  }
}

const range = { start: '20260101T00', end: '20260101T23' };

describe('exportEvents', () => {
  it('yields every event of a multi-file archive, deflated or stored, generated or reused', async () => {
    const variants = [
      { compression: 'deflate' as const, reuseFiles: false },
      { compression: 'store' as const, reuseFiles: false },
      { compression: 'store' as const, reuseFiles: true },
    ];
    for (const variant of variants) {
      await withExport({ events: 25_000, eventsPerFile: 4000, ...variant }, async (client) => {
        let count = 0;
        const ids = new Set<unknown>();
        for await (const event of exportEvents(client, range)) {
          count += 1;
          if (count % 997 === 0) ids.add(event.uuid);
          expect(typeof event.event_type).toBe('string');
        }
        expect(count).toBe(25_000);
        if (!variant.reuseFiles) expect(ids.size).toBe(Math.floor(25_000 / 997));
      });
    }
  });

  it('stops the download when the consumer stops', async () => {
    await withExport({ events: 400_000, eventsPerFile: 50_000 }, async (client, sandbox) => {
      let count = 0;
      for await (const _ of exportEvents(client, range)) {
        count += 1;
        if (count === 1000) break;
      }
      // The simulator generates events only as the archive is read: far fewer than it would have.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sandbox.state.generatedExportEvents).toBeLessThan(200_000);
    });
  });

  it('decodes in memory that does not grow with the size of the archive', async () => {
    // Decode a small and a 12 times larger archive, stored without compression so that the bytes on
    // the wire are as many as the events' (a reader that buffered the download would show it); every
    // 2,000 events, collect garbage and measure what the decoding still holds.
    const retained = async (bytes: number) =>
      withExport({ bytes, compression: 'store', gzipLevel: 0 }, async (client) => {
        collectGarbage();
        const base = footprint();
        let max = 0;
        let seen = 0;
        for await (const _ of exportEvents(client, range)) {
          seen += 1;
          if (seen % 2000 === 0) {
            collectGarbage();
            max = Math.max(max, footprint() - base);
          }
        }
        expect(seen).toBeGreaterThan(bytes / 2000);
        return max;
      });
    const small = await retained(8 * 1024 * 1024);
    const large = await retained(96 * 1024 * 1024);
    // Holding the large download, or its events, would retain 100 MB or more. What is measured also
    // holds the simulator's own stream buffers (same process), which vary with the machine's load.
    expect(large).toBeLessThan(small + 40 * 1024 * 1024);
    expect(large).toBeLessThan(48 * 1024 * 1024);
  }, 120_000);

  it('refuses a bad range before sending', async () => {
    await withExport({ events: 10 }, async (client, sandbox) => {
      await expect(
        exportEvents(client, { start: '20260101T05', end: '20260101T04' }).next(),
      ).rejects.toMatchObject({
        kind: 'validation',
        parameter: 'end',
      });
      expect(sandbox.server.calls).toHaveLength(0);
    });
  });
});

/** A zip as Amplitude sends it: streamed members (data descriptors), deflated unless said otherwise. */
async function zipOf(members: { name: string; data: Buffer; compress?: boolean }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const member of members) {
    zip.addReadStream(Readable.from([member.data]), member.name, { compress: member.compress ?? true });
  }
  zip.end();
  return buffer(zip.outputStream as Readable);
}

/** Runs `exportEvents` against a simulator whose export answers `body`; returns events or the error. */
async function exportOf(body: Buffer): Promise<{ events: unknown[]; error: unknown }> {
  return withExport({ events: 10 }, async (client, sandbox) => {
    sandbox.server.use(
      http.get('*/api/2/export', () => new HttpResponse(new Uint8Array(body), { status: 200 })),
    );
    const events: unknown[] = [];
    try {
      for await (const event of exportEvents(client, range)) events.push(event);
      return { events, error: undefined };
    } catch (error) {
      return { events, error };
    }
  });
}

const lines = (...events: object[]) => events.map((event) => JSON.stringify(event)).join('\n');

describe('exportEvents decoding', () => {
  it('decodes members without a trailing newline, empty members and multi-byte text, in archive order', async () => {
    const { events, error } = await exportOf(
      await zipOf([
        { name: '1/1_2026-01-01_0#1.json.gz', data: gzipSync(lines({ n: 1, city: 'Zürich' }, { n: 2 })) },
        { name: '1/1_2026-01-01_1#1.json.gz', data: gzipSync('') },
        {
          name: '1/1_2026-01-01_2#1.json.gz',
          data: gzipSync(`${lines({ n: 3, who: '日本 🎵' })}\n`),
          compress: false,
        },
      ]),
    );
    expect(error).toBeUndefined();
    expect(events).toEqual([{ n: 1, city: 'Zürich' }, { n: 2 }, { n: 3, who: '日本 🎵' }]);
  });

  it('names a body that is not a zip, a member that is not gzip and a line that is not JSON', async () => {
    const notZip = await exportOf(Buffer.from('<html>maintenance</html>'));
    expect(ProviderError.isInstance(notZip.error)).toBe(true);
    expect(notZip.error).toMatchObject({ providerCode: 'invalid_export_archive', retryable: false });
    expect((notZip.error as Error).message).toMatch(/not a zip archive/);

    const notGzip = await exportOf(
      await zipOf([{ name: '1/1_2026-01-01_0#1.json.gz', data: Buffer.from('{"plain":"json"}\n') }]),
    );
    expect(ProviderError.isInstance(notGzip.error)).toBe(true);
    expect(notGzip.error).toMatchObject({ providerCode: 'invalid_export_archive', retryable: false });
    expect((notGzip.error as Error).message).toMatch(
      /could not be decompressed \(in 1\/1_2026-01-01_0#1\.json\.gz\)/,
    );

    const notJson = await exportOf(
      await zipOf([{ name: '1/1_2026-01-01_0#1.json.gz', data: gzipSync(`${lines({ n: 1 })}\n{"n":\n`) }]),
    );
    expect(notJson.events).toEqual([{ n: 1 }]);
    expect(ProviderError.isInstance(notJson.error)).toBe(true);
    expect(notJson.error).toMatchObject({ providerCode: 'invalid_export_line', retryable: false });
    expect((notJson.error as Error).message).toBe(
      "Amplitude's export file 1/1_2026-01-01_0#1.json.gz holds a line that is not JSON (line 2)",
    );
  });
});

/** Runs `exportNdjson` against a simulator whose export answers `response`; returns its chunks or the error. */
async function ndjsonOf(
  response: Buffer | Response,
): Promise<{ chunks: Buffer[]; text: string; error: unknown; calls: number }> {
  return withExport({ events: 10 }, async (client, sandbox) => {
    sandbox.server.use(
      http.get('*/api/2/export', () =>
        Buffer.isBuffer(response) ? new HttpResponse(new Uint8Array(response), { status: 200 }) : response,
      ),
    );
    const chunks: Buffer[] = [];
    let error: unknown;
    try {
      for await (const chunk of exportNdjson(client, range)) chunks.push(Buffer.from(chunk));
    } catch (caught) {
      error = caught;
    }
    const text = Buffer.concat(chunks).toString('utf8');
    return { chunks, text, error, calls: sandbox.server.calls.length };
  });
}

describe('exportNdjson', () => {
  it('yields the NDJSON of every member in whole lines, each parsing to an event', async () => {
    await withExport({ events: 25_000, eventsPerFile: 4000 }, async (client) => {
      let lines = 0;
      let chunks = 0;
      for await (const chunk of exportNdjson(client, range)) {
        chunks += 1;
        expect(chunk.at(-1)).toBe(0x0a);
        const text = Buffer.from(chunk).toString('utf8');
        for (const line of text.slice(0, -1).split('\n')) {
          expect(typeof (JSON.parse(line) as { event_type?: unknown }).event_type).toBe('string');
          lines += 1;
        }
      }
      expect(lines).toBe(25_000);
      // Chunks of many lines, not one per line.
      expect(chunks).toBeLessThan(lines / 10);
    });
  });

  it('passes the text through: unterminated, empty, multi-byte and CRLF members, blank lines dropped', async () => {
    const { text, error, chunks } = await ndjsonOf(
      await zipOf([
        { name: '1/1_2026-01-01_0#1.json.gz', data: gzipSync(lines({ n: 1, city: 'Zürich' }, { n: 2 })) },
        { name: '1/1_2026-01-01_1#1.json.gz', data: gzipSync('') },
        {
          name: '1/1_2026-01-01_2#1.json.gz',
          data: gzipSync(`${lines({ n: 3, who: '日本 🎵' })}\r\n\r\n{"n":4}\r\n`),
          compress: false,
        },
      ]),
    );
    expect(error).toBeUndefined();
    expect(text).toBe('{"n":1,"city":"Zürich"}\n{"n":2}\n{"n":3,"who":"日本 🎵"}\n{"n":4}\n');
    for (const chunk of chunks) expect(chunk.at(-1)).toBe(0x0a);
    // The parsed path reads the same lines.
    const parsed = await exportOf(
      await zipOf([{ name: 'a.json.gz', data: gzipSync(`${lines({ n: 3 })}\r\n\r\n{"n":4}\r\n`) }]),
    );
    expect(parsed.events).toEqual([{ n: 3 }, { n: 4 }]);
  });

  it('maps a body that is not a zip, a member that is not gzip and a cut archive as exportEvents does', async () => {
    const notZip = await ndjsonOf(Buffer.from('<html>maintenance</html>'));
    expect(ProviderError.isInstance(notZip.error)).toBe(true);
    expect(notZip.error).toMatchObject({ providerCode: 'invalid_export_archive', retryable: false });
    expect((notZip.error as Error).message).toMatch(/not a zip archive/);

    const notGzip = await ndjsonOf(
      await zipOf([{ name: '1/1_2026-01-01_0#1.json.gz', data: Buffer.from('{"plain":"json"}\n') }]),
    );
    expect(notGzip.error).toMatchObject({ providerCode: 'invalid_export_archive', retryable: false });
    expect((notGzip.error as Error).message).toMatch(
      /could not be decompressed \(in 1\/1_2026-01-01_0#1\.json\.gz\)/,
    );

    const whole = await zipOf([
      { name: 'a.json.gz', data: gzipSync(lines({ n: 1 }, { n: 2 })), compress: false },
      { name: 'b.json.gz', data: gzipSync(lines({ n: 3 })), compress: false },
    ]);
    const cutShort = await ndjsonOf(whole.subarray(0, whole.indexOf('b.json.gz') + 9));
    expect(cutShort.text).toBe('{"n":1}\n{"n":2}\n');
    expect(cutShort.error).toMatchObject({ providerCode: 'invalid_export_archive', retryable: false });
    expect((cutShort.error as Error).message).toMatch(/ended/);
  });

  it('does not parse: a line that is not JSON passes through', async () => {
    const { text, error } = await ndjsonOf(
      await zipOf([{ name: 'a.json.gz', data: gzipSync(`${lines({ n: 1 })}\n{"n":\n`) }]),
    );
    expect(error).toBeUndefined();
    expect(text).toBe('{"n":1}\n{"n":\n');
  });

  it('yields nothing for a range without data (404) and says to shorten the range on 400', async () => {
    const none = await ndjsonOf(new HttpResponse(null, { status: 404 }));
    expect(none).toMatchObject({ chunks: [], error: undefined, calls: 1 });

    const tooLarge = await ndjsonOf(new HttpResponse('Export exceeds the 4GB limit.', { status: 400 }));
    expect(ProviderError.isInstance(tooLarge.error)).toBe(true);
    expect(tooLarge.error).toMatchObject({ status: 400, providerCode: 'export_too_large', retryable: false });
    expect(tooLarge.calls).toBe(1);
  });

  it('stops the download when the consumer stops', async () => {
    await withExport({ events: 400_000, eventsPerFile: 50_000 }, async (client, sandbox) => {
      let bytes = 0;
      for await (const chunk of exportNdjson(client, range)) {
        bytes += chunk.length;
        if (bytes > 100_000) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sandbox.state.generatedExportEvents).toBeLessThan(200_000);
    });
  });

  it('stops the download when its signal aborts', async () => {
    await withExport({ events: 400_000, eventsPerFile: 50_000 }, async (client, sandbox) => {
      const controller = new AbortController();
      let bytes = 0;
      const error = await (async () => {
        for await (const chunk of exportNdjson(client, { ...range, signal: controller.signal })) {
          bytes += chunk.length;
          if (bytes > 100_000) controller.abort();
        }
      })().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: 'AbortError' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sandbox.state.generatedExportEvents).toBeLessThan(200_000);
    });
  });

  it('refuses a bad range before sending', async () => {
    await withExport({ events: 10 }, async (client, sandbox) => {
      await expect(
        exportNdjson(client, { start: '20260101T05', end: '20260101T04' }).next(),
      ).rejects.toMatchObject({ kind: 'validation', parameter: 'end' });
      await expect(
        exportNdjson(client, { start: '20260101T24', end: '20260101T23' }).next(),
      ).rejects.toMatchObject({ kind: 'validation', parameter: 'start' });
      expect(sandbox.server.calls).toHaveLength(0);
    });
  });
});

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function footprint(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}
