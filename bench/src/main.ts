// `pnpm bench`: every figure in one run, each with its ratio against a baseline measured in the same
// run. Sections whose packages are not built yet say so and are skipped.
import { benchCold } from './cold.bench.ts';
import { benchCore } from './core.bench.ts';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const only = process.argv.slice(2);

const sections: [string, () => Promise<void>][] = [
  ['core', () => benchCore(scale)],
  ['cold', () => benchCold(scale)],
];

process.stdout.write(`# @c benchmarks (Node ${process.versions.node}, scale ${scale})\n`);
let failed = false;
for (const [name, run] of sections) {
  if (only.length > 0 && !only.includes(name)) continue;
  try {
    await run();
  } catch (error) {
    failed = true;
    process.stdout.write(`\n### ${name}: failed: ${(error as Error).stack ?? error}\n`);
  }
}
process.exitCode = failed ? 1 : 0;
