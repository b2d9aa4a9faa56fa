// The fleet soak (issue 32): three `c-host serve` on one PostgreSQL behind nginx, under mixed load
// for a while, with a database restart, an instance kill and a provider outage in the middle. It
// reports what it did and what it saw, and lists anything acknowledged that was lost or duplicated.
// The test (fleet-soak.test.ts) runs a short one; `pnpm bench run soak` the full ten minutes.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { signTimestamped } from '@c/core';
import { startPaymentsSimulator } from '@c/payments/testing';
import { PostgresHostStore } from '../store/postgres-store.js';
import { runCli } from './cli.js';
import { countingReceiver } from './counting-receiver.js';
import { cuttableRelay } from './cuttable-relay.js';
import { type HostProcess, portFreeOn, startHostProcess } from './fleet.js';
import { call } from './http.js';
import { startNginx } from './nginx.js';
import type { TestPostgres } from './postgres.js';
import { tempDir } from './temp-host.js';

const ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
const SECRET_KEY = Buffer.from('fleet-soak-test-key-0123456789ab').toString('base64');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a soak did and saw. */
export interface SoakReport {
  seconds: number;
  /** Requests sent by kind, and how many were acknowledged (a 2xx). */
  sent: Record<string, number>;
  acknowledged: Record<string, number>;
  /** Answers that were not a 2xx, by error kind (or HTTP status, or the client's network error). */
  errors: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  /**
   * Signed webhook events acknowledged, how many reached `deliverTo`, and the deliveries sent again
   * (at least once: a delivery cut after it arrived is repeated), with when they arrived.
   */
  deliveries: { acknowledged: number; delivered: number; stored: number; redelivered: string[] };
  /** Resident memory of each instance, MB, after start-up and at the end (a restarted one: its new process). */
  rssMb: { start: number[]; end: number[] };
  /** What happened when, seconds from the start. */
  disruptions: string[];
  /** Acknowledged work missing at the end, and work done twice: both must be empty. */
  lost: string[];
  duplicated: string[];
  /** Whether every instance was running at the end. */
  allRunning: boolean;
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Math.round(Number(kb) / 1024);
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Runs the soak on `cluster` for `durationMs`; the disruptions fall at a quarter, a half and three quarters. */
export async function runSoak(cluster: TestPostgres, durationMs: number): Promise<SoakReport> {
  const started = Date.now();
  const at = () => ((Date.now() - started) / 1000).toFixed(1);
  const databaseUrl = await cluster.createDatabase();
  const port = await portFreeOn(ADDRESSES);
  const nginx = await startNginx(ADDRESSES.map((address) => `${address}:${port}`));
  const stripe = await startPaymentsSimulator();
  const relay = await cuttableRelay(new URL(stripe.url));
  const receiver = await countingReceiver();
  const dirs: { remove(): void }[] = [];
  const env = {
    C_HOST_DATABASE_URL: databaseUrl,
    C_HOST_SECRET_KEY: SECRET_KEY,
    C_HOST_ALLOWED_HOSTS: `127.0.0.1:${nginx.port}`,
    C_HOST_TRUST_PROXY: '127.0.0.1',
    C_HOST_PUBLIC_URL: nginx.url,
  };
  const instanceEnv = () => {
    const dir = tempDir('c-host-soak-');
    dirs.push(dir);
    return { ...env, C_HOST_DATA_DIR: dir.path };
  };
  const instances: HostProcess[] = [];
  try {
    const made = await runCli(['token'], { env: instanceEnv() });
    if (made.code !== 0) throw new Error(`c-host token failed: ${made.stderr}`);
    const bearer = { authorization: `Bearer ${made.json.token as string}` };
    const store = await PostgresHostStore.open({ url: databaseUrl, secretKey: SECRET_KEY });
    await store.connections.create({
      name: 'stripe',
      connector: 'payments',
      credentials: stripe.connection.credentials,
      options: { ...stripe.connection.options, baseUrl: relay.url },
    });
    instances.push(
      ...(await Promise.all(
        ADDRESSES.map((address) => startHostProcess({ address, port, env: instanceEnv() })),
      )),
    );
    const subscribed = await call(nginx.url, 'POST', '/api/subscriptions', {
      headers: bearer,
      body: {
        trigger: 'payments.event',
        connection: 'stripe',
        input: { events: ['*'] },
        deliverTo: { url: receiver.url },
      },
    });
    if (subscribed.status !== 201) throw new Error(`subscribe failed: ${subscribed.text}`);
    const hook = subscribed.json.id as string;
    const { secret } = (await store.triggers.getSubscription(hook))!.state as { secret: string };
    await store.close();
    const rssStart = instances.map((instance) => rssMb(instance.pid));

    const sent: Record<string, number> = {};
    const acknowledged: Record<string, number> = {};
    const errors: Record<string, number> = {};
    const latencies: number[] = [];
    const keyed = new Map<string, string>();
    const asyncRuns: string[] = [];
    const events: string[] = [];
    let stopping = false;
    const send = async (
      kind: string,
      path: string,
      body: unknown,
      headers: Record<string, string> = bearer,
    ) => {
      sent[kind] = (sent[kind] ?? 0) + 1;
      const began = performance.now();
      try {
        const response = await call(nginx.url, 'POST', path, { headers, body });
        latencies.push(performance.now() - began);
        if (response.status >= 200 && response.status < 300) {
          acknowledged[kind] = (acknowledged[kind] ?? 0) + 1;
          return response;
        }
        const reason = response.json?.error?.kind ?? `HTTP ${response.status}`;
        errors[reason] = (errors[reason] ?? 0) + 1;
      } catch (error) {
        const reason = `client ${(error as NodeJS.ErrnoException).code ?? 'error'}`;
        errors[reason] = (errors[reason] ?? 0) + 1;
        await pause(100);
      }
      return undefined;
    };
    const lane = async (work: (index: number) => Promise<void>) => {
      for (let index = 0; !stopping; index += 1) {
        await work(index);
        await pause(20);
      }
    };
    const lanes = [
      ...['a', 'b'].map((name) =>
        lane(async (index) => {
          const key = `soak-${name}-${index}`;
          const response = await send('keyed write', '/api/commands/payments.createCustomer/run', {
            connection: 'stripe',
            input: { email: `${key}@example.com` },
            idempotencyKey: key,
          });
          if (response) keyed.set(key, response.json.result.id);
        }),
      ),
      lane(async () => {
        await send('read', '/api/commands/payments.getCustomers/run', {
          connection: 'stripe',
          input: { limit: 3 },
        });
      }),
      lane(async () => {
        const response = await send('async run', '/api/runs', {
          command: 'payments.getBalance',
          connection: 'stripe',
          input: {},
        });
        if (response) asyncRuns.push(response.json.id);
      }),
      lane(async () => {
        const id = `evt_soak_${randomUUID().replaceAll('-', '')}`;
        const payload = JSON.stringify({
          id,
          object: 'event',
          type: 'customer.updated',
          created: Math.floor(Date.now() / 1000),
          data: { object: { id: 'cus_soak', object: 'customer' } },
        });
        const response = await send('webhook', `/hooks/${hook}`, JSON.parse(payload), {
          'content-type': 'application/json',
          'stripe-signature': signTimestamped(secret, payload),
        });
        if (response?.json?.stored === 1) events.push(id);
      }),
    ];

    const disruptions: string[] = [];
    const quarter = durationMs / 4;
    await pause(quarter);
    disruptions.push(`${at()} s: PostgreSQL stopped (pg_ctl stop -m fast) for 3 s`);
    await cluster.pause();
    await pause(3_000);
    await cluster.resume();
    await pause(quarter);
    disruptions.push(`${at()} s: instance ${ADDRESSES[1]} killed (SIGKILL), started again 3 s later`);
    await instances[1]!.kill();
    await pause(3_000);
    instances[1] = await startHostProcess({ address: ADDRESSES[1]!, port, env: instanceEnv() });
    await pause(quarter);
    disruptions.push(`${at()} s: the provider unreachable (connections reset) for 4 s`);
    relay.down(true);
    await pause(4_000);
    relay.down(false);
    await pause(quarter);
    stopping = true;
    await Promise.all(lanes);
    const rssEnd = instances.map((instance) => rssMb(instance.pid));

    // Settling: every acknowledged async run ends, every acknowledged event is delivered.
    const lost: string[] = [];
    const settleBy = Date.now() + 90_000;
    for (const id of asyncRuns) {
      for (;;) {
        const run = await call(nginx.url, 'GET', `/api/runs/${id}`, { headers: bearer });
        if (run.status === 404) {
          lost.push(`async run ${id}`);
          break;
        }
        if (['succeeded', 'failed', 'canceled'].includes(run.json?.status)) break;
        if (Date.now() > settleBy) {
          lost.push(`async run ${id} (still ${run.json?.status})`);
          break;
        }
        await pause(200);
      }
    }
    while (events.some((id) => !receiver.seen.has(id)) && Date.now() < settleBy) await pause(200);
    for (const id of events) if (!receiver.seen.has(id)) lost.push(`event ${id} not delivered`);
    // deliverTo is at least once (spec/TRIGGERS.md): a delivery cut by a kill or a database restart
    // after it reached the receiver but before it was recorded is sent again; those are counted. What
    // must never repeat is a stored event: the host stores each provider event id once.
    const redelivered = [...receiver.times]
      .filter(([, times]) => times.length > 1)
      .map(
        ([id, times]) =>
          `${id} ×${times.length} (at ${times.map((t) => ((t - started) / 1000).toFixed(1)).join(', ')} s)`,
      );
    const duplicated: string[] = [];
    const stored = new Map<string, number>();
    for (let after: string | undefined; ; ) {
      const page = await call(
        nginx.url,
        'GET',
        `/api/events?subscription=${hook}&limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`,
        { headers: bearer },
      );
      for (const event of page.json.events as { id: string }[])
        stored.set(event.id, (stored.get(event.id) ?? 0) + 1);
      if (!page.json.nextCursor || page.json.events.length === 0) break;
      after = page.json.nextCursor;
    }
    for (const [id, count] of stored) if (count > 1) duplicated.push(`event ${id} stored ×${count}`);
    for (const id of events) if (!stored.has(id)) lost.push(`event ${id} not stored`);
    // Every acknowledged keyed write replays to the customer it made, and made only that one.
    for (const [key, id] of keyed) {
      const again = await call(nginx.url, 'POST', '/api/commands/payments.createCustomer/run', {
        headers: bearer,
        body: { connection: 'stripe', input: { email: `${key}@example.com` }, idempotencyKey: key },
      });
      if (again.json?.result?.id !== id)
        lost.push(`keyed write ${key}: ${again.status} ${again.json?.result?.id}`);
    }
    const byEmail = new Map<string, number>();
    for (const customer of stripe.state.customers.list()) {
      const email = (customer as { email?: unknown }).email;
      if (typeof email === 'string' && email.startsWith('soak-'))
        byEmail.set(email, (byEmail.get(email) ?? 0) + 1);
    }
    for (const [email, count] of byEmail) if (count > 1) duplicated.push(`customer ${email} ×${count}`);

    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      seconds: (Date.now() - started) / 1000,
      sent,
      acknowledged,
      errors,
      p50Ms: Math.round(percentile(sorted, 50)),
      p99Ms: Math.round(percentile(sorted, 99)),
      deliveries: {
        acknowledged: events.length,
        delivered: events.filter((id) => receiver.seen.has(id)).length,
        stored: stored.size,
        redelivered,
      },
      rssMb: { start: rssStart, end: rssEnd },
      disruptions,
      lost,
      duplicated,
      allRunning: instances.every((instance) => instance.running()),
    };
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await nginx.stop();
    await relay.close();
    await receiver.close();
    await stripe.close();
    for (const dir of dirs) dir.remove();
  }
}

/** The report as table rows (measure, value), for the test's output and the benchmark. */
export function soakRows(report: SoakReport): string[][] {
  const kinds = Object.keys(report.sent).sort();
  return [
    ['seconds', report.seconds.toFixed(0)],
    ...kinds.map((kind) => [
      `${kind}: sent / acknowledged`,
      `${report.sent[kind]} / ${report.acknowledged[kind] ?? 0}`,
    ]),
    [
      'webhook events delivered / acknowledged',
      `${report.deliveries.delivered} / ${report.deliveries.acknowledged}`,
    ],
    ['events stored (the simulator’s own included)', String(report.deliveries.stored)],
    ['deliveries repeated (at least once)', report.deliveries.redelivered.join('; ') || '0'],
    ...Object.entries(report.errors).map(([kind, count]) => [`errors: ${kind}`, String(count)]),
    ['p50 / p99 ms (through nginx)', `${report.p50Ms} / ${report.p99Ms}`],
    ['instance RSS MB at start', report.rssMb.start.join(', ')],
    ['instance RSS MB at end', report.rssMb.end.join(', ')],
    ...report.disruptions.map((line) => ['disruption', line]),
    ['acknowledged and lost', String(report.lost.length)],
    ['duplicated', String(report.duplicated.length)],
    ['every instance running at the end', report.allRunning ? 'yes' : 'no'],
  ];
}
