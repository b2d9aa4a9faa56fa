import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  | { kind: 'raw-export' | 'raw-unzip' | 'raw-parse'; url: string; connection: Connection }
  | { kind: 'decode-export'; connection: Connection }
  | { kind: 'ndjson-export'; connection: Connection }
  | { kind: 'send-events'; connection: Connection; count: number };

/** What a client process (analytics-client.mjs) reports: its figures, CPU, and memory before and during the work. */
interface ClientReport {
  seconds: number;
  /** CPU time of the whole client process during the work (all threads: zlib runs in libuv's pool). */
  cpuSeconds: number;
  /** RSS once everything is imported and connected, just before the work. */
  startRss: number;
  /** RSS sampled every 100 ms during the work. */
  peakRss: number;
  /** The kernel's high-water mark for the whole client process. */
  maxRss: number;
  archiveBytes?: number;
  events?: number;
  /** What the NDJSON pass-through wrote. */
  ndjsonBytes?: number;
  requests?: number;
  ingested?: number;
  rejected?: number;
  batches?: number;
}

const SERVER = new URL('./servers/amplitude-server.ts', import.meta.url).pathname;
const CLIENT = fileURLToPath(new URL('./analytics-client.mjs', import.meta.url));
const MB = 1e6;

/**
 * Export decode and Send Events of @c/analytics against the Amplitude simulator in a child process:
 * decode speed as a share of a raw download of the same archive, events/s, and peak memory.
 *
 * Each measured client runs in a fresh process (analytics-client.mjs), so its peak RSS is its own:
 * the benchmark process has loaded other sections' SDKs by the time this one runs, and V8 keeps heap
 * it has grown, so its RSS would say more about what ran before than about the decoder.
 */
export async function benchAnalytics(scale: number): Promise<void> {
  await benchExportDecode(scale);
  await benchSendEvents(scale);
}

function mb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

/**
 * The raw download, the decode and the NDJSON pass-through are each timed from the request to the
 * last byte or event: each includes the server building the archive's first member (it then serves
 * that member's bytes again for the others), about half a second, which 1 GB amortizes.
 *
 * The raw download measures the simulator: its client only reads the socket, so it goes as fast as
 * the simulator writes (the "simulator CPU" column shows how busy that kept it). On a 2-core machine
 * the decoding client then competes with that simulator for the cores; the client CPU column is what
 * the decode costs whatever the machine and its load.
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
      const pid = server.child.pid;
      const zip = compression === 'deflate' ? 'zip deflate' : 'zip store';
      const raw = await runClient({ kind: 'raw-export', url, connection }, pid);
      // Each pair alternates its order: the second client of a pair meets a warmer simulator.
      const [rawUnzip, ndjson] = await pair(
        () => runClient({ kind: 'raw-unzip', url, connection }, pid),
        () => runClient({ kind: 'ndjson-export', connection }, pid),
      );
      const [rawParse, decoded] = await pair(
        () => runClient({ kind: 'raw-parse', url, connection }, pid),
        () => runClient({ kind: 'decode-export', connection }, pid),
      );
      const speed = (report: ClientReport) => bytes / MB / report.seconds;
      const figures = (report: ClientReport & { serverCpuSeconds: number | undefined }) => [
        report.cpuSeconds.toFixed(2),
        report.serverCpuSeconds === undefined ? '' : report.serverCpuSeconds.toFixed(2),
        mb(report.startRss),
        mb(report.peakRss),
        mb(report.maxRss),
      ];
      const row = (
        client: string,
        report: ClientReport & { serverCpuSeconds: number | undefined },
        baseline: ClientReport,
        target: string,
      ) => [
        `${client} (${zip})`,
        mb(raw.archiveBytes ?? 0),
        report.events === undefined ? '' : String(report.events),
        report.seconds.toFixed(2),
        speed(report).toFixed(0),
        `${(speed(report) / speed(raw)).toFixed(2)}×`,
        report === baseline ? '1.00×' : `${(speed(report) / speed(baseline)).toFixed(2)}×`,
        ...figures(report),
        target,
      ];
      rows.push(
        row('raw undici download, bytes discarded', raw, raw, ''),
        row('raw: download, unzip + gunzip (zlib), text discarded', rawUnzip, rawUnzip, 'baseline'),
        row(
          '@c/analytics exportNdjson to /dev/null',
          ndjson,
          rawUnzip,
          '≥ 1.00× same work, peak RSS < 150 MB',
        ),
        row('raw: download, unzip + gunzip, JSON.parse per line', rawParse, rawParse, 'baseline'),
        row('@c/analytics exportEvents', decoded, rawParse, '≥ 0.80× same work, peak RSS < 150 MB'),
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
      'events',
      's',
      'MB/s (uncompressed)',
      'vs raw download',
      'vs same-work raw',
      'client CPU s',
      'simulator CPU s',
      'RSS before MB',
      'peak RSS MB (sampled)',
      'maxRSS MB',
      'target',
    ],
    rows,
  );
  process.stdout.write(
    '\nThe targets are read from "vs same-work raw" (issue 31): each client against a raw client doing the ' +
      'same work with Node alone (bench/src/raw-export.mjs: undici, a minimal streaming zip reader, zlib ' +
      'inflate and gunzip, and for events a line split and JSON.parse per line), run right before or after ' +
      'it on the same simulator. The raw download only reads the socket: how fast the simulator serves ' +
      'the archive, the ceiling of any client here (simulator CPU close to the seconds: one core busy). ' +
      'exportNdjson writes to /dev/null, so the disk is not measured. It makes almost no JS garbage, so ' +
      'V8 collects its spent decompressed buffers (external memory) only when they press it to: that, ' +
      'not live data, is most of its peak RSS.\n',
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

/** Runs two measurements, the first first in even calls and second first in odd ones. */
let pairs = 0;
async function pair<T>(first: () => Promise<T>, second: () => Promise<T>): Promise<[T, T]> {
  pairs += 1;
  if (pairs % 2 === 1) return [await first(), await second()];
  const b = await second();
  return [await first(), b];
}

/**
 * Runs one client case in a fresh `node` process and returns what it reports on its last line, with
 * the CPU time the simulator (process `serverPid`) spent meanwhile, where /proc tells it.
 */
async function runClient(
  clientCase: ClientCase,
  serverPid?: number,
): Promise<ClientReport & { serverCpuSeconds: number | undefined }> {
  const serverBefore = cpuSecondsOf(serverPid);
  const child = spawn(process.execPath, [CLIENT, JSON.stringify(clientCase)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    output += text;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const serverAfter = cpuSecondsOf(serverPid);
  const last = output.trim().split('\n').at(-1);
  if (code !== 0 || !last) throw new Error(`the ${clientCase.kind} client exited with ${code}`);
  const serverCpuSeconds =
    serverBefore === undefined || serverAfter === undefined ? undefined : serverAfter - serverBefore;
  return { ...(JSON.parse(last) as ClientReport), serverCpuSeconds };
}

/** User + system CPU seconds of a process, from /proc (Linux); undefined elsewhere. */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Clock ticks: 100 per second on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
