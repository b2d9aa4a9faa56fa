// One measured client of the analytics benchmark (analytics.bench.ts), run in a fresh process:
//
//   node analytics-client.mjs '<ClientCase as JSON>'
//
// Does the work, samples its own memory, and prints one JSON line (a ClientReport). Plain JavaScript
// on purpose: a .ts entry makes Node load its TypeScript stripper (about 18 MB of RSS) into the very
// process whose memory is measured, which an application running built code never carries.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** Any valid range: the simulator serves the same generated archive for it. */
const RANGE = { start: '20260301T00', end: '20260301T23' };

/**
 * @typedef {{kind: 'raw-export' | 'raw-unzip' | 'raw-parse', url: string, connection: any}
 *   | {kind: 'decode-export', connection: any}
 *   | {kind: 'ndjson-export', connection: any}
 *   | {kind: 'send-events', connection: any, count: number}} ClientCase
 * @typedef {{work: () => Promise<Record<string, number>>, done: () => Promise<void>}} Measured
 */

/**
 * The baselines' download: the archive fetched with undici's own Agent and the connection's Basic
 * auth. undici is imported here only: its index weighs on the RSS of the other clients, which load
 * just the parts core uses.
 * @param {string} url
 * @param {{apiKey: string, secretKey: string}} credentials
 */
async function rawDownloader(url, credentials) {
  const { Agent, request } = await import('undici');
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  const authorization = `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.secretKey}`).toString('base64')}`;
  return {
    async download() {
      const response = await request(`${url}/api/2/export?start=${RANGE.start}&end=${RANGE.end}`, {
        dispatcher: agent,
        headers: { authorization },
      });
      if (response.statusCode !== 200) throw new Error(`raw export answered ${response.statusCode}`);
      return response.body;
    },
    close: () => agent.close(),
  };
}

/**
 * The baselines. raw-export: the archive downloaded, every byte discarded. raw-unzip and raw-parse,
 * the same-work baselines (raw-export.mjs): the download unzipped and gunzipped with zlib, the text
 * discarded (raw-unzip, exportNdjson's work) or split into lines, each JSON.parse'd (raw-parse,
 * exportEvents' work).
 * @param {ClientCase & {url: string}} clientCase
 * @returns {Promise<Measured>}
 */
async function rawClient(clientCase) {
  const raw = await rawDownloader(clientCase.url, clientCase.connection.credentials);
  if (clientCase.kind === 'raw-export') {
    return {
      async work() {
        let archiveBytes = 0;
        for await (const chunk of await raw.download()) archiveBytes += chunk.length;
        return { archiveBytes };
      },
      done: raw.close,
    };
  }
  const { decodeArchive, lineParser } = await import('./raw-export.mjs');
  if (clientCase.kind === 'raw-unzip') {
    return {
      async work() {
        let ndjsonBytes = 0;
        await decodeArchive(await raw.download(), (text) => {
          ndjsonBytes += text.length;
        });
        return { ndjsonBytes };
      },
      done: raw.close,
    };
  }
  return {
    async work() {
      let events = 0;
      const lines = lineParser((event) => {
        if (event.event_type !== undefined) events += 1;
      });
      await decodeArchive(
        await raw.download(),
        (text) => lines.text(text),
        () => lines.end(),
      );
      return { events };
    },
    done: raw.close,
  };
}

/**
 * The connector's clients: exportEvents, exportNdjson (the README's way to write an export to a
 * file; /dev/null, so the disk is not measured) and sendEventStream.
 * @param {ClientCase} clientCase
 * @returns {Promise<Measured>}
 */
async function connectorClient(clientCase) {
  const { connection } = clientCase;
  const { analytics, exportEvents, exportNdjson, sendEventStream } = await import('@c/analytics');
  const client = analytics.connect({ credentials: connection.credentials, ...connection.options });
  const done = () => client.close();
  if (clientCase.kind === 'decode-export') {
    return {
      async work() {
        let events = 0;
        for await (const event of exportEvents(client, RANGE)) {
          if (event.event_type !== undefined) events += 1;
        }
        return { events };
      },
      done,
    };
  }
  if (clientCase.kind === 'ndjson-export') {
    return {
      async work() {
        const file = createWriteStream('/dev/null');
        await pipeline(exportNdjson(client, RANGE), file);
        return { ndjsonBytes: file.bytesWritten };
      },
      done,
    };
  }
  const { syntheticEvents } = await import('@c/analytics/testing');
  const origin = new URL(connection.options.ingestionBaseUrl).origin;
  const count = clientCase.kind === 'send-events' ? clientCase.count : 0;
  return {
    async work() {
      let requests = 0;
      // undici announces every request it creates: retries and 413 splits are counted too.
      /** @param {any} message */
      const onRequest = (message) => {
        if (String(message.request.origin) === origin) requests += 1;
      };
      subscribe('undici:request:create', onRequest);
      try {
        const result = await sendEventStream(client, syntheticEvents(count));
        return {
          requests,
          ingested: result.ingested,
          rejected: result.rejected.length,
          batches: result.batches,
        };
      } finally {
        unsubscribe('undici:request:create', onRequest);
      }
    },
    done,
  };
}

/** @param {ClientCase} clientCase */
async function clientMain(clientCase) {
  const { work, done } =
    'url' in clientCase && clientCase.kind.startsWith('raw-')
      ? await rawClient(clientCase)
      : await connectorClient(clientCase);
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 100);
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const figures = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(timer);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  await done();
  // resourceUsage reports kilobytes; cpuUsage microseconds, every thread of the process together.
  const maxRss = process.resourceUsage().maxRSS * 1024;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(`${JSON.stringify({ ...figures, seconds, cpuSeconds, startRss, peakRss, maxRss })}\n`);
}

await clientMain(JSON.parse(process.argv[2] ?? '{}'));
