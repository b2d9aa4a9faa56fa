import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { freePort, percentile, printTable } from './harness.ts';

const cli = fileURLToPath(new URL('../../apps/host/dist/cli.js', import.meta.url));
const TOKEN = 'bench-triggers-token-0123456789abcdef';

/**
 * Triggers through a real `c-host serve --sandbox`: Stripe events the simulator signs and delivers to
 * `/hooks/{id}` (verified, stored durably) while 32 clients create customers, against the same runs
 * with no subscription; and the time from a state change to the event in the events API.
 */
export async function benchTriggers(scale: number): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'c-bench-triggers-'));
  const child = spawn(
    process.execPath,
    [cli, 'serve', '--sandbox', '--port', String(port), '--no-open', '--data-dir', dataDir],
    { env: { ...process.env, C_HOST_TOKEN: TOKEN, C_HOST_DATA_DIR: dataDir }, stdio: 'ignore' },
  );
  const origin = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAliveTimeout: 60_000, connections: 64 });
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const api = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await request(`${origin}${path}`, {
      method,
      dispatcher: agent,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.statusCode, json: (await response.body.json()) as any };
  };
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const list = await api('GET', '/api/connections');
        if (list.status === 200 && list.json.some((c: { name: string }) => c.name === 'sandbox-payments'))
          break;
      } catch {
        // not listening yet
      }
      if (attempt > 600) throw new Error('the host did not start its sandbox within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const createCustomer = async (tag: string) => {
      const run = await api('POST', '/api/commands/payments.createCustomer/run', {
        connection: 'sandbox-payments',
        input: { email: `${tag}@bench.example` },
      });
      return run.status === 200 ? (run.json.result.id as string) : undefined;
    };
    const total = Math.round(1500 * scale);
    const burst = async (label: string) => {
      let next = 0;
      let errors = 0;
      const latencies: number[] = [];
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (next < total) {
            next += 1;
            const t0 = process.hrtime.bigint();
            if (!(await createCustomer(`${label}-${next}`))) errors += 1;
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return { started, seconds: Number(process.hrtime.bigint() - started) / 1e9, latencies, errors };
    };

    // Warm both sides (JIT, keep-alive pools, the store) so the first scenario is not the slow one.
    await burst('warmup');
    const baseline = await burst('plain');
    const subscribed = await api('POST', '/api/subscriptions', {
      trigger: 'payments.event',
      connection: 'sandbox-payments',
      input: { events: ['customer.created'] },
    });
    if (subscribed.status !== 201) throw new Error(`subscribe failed: ${JSON.stringify(subscribed.json)}`);
    const subscription = subscribed.json.id as string;
    let stored = 0;
    let cursor: string | undefined;
    // Reads on from the last event counted: rereading every stored event at each wait would load the
    // host while its stores are being measured.
    const countEvents = async () => {
      for (;;) {
        const page = await api(
          'GET',
          `/api/events?subscription=${subscription}&limit=1000${cursor ? `&after=${cursor}` : ''}`,
        );
        stored += page.json.events.length;
        if (page.json.nextCursor) cursor = page.json.nextCursor;
        if (page.json.events.length < 1000) return;
      }
    };
    const withHooks = await burst('hooked');
    // Deliveries trail their runs: count until every created customer's event is stored.
    await countEvents();
    for (let wait = 0; stored < total - withHooks.errors && wait < 600; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await countEvents();
    }
    const eventsSeconds = Number(process.hrtime.bigint() - withHooks.started) / 1e9;

    const rps = (run: { seconds: number }) => total / run.seconds;
    printTable(
      'Triggers: payments.createCustomer at 32 clients, with Stripe deliveries verified and stored at /hooks/{id}',
      ['scenario', 'runs', 'runs/s', 'vs no subscription', 'events stored/s', 'p50 ms', 'p99 ms', 'errors'],
      [
        [
          'no subscription (baseline)',
          String(total),
          rps(baseline).toFixed(0),
          '1.00×',
          '—',
          percentile(baseline.latencies, 50).toFixed(1),
          percentile(baseline.latencies, 99).toFixed(1),
          String(baseline.errors),
        ],
        [
          'payments.event subscribed',
          String(total),
          rps(withHooks).toFixed(0),
          `${(rps(withHooks) / rps(baseline)).toFixed(2)}×`,
          `${(stored / eventsSeconds).toFixed(0)} (${stored} of ${total})`,
          percentile(withHooks.latencies, 50).toFixed(1),
          percentile(withHooks.latencies, 99).toFixed(1),
          String(withHooks.errors),
        ],
      ],
    );

    // From a state change at the provider to the event in the events API, one at a time.
    const rounds = Math.max(10, Math.round(40 * scale));
    const lags: number[] = [];
    const runOnly: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const t0 = process.hrtime.bigint();
      const id = await createCustomer(`lag-${round}`);
      runOnly.push(Number(process.hrtime.bigint() - t0) / 1e6);
      for (let poll = 0; poll < 2000; poll += 1) {
        const page = await api(
          'GET',
          `/api/events?subscription=${subscription}&limit=100${cursor ? `&after=${cursor}` : ''}`,
        );
        if (page.json.nextCursor) cursor = page.json.nextCursor;
        if (id && JSON.stringify(page.json.events).includes(id)) break;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      lags.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    lags.sort((a, b) => a - b);
    runOnly.sort((a, b) => a - b);
    printTable(
      `Triggers: state change to event in GET /api/events (${rounds} sequential rounds)`,
      ['measure', 'p50 ms', 'p99 ms', 'vs the run alone (p50)'],
      [
        [
          'the run alone (baseline)',
          percentile(runOnly, 50).toFixed(1),
          percentile(runOnly, 99).toFixed(1),
          '1.00×',
        ],
        [
          'run → delivery → verify → store → event listed',
          percentile(lags, 50).toFixed(1),
          percentile(lags, 99).toFixed(1),
          `${(percentile(lags, 50) / percentile(runOnly, 50)).toFixed(2)}×`,
        ],
      ],
    );
  } finally {
    child.kill('SIGTERM');
    await agent.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
