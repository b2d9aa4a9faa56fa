// `pnpm bench`: every figure in one run, each with its ratio against a baseline measured in the same
// run. A section whose packages are not built says so. `pnpm bench core cold` runs only those.
const scale = Number(process.env.BENCH_SCALE ?? '1');
const only = process.argv.slice(2);

const sections: [string, () => Promise<void>][] = [
  ['core', async () => (await import('./core.bench.ts')).benchCore(scale)],
  ['run', async () => (await import('./run.bench.ts')).benchRun(scale)],
  ['payments', async () => (await import('./payments.bench.ts')).benchPayments(scale)],
  ['issues', async () => (await import('./issues.bench.ts')).benchIssues(scale)],
  ['docs', async () => (await import('./docs.bench.ts')).benchDocs(scale)],
  ['analytics', async () => (await import('./analytics.bench.ts')).benchAnalytics(scale)],
  ['host', async () => (await import('./host.bench.ts')).benchHost(scale)],
  ['fleet', async () => (await import('./fleet.bench.ts')).benchFleet(scale)],
  ['triggers', async () => (await import('./triggers.bench.ts')).benchTriggers(scale)],
  ['soak', async () => (await import('./soak.bench.ts')).benchSoak(scale)],
  ['cold', async () => (await import('./cold.bench.ts')).benchCold(scale)],
  ['size', async () => (await import('./size.bench.ts')).benchSize()],
];

process.stdout.write(
  `# @c benchmarks (Node ${process.versions.node}, scale ${scale})\n\n` +
    'Per-call tables measure clients in alternating rounds of the same calls. "CPU µs/call" is each ' +
    "client's median round on its own; the ratio is the median, over rounds, of the client's round " +
    "divided by the baseline's round just before or after it, and the middle half says how far rounds " +
    'agreed. On a busy machine a round costs more CPU for every client alike (shared caches, frequency), ' +
    'so two medians of own rounds may come from rounds of different load and disagree with the paired ' +
    'ratio; the paired ratio is the figure a target is read from.\n',
);
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
