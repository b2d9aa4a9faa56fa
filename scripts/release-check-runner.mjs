// Copied by the release check (scripts/release-check.mjs) into its npm project, where it resolves
// `@c/*` from the installed tarballs as a user's code would. `node runner.mjs <id> <example>…` starts
// the simulator of connector <id> from `@c/<id>/testing`, puts its connection into the connector's own
// environment variables (its `env` map: C_PAYMENTS_API_KEY, C_PAYMENTS_BASE_URL…), runs each example
// file with them and prints one JSON line per file: whether it succeeded and how many calls the
// simulator received (none means the example went elsewhere). @c/core's example defines a "things"
// connector of its own: a test server of `@c/core/testing` stands in for its API.
import { spawn } from 'node:child_process';

const [id, ...files] = process.argv.slice(2);

/** A test server answering the core README's "things" connector: `/things/{id}` and `/me`. */
async function startThings() {
  const { createTestServer } = await import('@c/core/testing');
  const { http, HttpResponse } = await import('msw');
  const server = await createTestServer([
    http.get('*/things/:id', ({ params }) => HttpResponse.json({ id: params.id, name: 'A thing' })),
    http.get('*/me', () => HttpResponse.json({ id: 'me' })),
  ]);
  const env = { C_THINGS_API_KEY: 'k_release_check', C_THINGS_BASE_URL: server.url };
  return { env, calls: () => server.calls.length, close: () => server.close() };
}

/** The connector's simulator, and its connection as the connector's environment variables. */
async function startSimulator() {
  const connector = (await import(`@c/${id}`))[id];
  if (!connector?.simulator) throw new Error(`@c/${id} exports no connector named ${id} with a simulator`);
  const running = await (await connector.simulator()).start({ seed: true, contracts: false });
  const env = {};
  for (const [name, target] of Object.entries(connector.env ?? {})) {
    const value = target.startsWith('credentials.')
      ? running.connection.credentials[target.slice('credentials.'.length)]
      : running.connection.options[target];
    if (value !== undefined) env[name] = String(value);
  }
  return { env, calls: () => running.server.calls.length, close: () => running.close() };
}

/** Runs one example file with Node (its types stripped) and resolves with its status and output. */
function run(file, env) {
  const flags = process.features.typescript ? [] : ['--experimental-strip-types'];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...flags, '--disable-warning=ExperimentalWarning', file], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

const service = id === 'core' ? await startThings() : await startSimulator();
try {
  for (const file of files) {
    const before = service.calls();
    const t0 = performance.now();
    const { status, output } = await run(file, service.env);
    const calls = service.calls() - before;
    const ok = status === 0 && calls > 0;
    const error =
      status !== 0 ? output.trim().split('\n').slice(-8).join('\n') : 'the simulator received no call';
    const ms = Math.round(performance.now() - t0);
    process.stdout.write(`${JSON.stringify({ file, ok, calls, ms, ...(ok ? {} : { error }) })}\n`);
  }
} finally {
  await service.close();
}
