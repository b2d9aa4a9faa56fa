import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { percentile, printTable, startChildServer } from './harness.ts';

interface Trial {
  cpuUsPerCall: number;
  callsPerSecond: number;
  p50Ms: number;
  serverUsPerCall: number;
  newConnections: number;
}

const here = (file: string) => new URL(file, import.meta.url).pathname;
const canPin = availableParallelism() >= 2 && spawnSync('taskset', ['--version']).status === 0;
/** The client on the first core, the server on the last: neither steals the other's core. */
const serverCore = String(availableParallelism() - 1);

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** One trial in a fresh process (its own heap, JIT and sockets), pinned when `taskset` exists. */
function trial(
  url: string,
  scenario: string,
  variant: string,
  calls: number,
  inFlight: number,
): Promise<Trial> {
  const args = [
    '--expose-gc',
    here('./run-trial.mjs'),
    url,
    scenario,
    variant,
    String(calls),
    String(inFlight),
    '500',
  ];
  const [command, argv] = canPin
    ? ['taskset', ['-c', '0', process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as Trial);
      else reject(new Error(`${scenario} ${variant} trial exited with ${code}`));
    });
  });
}

/**
 * `run()` against raw undici as the independent harness (`../shared/bench/peers`) measures it: a
 * light server of canned answers, each trial in its own process (client and server on their own
 * cores), 500 warm-up calls and a collected heap before the measured window, variants alternating
 * in each round, medians over rounds. The ratio is the median of each round's pair.
 */
export async function benchRun(scale: number): Promise<void> {
  const server = await startChildServer<{ url: string }>(here('./servers/fixture-server.ts'), [], {
    core: canPin ? serverCore : undefined,
  });
  const rounds = 5;
  const rows: string[][] = [];
  try {
    for (const scenario of ['stripe', 'linear', 'gdocs']) {
      for (const inFlight of [1, 32]) {
        const calls = Math.max(300, Math.round((inFlight === 1 ? 3000 : 10000) * scale));
        const raw: Trial[] = [];
        const ours: Trial[] = [];
        for (let round = 0; round < rounds; round += 1) {
          const order = round % 2 === 0 ? ['raw', 'ours'] : ['ours', 'raw'];
          for (const variant of order) {
            const result = await trial(server.info.url, scenario, variant, calls, inFlight);
            (variant === 'raw' ? raw : ours).push(result);
          }
        }
        const ratios = ours.map((t, index) => t.cpuUsPerCall / (raw[index]?.cpuUsPerCall ?? Number.NaN));
        const sorted = [...ratios].sort((a, b) => a - b);
        rows.push([
          scenario,
          inFlight === 1 ? 'sequential' : `${inFlight} in flight`,
          median(raw.map((t) => t.cpuUsPerCall)).toFixed(0),
          median(ours.map((t) => t.cpuUsPerCall)).toFixed(0),
          `${median(ratios).toFixed(2)}×`,
          `${(sorted[0] ?? Number.NaN).toFixed(2)}–${(sorted.at(-1) ?? Number.NaN).toFixed(2)}×`,
          `${median(raw.map((t) => t.p50Ms)).toFixed(2)} / ${median(ours.map((t) => t.p50Ms)).toFixed(2)}`,
          median(ours.map((t) => t.serverUsPerCall)).toFixed(0),
          String(Math.max(...raw.concat(ours).map((t) => t.newConnections))),
          '≤ 1.25×',
        ]);
      }
    }
  } finally {
    await server.stop();
  }
  printTable(
    `run: connect().run() vs raw undici 7 Pool.request, as the independent harness measures (${rounds} rounds, each trial its own process${canPin ? ', client and server pinned' : ''})`,
    [
      'call',
      'shape',
      'raw CPU µs/call',
      'run() CPU µs/call',
      'ratio (median of pairs)',
      'pairs min–max',
      'p50 ms raw / run()',
      'server µs/call',
      'new connections',
      'target',
    ],
    rows,
  );
}
