import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** One measured client: CPU per call in this process, throughput, wall time. */
export interface Measurement {
  name: string;
  calls: number;
  concurrency: number;
  cpuUsPerCall: number;
  callsPerSecond: number;
  /**
   * CPU per call against the baseline client (the first one given to `compare`): the median of the
   * ratios of rounds measured back to back, so a busy neighbour slows both sides of each ratio.
   */
  ratio?: number;
  /** The first and third quartiles of those paired ratios: how far the rounds agreed. */
  ratioSpread?: [number, number];
}

/**
 * `gc()` without `--expose-gc`: every measurement starts from a collected heap, so the garbage one
 * client left behind is not collected (and charged) while the next one is measured.
 */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/**
 * Runs `fn` `calls` times with `concurrency` in flight and measures this process's CPU (user +
 * system) per call and calls per second. The server runs in another process, so only the client's
 * own work is counted.
 */
export async function measure(
  name: string,
  fn: () => Promise<unknown>,
  {
    calls,
    concurrency,
    warmup = Math.min(200, calls),
  }: { calls: number; concurrency: number; warmup?: number },
): Promise<Measurement> {
  await runMany(fn, warmup, concurrency);
  collectGarbage();
  const cpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  await runMany(fn, calls, concurrency);
  const wallNs = Number(process.hrtime.bigint() - start);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    name,
    calls,
    concurrency,
    cpuUsPerCall: (cpu.user + cpu.system) / calls,
    callsPerSecond: calls / (wallNs / 1e9),
  };
}

async function runMany(fn: () => Promise<unknown>, calls: number, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      next += 1;
      await fn();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, calls) }, worker));
}

/** The fewest calls one client makes in one round of `compare`. */
const MIN_ROUND_CALLS = 150;

/** The p-th percentile of values in any order (`percentile` wants them sorted). */
function quantile(values: number[], p: number): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
}

function median(values: number[]): number {
  return quantile(values, 50);
}

/**
 * Measures several clients in alternating rounds, the first client being the baseline. Every client
 * is warmed up first (JIT, sockets); then each round measures each client once, in an order that
 * alternates between rounds, so neither JIT warm-up nor a busy neighbour on the machine favours
 * whichever client runs first. A client's CPU is its median round; its ratio is the median of its
 * per-round ratios against the baseline's round, which a noisy machine moves far less.
 */
export async function compare(
  clients: [string, () => Promise<unknown>][],
  options: { calls: number; concurrency: number; rounds?: number },
): Promise<Measurement[]> {
  const rounds = options.rounds ?? 11;
  // A round shorter than a few scheduler slices measures the machine, not the client.
  const perRound = Math.max(MIN_ROUND_CALLS, Math.ceil(options.calls / rounds));
  for (const [, fn] of clients) await runMany(fn, Math.max(300, perRound), options.concurrency);
  const results = new Map<string, Measurement[]>(clients.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? clients : [...clients].reverse();
    for (const [name, fn] of order) {
      results.get(name)?.push(
        await measure(name, fn, {
          calls: perRound,
          concurrency: options.concurrency,
          warmup: Math.min(50, perRound),
        }),
      );
    }
  }
  const baseline = results.get(clients[0]?.[0] ?? '') ?? [];
  return clients.map(([name]) => {
    const own = results.get(name) ?? [];
    const ratios = own.map((m, index) => m.cpuUsPerCall / (baseline[index]?.cpuUsPerCall ?? Number.NaN));
    return {
      name,
      calls: perRound * rounds,
      concurrency: options.concurrency,
      cpuUsPerCall: median(own.map((m) => m.cpuUsPerCall)),
      callsPerSecond: median(own.map((m) => m.callsPerSecond)),
      ratio: median(ratios),
      ratioSpread: [quantile(ratios, 25), quantile(ratios, 75)],
    };
  });
}

/**
 * Prints measurements as a table with the CPU ratio against the first row (the baseline): the
 * median paired ratio `compare` measured, else the ratio of the medians.
 */
export function printCallTable(
  title: string,
  rows: Measurement[],
  targets: Record<string, string> = {},
): void {
  const baseline = rows[0];
  if (!baseline) return;
  printTable(
    title,
    [
      'client',
      'mode',
      'CPU µs/call (median round)',
      'calls/s',
      `CPU vs ${baseline.name}${rows.some((row) => row.ratio !== undefined) ? ' (median of paired rounds)' : ''}`,
      'paired ratios, middle half',
      'target',
    ],
    rows.map((row) => [
      row.name,
      row.concurrency === 1 ? 'sequential' : `${row.concurrency} concurrent`,
      row.cpuUsPerCall.toFixed(1),
      Math.round(row.callsPerSecond).toString(),
      `${(row.ratio ?? row.cpuUsPerCall / baseline.cpuUsPerCall).toFixed(2)}×`,
      row.ratioSpread ? `${row.ratioSpread[0].toFixed(2)}–${row.ratioSpread[1].toFixed(2)}×` : '',
      targets[row.name] ?? '',
    ]),
  );
}

/** Prints a plain aligned table. */
export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  process.stdout.write(
    `\n### ${title}\n\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`,
  );
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

/** A server in a child process that prints one JSON line (at least `{url}`) when ready. */
export interface ChildServer<T> {
  info: T;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node <script> ...args` and waits for its first stdout line, parsed as JSON. */
export async function startChildServer<T extends { url: string }>(
  script: string,
  args: string[] = [],
  { core }: { core?: string } = {},
): Promise<ChildServer<T>> {
  // On a core of its own from its first instruction: every thread (V8's compiler and GC helpers, libuv's
  // pool), where `taskset -p` on a running process pins only its main thread.
  const [command, argv] =
    core === undefined
      ? [process.execPath, [script, ...args]]
      : ['taskset', ['-c', core, process.execPath, script, ...args]];
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
  });
  return {
    info,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Median wall time of a whole `node` process that runs `code`, over `runs` runs. */
export function coldStartMs(code: string, runs: number, cwd: string): number {
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd, stdio: 'ignore' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.status !== 0) throw new Error(`cold start of ${code} failed (exit ${result.status})`);
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** A free TCP port on loopback, for a server a benchmark starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The p-th percentile of an ascending list (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
