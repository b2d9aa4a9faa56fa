import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** One measured client: CPU per call in this process, throughput, wall time. */
export interface Measurement {
  name: string;
  calls: number;
  concurrency: number;
  cpuUsPerCall: number;
  callsPerSecond: number;
}

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
  globalThis.gc?.();
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

/**
 * Measures several clients in alternating rounds and keeps each one's median round, so JIT warm-up
 * and a busy neighbour on the machine do not favour whichever client happened to run first.
 */
export async function compare(
  clients: [string, () => Promise<unknown>][],
  options: { calls: number; concurrency: number; rounds?: number },
): Promise<Measurement[]> {
  const rounds = options.rounds ?? 3;
  const results = new Map<string, Measurement[]>(clients.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, fn] of clients) {
      results.get(name)?.push(
        await measure(name, fn, {
          calls: Math.ceil(options.calls / rounds),
          concurrency: options.concurrency,
        }),
      );
    }
  }
  return clients.map(([name]) => {
    const sorted = [...(results.get(name) ?? [])].sort((a, b) => a.cpuUsPerCall - b.cpuUsPerCall);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return { ...median, calls: options.calls };
  });
}

/** Prints measurements as a table with the CPU ratio against the first row (the baseline). */
export function printCallTable(
  title: string,
  rows: Measurement[],
  targets: Record<string, string> = {},
): void {
  const baseline = rows[0];
  if (!baseline) return;
  printTable(
    title,
    ['client', 'mode', 'CPU µs/call', 'calls/s', `CPU vs ${baseline.name}`, 'target'],
    rows.map((row) => [
      row.name,
      row.concurrency === 1 ? 'sequential' : `${row.concurrency} concurrent`,
      row.cpuUsPerCall.toFixed(1),
      Math.round(row.callsPerSecond).toString(),
      `${(row.cpuUsPerCall / baseline.cpuUsPerCall).toFixed(2)}×`,
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
): Promise<ChildServer<T>> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
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
