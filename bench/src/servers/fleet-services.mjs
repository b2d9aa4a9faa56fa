// The fleet benchmark's system services, started with the host's own test helpers (the ones its
// fleet test uses), which are TypeScript: run with tsx from apps/host. `postgres` starts a throwaway
// cluster and prints `{url}` (a fresh database); `nginx <host:port>…` balances over those upstreams
// and prints `{url}`. Both stop on SIGTERM.
const [what, ...upstreams] = process.argv.slice(2);
let stop;
if (what === 'postgres') {
  const { startPostgres } = await import('../../../apps/host/src/test-support/postgres.ts');
  const cluster = await startPostgres();
  const url = await cluster.createDatabase();
  stop = () => cluster.stop();
  process.stdout.write(`${JSON.stringify({ url })}\n`);
} else if (what === 'nginx') {
  const { startNginx } = await import('../../../apps/host/src/test-support/nginx.ts');
  const nginx = await startNginx(upstreams);
  stop = () => nginx.stop();
  process.stdout.write(`${JSON.stringify({ url: nginx.url, port: nginx.port })}\n`);
} else {
  throw new Error('usage: fleet-services.mjs postgres | nginx <host:port>…');
}
// Lives until told to stop: its exit handlers stop the service.
const alive = setInterval(() => {}, 1 << 30);
process.on('SIGTERM', () => {
  clearInterval(alive);
  stop().then(() => process.exit(0));
});
