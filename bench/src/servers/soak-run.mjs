// The fleet soak of `pnpm bench run soak`, run with tsx from apps/host (its helpers are TypeScript):
// starts a throwaway PostgreSQL cluster, runs the soak for the given milliseconds and prints its
// report, and its rows as a table, as one JSON line.
const durationMs = Number(process.argv[2] ?? 600_000);
const { startPostgres } = await import('../../../apps/host/src/test-support/postgres.ts');
const { runSoak, soakRows } = await import('../../../apps/host/src/test-support/soak.ts');
const cluster = await startPostgres();
try {
  const report = await runSoak(cluster, durationMs);
  process.stdout.write(`${JSON.stringify({ report, rows: soakRows(report) })}\n`);
} finally {
  await cluster.stop();
}
