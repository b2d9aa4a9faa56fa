import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { coldStartMs, freePort, percentile, printTable, startChildServer } from './harness.ts';

const cli = fileURLToPath(new URL('../../apps/host/dist/cli.js', import.meta.url));
const TOKEN = 'bench-host-token-0123456789';

/** Host HTTP runs per second and latency at 32 concurrent clients, and `c-host` cold starts. */
export async function benchHost(scale: number): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'c-bench-host-'));
  const child = spawn(
    process.execPath,
    [cli, 'serve', '--sandbox', '--port', String(port), '--no-open', '--data-dir', dataDir],
    {
      env: { ...process.env, C_HOST_TOKEN: TOKEN, C_HOST_DATA_DIR: dataDir },
      stdio: 'ignore',
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAliveTimeout: 60_000, connections: 64 });
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await request(`${origin}/api/connections`, { dispatcher: agent, headers });
        const list = (await response.body.json()) as { name: string }[];
        if (response.statusCode === 200 && list.some((connection) => connection.name === 'sandbox-issues'))
          break;
      } catch {
        // not listening yet
      }
      if (attempt > 600) throw new Error('the host did not start its sandbox within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
    const segmentationBody = JSON.stringify({
      connection: 'sandbox-analytics',
      input: {
        event: { event_type: 'Play Song' },
        start: day(Date.now() - 29 * 86_400_000),
        end: day(Date.now()),
      },
    });
    const scenarios: [string, () => Promise<number>][] = [
      [
        'GET /api/health (floor)',
        async () => {
          const response = await request(`${origin}/api/health`, { dispatcher: agent, headers });
          await response.body.dump();
          return response.statusCode;
        },
      ],
      [
        'run payments.getCustomers',
        async () => {
          const response = await request(`${origin}/api/commands/payments.getCustomers/run`, {
            method: 'POST',
            dispatcher: agent,
            headers,
            body: JSON.stringify({ connection: 'sandbox-payments', input: { limit: 3 } }),
          });
          await response.body.dump();
          return response.statusCode;
        },
      ],
      [
        // The sandbox's Amplitude simulator computes this from its 30 days of seeded events once and
        // keeps the answer until the events change: every call after the first measures the host's
        // path to a kept answer (a dashboard refreshed), not the simulator's reading of the events.
        'run analytics.eventSegmentation (30 days)',
        async () => {
          const response = await request(`${origin}/api/commands/analytics.eventSegmentation/run`, {
            method: 'POST',
            dispatcher: agent,
            headers,
            body: segmentationBody,
          });
          await response.body.dump();
          return response.statusCode;
        },
      ],
      [
        'run issues.searchTeams',
        async () => {
          const response = await request(`${origin}/api/commands/issues.searchTeams/run`, {
            method: 'POST',
            dispatcher: agent,
            headers,
            body: JSON.stringify({ connection: 'sandbox-issues', input: { name: 'eng' } }),
          });
          await response.body.dump();
          return response.statusCode;
        },
      ],
    ];
    const rows: string[][] = [];
    let floor = 0;
    for (const [name, call] of scenarios) {
      const total = Math.round(3000 * scale);
      const latencies: number[] = [];
      let errors = 0;
      let next = 0;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (next < total) {
            next += 1;
            const t0 = process.hrtime.bigint();
            const status = await call();
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
            if (status !== 200) errors += 1;
          }
        }),
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      latencies.sort((a, b) => a - b);
      const rps = total / seconds;
      if (!floor) floor = rps;
      rows.push([
        name,
        String(total),
        Math.round(rps).toString(),
        `${(rps / floor).toFixed(2)}×`,
        percentile(latencies, 50).toFixed(1),
        percentile(latencies, 99).toFixed(1),
        String(errors),
      ]);
    }
    printTable(
      'Host HTTP API, 32 concurrent clients, sandbox',
      ['scenario', 'runs', 'runs/s', 'vs floor', 'p50 ms', 'p99 ms', 'errors'],
      rows,
    );
  } finally {
    child.kill('SIGTERM');
    await agent.close();
  }

  const simulator = await startChildServer<{ url: string; connection: { credentials: { apiKey: string } } }>(
    new URL('./servers/simulator-server.ts', import.meta.url).pathname,
    ['payments'],
  );
  const runs = Math.max(5, Math.round(11 * scale));
  // A fresh data directory: the serve run above left sandbox connections (the defaults) behind.
  const coldDir = mkdtempSync(join(tmpdir(), 'c-bench-cold-'));
  const env = {
    ...process.env,
    C_HOST_DATA_DIR: coldDir,
    C_PAYMENTS_API_KEY: simulator.info.connection.credentials.apiKey,
    C_PAYMENTS_BASE_URL: simulator.info.url,
  };
  const check = spawnSync(process.execPath, [cli, 'run', 'payments.getCustomers', '--input', '{"limit":1}'], {
    env,
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`c-host run failed: ${check.stderr}`);
  const baseline = coldStartMs('0', runs, dataDir);
  const timed = (args: string[]) => {
    const times: number[] = [];
    for (let index = 0; index < runs; index += 1) {
      const start = process.hrtime.bigint();
      spawnSync(process.execPath, [cli, ...args], { env, stdio: 'ignore' });
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] ?? Number.NaN;
  };
  const list = timed(['list']);
  const run = timed(['run', 'payments.getCustomers', '--input', '{"limit":1}']);
  printTable(
    `c-host cold start (median of ${runs} processes)`,
    ['command', 'ms', 'vs node -e 0'],
    [
      ['node -e 0', baseline.toFixed(1), '1.00×'],
      ['c-host list', list.toFixed(1), `${(list / baseline).toFixed(2)}×`],
      ['c-host run payments.getCustomers (one call)', run.toFixed(1), `${(run / baseline).toFixed(2)}×`],
    ],
  );
  await simulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(coldDir, { recursive: true, force: true });
}
