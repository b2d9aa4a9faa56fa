// One trial of the `run` section in its own process: one scenario, one client, one load shape.
// usage: node run-trial.mjs <url> <stripe|linear|gdocs> <raw|ours> <calls> <in flight> <warm-up>
// Prints one JSON line: client CPU µs per call (user + system, every thread), calls per second, p50/p99 ms,
// and the server's CPU µs per call and new connections over the measured window.
// Plain JavaScript, as the harness's client.cjs is: a .ts entry makes Node load its TypeScript stripper
// into the measured process, and the same loop as run-trial.ts cost 6–8 µs more per sequential raw
// Stripe call than as .mjs (3 runs of 5–6 rounds on the harness's server, 2026-12-03).
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';

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

/**
 * Stripe's bracketed form encoding, as a lean hand-written client does it per call.
 * @param {Record<string, unknown>} value
 * @param {string} [prefix]
 * @param {string[]} [out]
 * @returns {string}
 */
function formEncode(value, prefix = '', out = []) {
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (item !== null && typeof item === 'object')
      formEncode(/** @type {Record<string, unknown>} */ (item), name, out);
    else out.push(`${encodeURIComponent(name)}=${encodeURIComponent(item === null ? '' : String(item))}`);
  }
  return out.join('&');
}

/**
 * The raw client: `Pool.request`, then `body.json()`, with the protocol work a correct client does
 * (Stripe's version header and an idempotency key on every POST, a client-chosen id on a Linear
 * create, the tabs of a Google Doc).
 * @returns {Promise<() => Promise<unknown>>}
 */
async function rawCall() {
  // undici 7's Pool, the client and version the harness measures, loaded by the raw trial alone: with
  // it in the same process as the connector's undici 8, Docs `run()` cost 18% more per sequential
  // call (214 against 181 µs, 4 rounds on the harness's server), a process the harness never runs.
  const { Pool } = await import('undici-pool-baseline');
  const pool = new Pool(url);
  /**
   * @param {'GET' | 'POST'} method
   * @param {string} path
   * @param {Record<string, string>} headers
   * @param {string} [body]
   */
  const send = async (method, path, headers, body) => {
    const response = await pool.request({ method, path, headers, body });
    const json = /** @type {Record<string, any>} */ (await response.body.json());
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

/**
 * Our client: the connector's `connect().run()`, as a user calls it. Only the measured connector is
 * loaded (the raw trial loads none), as the harness's adapter imports one package per trial: three
 * connectors in one heap is a process no user of one connector runs.
 * @returns {Promise<() => Promise<unknown>>}
 */
async function oursCall() {
  if (scenario === 'stripe') {
    const { payments } = await import('@c/payments');
    const client = payments.connect({ credentials: { apiKey: STRIPE_KEY }, baseUrl: url });
    return () => client.run('createCustomer', customer);
  }
  if (scenario === 'linear') {
    const { issues } = await import('@c/issues');
    const client = issues.connect({ credentials: { apiKey: LINEAR_KEY }, baseUrl: url });
    return () => client.run('createIssue', issue);
  }
  const { docs } = await import('@c/docs');
  const client = docs.connect({ credentials: { accessToken: GOOGLE_TOKEN }, baseUrl: url });
  return () => client.run('fetchDocumentContent', { documentId });
}

/**
 * Runs `count` calls, `inFlight` at a time; with `latencies`, records each call's milliseconds in it
 * (as the harness does in its measured window, so both count the same clock reads).
 * @param {() => Promise<unknown>} call
 * @param {number} count
 * @param {Float64Array} [latencies]
 */
async function runMany(call, count, latencies) {
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

/**
 * The server's counters, read as the harness reads them: node:http, a connection of its own.
 * @returns {Promise<{ requests: number, connections: number, cpuUs: number }>}
 */
function serverStats() {
  return new Promise((resolve, reject) => {
    get(`${url}/__stats`, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve(JSON.parse(text)));
    }).on('error', reject);
  });
}

const call = variant === 'raw' ? await rawCall() : await oursCall();
await call();
await runMany(call, warmup);
/** @type {{ gc?: () => void }} */ (globalThis).gc?.();
const before = await serverStats();
const cpu = process.cpuUsage();
const start = process.hrtime.bigint();
const latencies = new Float64Array(calls);
await runMany(call, calls, latencies);
const wallNs = Number(process.hrtime.bigint() - start);
const used = process.cpuUsage(cpu);
const after = await serverStats();
latencies.sort();
/** @param {number} p */
const percentileMs = (p) => latencies[Math.min(calls - 1, Math.floor((p / 100) * calls))];
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
