import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { printTable } from './harness.ts';

const hostDir = fileURLToPath(new URL('../../apps/host/', import.meta.url));
const runner = fileURLToPath(new URL('./servers/soak-run.mjs', import.meta.url));

/**
 * The fleet soak (issue 32): three `c-host serve` on one PostgreSQL behind nginx for ten minutes (at
 * BENCH_SCALE=1) of keyed writes, reads, async runs and signed webhook deliveries, with a database
 * restart, an instance kill and a provider outage in the middle. The same soak as
 * apps/host/src/fleet-soak.test.ts, which CI runs for a minute.
 */
export async function benchSoak(scale: number): Promise<void> {
  const durationMs = Math.max(60_000, Math.round(600_000 * scale));
  const child = spawn(process.execPath, ['--import', 'tsx', runner, String(durationMs)], {
    cwd: hostDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    output += text;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const last = output.trim().split('\n').at(-1);
  if (code !== 0 || !last) throw new Error(`the soak exited with ${code}`);
  // The report and its rows come from the runner: the host's helpers are not part of this package.
  const { report, rows } = JSON.parse(last) as {
    report: { lost: string[]; duplicated: string[] };
    rows: string[][];
  };
  printTable(
    `fleet soak: ${durationMs / 1000} s, three c-host serve behind nginx on one PostgreSQL`,
    ['measure', 'value'],
    rows,
  );
  if (report.lost.length > 0 || report.duplicated.length > 0) {
    process.stdout.write(`\nLOST: ${report.lost.join('; ')}\nDUPLICATED: ${report.duplicated.join('; ')}\n`);
  }
}
