import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { ProviderError } from '@c/core';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { type AnalyticsClient, exportEvents } from './analytics-connector.js';
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

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function footprint(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}
