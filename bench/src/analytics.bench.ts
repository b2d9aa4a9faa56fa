import { spawn } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import { analytics, exportEvents, sendEventStream } from '@c/analytics';
import { printTable, startChildServer } from './harness.ts';

interface AmplitudeServerInfo {
  url: string;
  connection: Connection;
  /** The simulator's own counts, answered by the server process. */
  statsUrl: string;
}

interface Connection {
  credentials: { apiKey: string; secretKey: string };
  options: { baseUrl: string; ingestionBaseUrl: string };
}

interface SimulatorStats {
  ingested: number;
  duplicates: number;
  violations: number;
}

/** One measured piece of client work, run in a fresh process of its own. */
type ClientCase =
  | { kind: 'raw-export'; url: string; connection: Connection }
  | { kind: 'decode-export'; connection: Connection }
  | { kind: 'send-events'; connection: Connection; count: number };

/** What a client process reports: its figures, and its memory before and during the work. */
interface ClientReport {
  seconds: number;
  /** RSS once everything is imported and connected, just before the work. */
  startRss: number;
  /** RSS sampled every 100 ms during the work. */
  peakRss: number;
  /** The kernel's high-water mark for the whole client process. */
  maxRss: number;
  archiveBytes?: number;
  events?: number;
  requests?: number;
  ingested?: number;
  rejected?: number;
  batches?: number;
}

const SERVER = new URL('./servers/amplitude-server.ts', import.meta.url).pathname;
/** Any valid range: the simulator serves the same generated archive for it. */
const RANGE = { start: '20260301T00', end: '20260301T23' };
const MB = 1e6;

/**
 * Export decode and Send Events of @c/analytics against the Amplitude simulator in a child process:
 * decode speed as a share of a raw download of the same archive, events/s, and peak memory.
 *
 * Each measured client runs in a fresh process (this file, started with `--client`), so its peak
 * RSS is its own: the benchmark process has loaded other sections' SDKs by the time this one runs,
 * and V8 keeps heap it has grown, so its RSS would say more about what ran before than about the
 * decoder.
 */
export async function benchAnalytics(scale: number): Promise<void> {
  await benchExportDecode(scale);
  await benchSendEvents(scale);
}

function mb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

/**
 * Both the raw download and the decode are timed from the request to the last byte or event: each
 * includes the server building the archive's first member (it then serves that member's bytes again
 * for the others), about half a second, which 1 GB amortizes.
 */
async function benchExportDecode(scale: number): Promise<void> {
  // At least 1 GB at scale 1; smaller scales allow quick trial runs.
  const bytes = Math.max(16 * MB, Math.round(scale * 1e9));
  const rows: string[][] = [];
  for (const compression of ['deflate', 'store'] as const) {
    const server = await startChildServer<AmplitudeServerInfo>(SERVER, [
      'export',
      String(bytes),
      compression,
    ]);
    try {
      const { url, connection } = server.info;
      const zip = compression === 'deflate' ? 'zip deflate' : 'zip store';
      const raw = await runClient({ kind: 'raw-export', url, connection });
      const decoded = await runClient({ kind: 'decode-export', connection });
      const rawMbPerSecond = bytes / MB / raw.seconds;
      const decodeMbPerSecond = bytes / MB / decoded.seconds;
      const memory = (report: ClientReport) => [mb(report.startRss), mb(report.peakRss), mb(report.maxRss)];
      rows.push(
        [
          `raw undici download, bytes discarded (${zip})`,
          mb(raw.archiveBytes ?? 0),
          mb(bytes),
          '',
          raw.seconds.toFixed(2),
          rawMbPerSecond.toFixed(0),
          '1.00×',
          ...memory(raw),
          '',
        ],
        [
          `@c/analytics exportEvents (${zip} of gzip NDJSON)`,
          mb(raw.archiveBytes ?? 0),
          mb(bytes),
          String(decoded.events ?? 0),
          decoded.seconds.toFixed(2),
          decodeMbPerSecond.toFixed(0),
          `${(decodeMbPerSecond / rawMbPerSecond).toFixed(2)}×`,
          ...memory(decoded),
          'peak RSS < 200 MB',
        ],
      );
    } finally {
      await server.stop();
    }
  }
  printTable(
    `analytics export decode: ${mb(bytes)} MB uncompressed, simulator and each client in its own process`,
    [
      'client',
      'archive MB',
      'uncompressed MB',
      'events',
      's',
      'MB/s (uncompressed)',
      'vs raw download',
      'RSS before MB',
      'peak RSS MB (sampled)',
      'maxRSS MB',
      'target',
    ],
    rows,
  );
}

async function benchSendEvents(scale: number): Promise<void> {
  const count = Math.max(1000, Math.round(1_000_000 * scale));
  const server = await startChildServer<AmplitudeServerInfo>(SERVER, ['ingest']);
  try {
    const { connection, statsUrl } = server.info;
    const sent = await runClient({ kind: 'send-events', connection, count });
    const { request } = await import('undici');
    const response = await request(statsUrl);
    const stats = (await response.body.json()) as SimulatorStats;
    const ingested = sent.ingested ?? 0;
    const accounted = ingested + (sent.rejected ?? 0) === count;
    printTable(
      `analytics Send Events: ${count} events through sendEventStream, simulator and client in their own processes`,
      ['measure', 'value', 'target'],
      [
        ['events given', String(count), ''],
        ['HTTP requests made', String(sent.requests), ''],
        ['batches (result.batches)', String(sent.batches), ''],
        ['seconds', sent.seconds.toFixed(2), ''],
        ['events/s', String(Math.round(count / sent.seconds)), ''],
        ['ingested', String(ingested), ''],
        ['rejected', String(sent.rejected), ''],
        ['every event accounted for', accounted ? 'yes' : 'no', 'yes'],
        ['simulator ingested (duplicates)', `${stats.ingested} (${stats.duplicates})`, `${ingested} (0)`],
        ['contract violations', String(stats.violations), '0'],
        ['RSS before MB', mb(sent.startRss), ''],
        ['peak RSS MB (sampled)', mb(sent.peakRss), ''],
        ['maxRSS MB', mb(sent.maxRss), ''],
      ],
    );
  } finally {
    await server.stop();
  }
}

/** Runs one client case in a fresh `node` process and returns what it reports on its last line. */
async function runClient(clientCase: ClientCase): Promise<ClientReport> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--client', JSON.stringify(clientCase)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    output += text;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const last = output.trim().split('\n').at(-1);
  if (code !== 0 || !last) throw new Error(`the ${clientCase.kind} client exited with ${code}`);
  return JSON.parse(last) as ClientReport;
}

/** The body of a client process: does the work, samples its own memory, prints one JSON line. */
async function clientMain(clientCase: ClientCase): Promise<void> {
  const { connection } = clientCase;
  let work: () => Promise<Omit<ClientReport, 'seconds' | 'startRss' | 'peakRss' | 'maxRss'>>;
  let done = async () => {};
  if (clientCase.kind === 'raw-export') {
    // Baseline: the same archive downloaded with undici, every byte discarded. Imported here only:
    // its index weighs on the RSS of the other clients, which load just the parts core uses.
    const { Agent, request } = await import('undici');
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    const secret = `${connection.credentials.apiKey}:${connection.credentials.secretKey}`;
    const authorization = `Basic ${Buffer.from(secret).toString('base64')}`;
    work = async () => {
      const response = await request(`${clientCase.url}/api/2/export?start=${RANGE.start}&end=${RANGE.end}`, {
        dispatcher: agent,
        headers: { authorization },
      });
      if (response.statusCode !== 200) throw new Error(`raw export answered ${response.statusCode}`);
      let archiveBytes = 0;
      for await (const chunk of response.body) archiveBytes += (chunk as Buffer).length;
      return { archiveBytes };
    };
    done = () => agent.close();
  } else {
    const client = analytics.connect({ credentials: connection.credentials, ...connection.options });
    done = () => client.close();
    if (clientCase.kind === 'decode-export') {
      work = async () => {
        let events = 0;
        for await (const event of exportEvents(client, RANGE)) {
          if (event.event_type !== undefined) events += 1;
        }
        return { events };
      };
    } else {
      const { syntheticEvents } = await import('@c/analytics/testing');
      const origin = new URL(connection.options.ingestionBaseUrl).origin;
      work = async () => {
        let requests = 0;
        // undici announces every request it creates: retries and 413 splits are counted too.
        const onRequest = (message: unknown) => {
          const { request: created } = message as { request: { origin?: unknown } };
          if (String(created.origin) === origin) requests += 1;
        };
        subscribe('undici:request:create', onRequest);
        try {
          const result = await sendEventStream(client, syntheticEvents(clientCase.count));
          return {
            requests,
            ingested: result.ingested,
            rejected: result.rejected.length,
            batches: result.batches,
          };
        } finally {
          unsubscribe('undici:request:create', onRequest);
        }
      };
    }
  }
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 100);
  const started = process.hrtime.bigint();
  const figures = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(timer);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  await done();
  // resourceUsage reports kilobytes.
  const maxRss = process.resourceUsage().maxRSS * 1024;
  const report: ClientReport = { ...figures, seconds, startRss, peakRss, maxRss };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (import.meta.main && process.argv[2] === '--client') {
  await clientMain(JSON.parse(process.argv[3] ?? '{}') as ClientCase);
}
