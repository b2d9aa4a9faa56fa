// Serves one connector's simulator in its own process, so a benchmark's client process measures only
// its own CPU. Prints `{url, connection}` on its first stdout line.
const name = process.argv[2];
const starters: Record<string, [string, string]> = {
  payments: ['@c/payments/testing', 'startPaymentsSimulator'],
  analytics: ['@c/analytics/testing', 'startAnalyticsSimulator'],
  issues: ['@c/issues/testing', 'startIssuesSimulator'],
  docs: ['@c/docs/testing', 'startDocsSimulator'],
};
const entry = name ? starters[name] : undefined;
if (!entry) throw new Error(`usage: simulator-server.ts ${Object.keys(starters).join('|')}`);
const module = (await import(entry[0])) as Record<
  string,
  (options: object) => Promise<{ url: string; connection: unknown; close(): Promise<void> }>
>;
const start = module[entry[1]];
if (!start) throw new Error(`${entry[0]} has no ${entry[1]}`);
// Contract checks are the tests' job; quotas would throttle a benchmark's thousands of calls.
const unlimited = { docsReadsPerMinute: 1e9, docsWritesPerMinute: 1e9, driveRequestsPerMinute: 1e9 };
const extra: Record<string, object> = { docs: { quotas: unlimited } };
const sandbox = await start({ seed: true, contracts: false, ...(extra[name!] ?? {}) });
process.stdout.write(`${JSON.stringify({ url: sandbox.url, connection: sandbox.connection })}\n`);
process.on('SIGTERM', () => {
  sandbox.close().then(() => process.exit(0));
});
