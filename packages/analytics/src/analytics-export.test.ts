import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
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

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function footprint(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}
