// One trial of the `run` section in its own process: one scenario, one client, one load shape.
// usage: node run-trial.ts <url> <stripe|linear|gdocs> <raw|ours> <calls> <in flight> <warm-up>
// Prints one JSON line: client CPU µs per call (user + system, every thread), calls per second, p50/p99 ms,
// and the server's CPU µs per call and new connections over the measured window.
import { randomUUID } from 'node:crypto';
import { docs } from '@c/docs';
import { issues } from '@c/issues';
import { payments } from '@c/payments';
// The raw baseline is undici 7's Pool, the client and version the independent harness measures.
import { Pool } from 'undici-pool-baseline';

const [url = '', scenario = '', variant = '', callsText = '3000', inFlightText = '1', warmupText = '500'] =
  process.argv.slice(2);
const calls = Number(callsText);
const inFlight = Number(inFlightText);
const warmup = Number(warmupText);

const STRIPE_KEY = 'sk_test_runbench0000000000000000000000000000';
const LINEAR_KEY = 'lin_api_runbench000000000000000000000000000000';
const GOOGLE_TOKEN = 'ya29.runbench-access-token';
const customer = {
  email: 'jenny.rosen@example.com',
  name: 'Jenny Rosen',
  description: 'Created by the run benchmark',
  metadata: { order_id: '6735', source: 'bench' },
};
const issue = {
  teamId: '72b2a2dc-6f4f-4423-9d34-24b5bd10634a',
  title: 'Bench issue',
  description: 'Created by the run benchmark',
  priority: 2,
};
const MUTATION =
  'mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success lastSyncId issue { id identifier title url } } }';
const documentId = '1RunBenchDocIdAbCdEfGhIjKlMnOpQrStUvWxYz012345';

/** Stripe's bracketed form encoding, as a lean hand-written client does it per call. */
function formEncode(value: Record<string, unknown>, prefix = '', out: string[] = []): string {
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (item !== null && typeof item === 'object') formEncode(item as Record<string, unknown>, name, out);
    else out.push(`${encodeURIComponent(name)}=${encodeURIComponent(item === null ? '' : String(item))}`);
  }
  return out.join('&');
}

/**
 * The raw client: `Pool.request`, then `body.json()`, with the protocol work a correct client does
 * (Stripe's version header and an idempotency key on every POST, a client-chosen id on a Linear
 * create, the tabs of a Google Doc).
 */
function rawCall(): () => Promise<unknown> {
  const pool = new Pool(url);
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const response = await pool.request({ method, path, headers, body });
    const json = (await response.body.json()) as Record<string, any>;
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    return json;
  };
  if (scenario === 'stripe') {
    const headers = {
      authorization: `Bearer ${STRIPE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      'stripe-version': '2026-10-28.endive',
    };
    return () =>
      send('POST', '/v1/customers', { ...headers, 'idempotency-key': randomUUID() }, formEncode(customer));
  }
  if (scenario === 'linear') {
    const headers = { authorization: LINEAR_KEY, 'content-type': 'application/json' };
    return async () => {
      const body = JSON.stringify({ query: MUTATION, variables: { input: { ...issue, id: randomUUID() } } });
      const answer = await send('POST', '/graphql', headers, body);
      if (answer.errors) throw new Error('GraphQL errors');
      return answer.data.issueCreate;
    };
  }
  const path = `/v1/documents/${encodeURIComponent(documentId)}?includeTabsContent=true`;
  return () => send('GET', path, { authorization: `Bearer ${GOOGLE_TOKEN}` });
}

/** Our client: the connector's `connect().run()`, as a user calls it. */
function oursCall(): () => Promise<unknown> {
  if (scenario === 'stripe') {
    const client = payments.connect({ credentials: { apiKey: STRIPE_KEY }, baseUrl: url });
    return () => client.run('createCustomer', customer);
  }
  if (scenario === 'linear') {
    const client = issues.connect({ credentials: { apiKey: LINEAR_KEY }, baseUrl: url });
    return () => client.run('createIssue', issue);
  }
  const client = docs.connect({ credentials: { accessToken: GOOGLE_TOKEN }, baseUrl: url });
  return () => client.run('fetchDocumentContent', { documentId });
}

/**
 * Runs `count` calls, `inFlight` at a time; with `latencies`, records each call's milliseconds in it
 * (as the harness does in its measured window, so both count the same clock reads).
 */
async function runMany(call: () => Promise<unknown>, count: number, latencies?: Float64Array): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= count) return;
      const started = performance.now();
      await call();
      if (latencies) latencies[index] = performance.now() - started;
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
}

async function serverStats(): Promise<{ requests: number; connections: number; cpuUs: number }> {
  const pool = new Pool(url);
  const response = await pool.request({ method: 'GET', path: '/__stats' });
  const stats = (await response.body.json()) as { requests: number; connections: number; cpuUs: number };
  await pool.close();
  return stats;
}

const call = variant === 'raw' ? rawCall() : oursCall();
await call();
await runMany(call, warmup);
(globalThis as { gc?: () => void }).gc?.();
const before = await serverStats();
const cpu = process.cpuUsage();
const start = process.hrtime.bigint();
const latencies = new Float64Array(calls);
await runMany(call, calls, latencies);
const wallNs = Number(process.hrtime.bigint() - start);
const used = process.cpuUsage(cpu);
const after = await serverStats();
latencies.sort();
const percentileMs = (p: number) => latencies[Math.min(calls - 1, Math.floor((p / 100) * calls))]!;
process.stdout.write(
  `${JSON.stringify({
    cpuUsPerCall: (used.user + used.system) / calls,
    callsPerSecond: calls / (wallNs / 1e9),
    p50Ms: percentileMs(50),
    p99Ms: percentileMs(99),
    serverUsPerCall: (after.cpuUs - before.cpuUs) / calls,
    // The stats probe opens one connection of its own.
    newConnections: after.connections - before.connections - 1,
  })}\n`,
);
process.exit(0);
