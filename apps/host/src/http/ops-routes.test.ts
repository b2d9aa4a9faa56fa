import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerAuth, defineCommand, defineConnector, HttpClient } from '@c/core';
import { createTestServer, type TestServer } from '@c/core/testing';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../access.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

// The operations side of a serving host, end to end: JSON logs, traces, metrics and the audit log,
// against a provider that echoes the credentials it receives and fails on demand.

const TOKEN = 'ops-access-token-0123456789abcdef';
const KEY = 'sk_live_ops_echoed_key_0123456789abcdef';
const ACTOR = `token:${sha256(TOKEN).slice(0, 12)}`;
const auth = { authorization: `Bearer ${TOKEN}` };

interface Ctx {
  http: HttpClient;
  close(): Promise<void>;
}

/** A connector in the shape of the real ones, whose client retries and reads the provider's request id. */
const echo = defineConnector({
  id: 'echo',
  title: 'Echo',
  description: 'A provider that echoes the key it is sent.',
  credentials: (z) =>
    z.object({ apiKey: z.string().min(1).meta({ title: 'API Key', description: 'The key' }) }),
  options: (z) => z.object({ baseUrl: z.url().meta({ title: 'Base URL', description: 'Where' }) }),
  auth: { type: 'apiKey' },
  commands: {
    getThing: defineCommand({
      key: 'getThing',
      title: 'Get Thing',
      description: 'Reads one thing.',
      input: (z) => z.object({ thingId: z.string().meta({ title: 'Thing Id', description: 'th_…' }) }),
      annotations: { readOnly: true },
      async run(input, ctx: Ctx, { signal }) {
        return (await ctx.http.request({ method: 'GET', path: `/things/${input.thingId}`, signal })).data;
      },
    }),
    createThing: defineCommand({
      key: 'createThing',
      title: 'Create Thing',
      description: 'Creates one thing.',
      input: (z) => z.object({ name: z.string().meta({ title: 'Name', description: 'Its name' }) }),
      annotations: { readOnly: false },
      async run(input, ctx: Ctx, { signal }) {
        return (await ctx.http.request({ method: 'POST', path: '/things', json: input, signal })).data;
      },
    }),
  },
  createContext({ credentials, options }): Ctx {
    const client = new HttpClient({
      provider: 'Echo',
      baseUrls: { default: options.baseUrl },
      auth: bearerAuth(credentials.apiKey),
      requestIdHeader: 'request-id',
      idempotency: { header: 'Idempotency-Key', methods: ['POST'] },
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2 },
    });
    return { http: client, close: () => client.close() };
  },
  verify: (ctx) => ctx.http.request({ method: 'GET', path: '/things/th_me' }),
});

let provider: TestServer;
let requestNumber = 0;

beforeAll(async () => {
  // Every answer carries the credentials it was sent, in a header and in the body; a refusal names
  // the key in its message, as some providers do.
  provider = await createTestServer([
    http.get('*/things/:id', ({ request, params }) => {
      const sent = request.headers.get('authorization') ?? '';
      return HttpResponse.json(
        { id: params.id, sent },
        { headers: { 'request-id': `req_${++requestNumber}`, 'x-echo': sent } },
      );
    }),
    http.post('*/things', ({ request }) => {
      const sent = request.headers.get('authorization') ?? '';
      return HttpResponse.json(
        { error: { message: `Invalid API Key provided: ${sent.slice(7)}` } },
        { status: 401, headers: { 'request-id': `req_${++requestNumber}` } },
      );
    }),
  ]);
});
afterAll(() => provider.close());
afterEach(() => {
  provider.reset();
  provider.clearFaults();
});

/** A host with one `echo` connection (`main`), served with the given options. */
async function serve(options: Partial<Parameters<typeof createHttpServer>[0]> = {}) {
  const host = await tempHost([echo], { token: TOKEN });
  await host.access.init();
  await host.connections.create(
    { name: 'main', connector: 'echo', credentials: { apiKey: KEY }, options: { baseUrl: provider.url } },
    { verify: false },
  );
  const app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent', ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    host,
    app,
    base,
    run: (command: string, body: Record<string, unknown>) =>
      call(base, 'POST', `/api/commands/echo.${command}/run`, { headers: auth, body }),
    async close() {
      await app.close();
      await host.cleanup();
    },
  };
}

describe('JSON logs', () => {
  it('writes one line per run (command, connection, duration, outcome, retries, request id) and never a credential', async () => {
    const lines: string[] = [];
    const served = await serve({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
    try {
      provider.fault({ type: 'status', status: 503 });
      expect((await served.run('getThing', { input: { thingId: 'th_1' } })).status).toBe(200);
      const refused = await served.run('createThing', { input: { name: 'Ada' }, idempotencyKey: 'order-1' });
      expect(refused.status).toBe(401);
      // A sign-in link's one-time token travels in the query: it must not reach the log either.
      await call(served.base, 'GET', '/auth?token=one-time-login-secret-42');
    } finally {
      await served.close();
    }
    const entries = lines.map((line) => JSON.parse(line));
    const runs = entries.filter((entry) => entry.msg === 'run');
    expect(runs).toEqual([
      expect.objectContaining({
        level: 30,
        command: 'echo.getThing',
        connector: 'echo',
        connection: 'main',
        outcome: 'ok',
        durationMs: expect.any(Number),
        calls: 1,
        retries: 1,
        requestId: expect.stringMatching(/^req_\d+$/),
        actor: ACTOR,
        write: false,
        reqId: expect.any(String),
      }),
      expect.objectContaining({
        level: 40,
        command: 'echo.createThing',
        connection: 'main',
        outcome: 'auth',
        calls: 1,
        retries: 0,
        requestId: expect.stringMatching(/^req_\d+$/),
        write: true,
      }),
    ]);
    // One line per request, when it is answered, with the path only.
    const requests = entries.filter((entry) => entry.msg === 'request completed');
    expect(requests.map((entry) => entry.res.statusCode)).toEqual([200, 401, expect.any(Number)]);
    expect(requests.every((entry) => entry.responseTime >= 0 && !entry.req?.url?.includes('?'))).toBe(true);
    expect(entries.some((entry) => entry.msg === 'incoming request')).toBe(false);
    const text = lines.join('\n');
    for (const secret of [KEY, KEY.slice(8, 24), TOKEN, 'one-time-login-secret-42']) {
      expect(text).not.toContain(secret);
    }
  });

  it('refuses a log level that is not one, naming C_HOST_LOG_LEVEL', async () => {
    const host = await tempHost([echo], { token: TOKEN });
    try {
      await expect(
        createHttpServer({ host, bind: '127.0.0.1', logger: { level: 'verbose' } }),
      ).rejects.toMatchObject({ kind: 'validation', parameter: 'C_HOST_LOG_LEVEL' });
    } finally {
      await host.cleanup();
    }
  });
});

describe('traces', () => {
  const exporter = new InMemorySpanExporter();
  beforeEach(() => exporter.reset());

  it('makes a span per run and a child span per provider call, its retry and rate-limit wait as events', async () => {
    const served = await serve({
      telemetry: { env: {}, spanProcessors: [new SimpleSpanProcessor({ exporter })] },
    });
    let spans: ReturnType<typeof exporter.getFinishedSpans>;
    try {
      provider.fault({ type: 'status', status: 503 });
      provider.fault({ type: 'status', status: 429, headers: { 'retry-after-ms': '3' } });
      expect((await served.run('getThing', { input: { thingId: 'th_2' } })).status).toBe(200);
      // Read before closing: a shut-down in-memory exporter forgets its spans.
      spans = exporter.getFinishedSpans();
    } finally {
      await served.close();
    }
    const run = spans.find((span) => span.name === 'run echo.getThing');
    const callSpan = spans.find((span) => span.name === 'GET');
    expect(run?.attributes).toMatchObject({
      'c_host.command': 'echo.getThing',
      'c_host.connection': 'main',
      'c_host.outcome': 'ok',
      'c_host.retries': 2,
      'c_host.actor': ACTOR,
    });
    expect(callSpan?.parentSpanContext?.spanId).toBe(run?.spanContext().spanId);
    expect(callSpan?.spanContext().traceId).toBe(run?.spanContext().traceId);
    expect(callSpan?.kind).toBe(2);
    expect(callSpan?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.full': `${provider.url}/things/th_2`,
      'server.address': '127.0.0.1',
      'http.response.status_code': 200,
      'http.request.resend_count': 2,
      'c_host.provider.request_id': expect.stringMatching(/^req_/),
    });
    expect(callSpan?.events.map((event) => [event.name, event.attributes])).toEqual([
      [
        'retry',
        expect.objectContaining({
          'c_host.retry.attempt': 1,
          'error.type': 'provider',
          'http.response.status_code': 503,
        }),
      ],
      [
        'rate_limit_wait',
        expect.objectContaining({
          'c_host.retry.attempt': 2,
          'c_host.retry.delay_ms': 3,
          'error.type': 'rate_limit',
          'http.response.status_code': 429,
        }),
      ],
    ]);
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.events]))).not.toContain(KEY);
  });

  it('exports spans and metrics by OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    const received: { path: string; body: string }[] = [];
    const collector: Server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    try {
      const served = await serve({ telemetry: { env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } } });
      expect((await served.run('getThing', { input: { thingId: 'th_3' } })).status).toBe(200);
      // Closing flushes what is buffered: the batch of spans and the last metrics.
      await served.close();
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
    const traces = received.filter((entry) => entry.path === '/v1/traces').map((entry) => entry.body);
    const metrics = received.filter((entry) => entry.path === '/v1/metrics').map((entry) => entry.body);
    expect(traces.join('')).toContain('run echo.getThing');
    expect(traces.join('')).toContain('"c-host"');
    expect(metrics.join('')).toContain('c_host.runs');
    expect(received.map((entry) => entry.body).join('')).not.toContain(KEY);
  });
});

describe('GET /metrics', () => {
  it('needs the token, then answers the Prometheus text with runs, durations, errors and retries', async () => {
    const served = await serve();
    try {
      expect((await call(served.base, 'GET', '/metrics')).status).toBe(401);
      provider.fault({ type: 'status', status: 503 });
      await served.run('getThing', { input: { thingId: 'th_4' } });
      await served.run('createThing', { input: { name: 'Bo' } });
      const response = await call(served.base, 'GET', '/metrics', { headers: auth });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.text;
      expect(text).toMatch(/^c_host_runs_total\{[^}]*command="echo\.getThing"[^}]*outcome="ok"[^}]*\} 1$/m);
      expect(text).toMatch(
        /^c_host_runs_total\{[^}]*command="echo\.createThing"[^}]*outcome="auth"[^}]*\} 1$/m,
      );
      expect(text).toMatch(/^c_host_run_errors_total\{[^}]*error_type="auth"[^}]*\} 1$/m);
      expect(text).toMatch(/^c_host_provider_retries_total\{[^}]*error_type="provider"[^}]*\} 1$/m);
      expect(text).toMatch(/^c_host_run_duration_bucket\{[^}]*command="echo\.getThing"/m);
      expect(text).toMatch(/^http_client_request_duration_count\{[^}]*http_response_status_code="200"/m);
      expect(text).toMatch(/^c_host_runs_queued(\{[^}]*\})? 0$/m);
      expect(text).not.toContain(KEY);
    } finally {
      await served.close();
    }
  });
});

describe('GET /api/audit', () => {
  it('records every write and connection change with who, what, when and the outcome; reads are not writes', async () => {
    const served = await serve();
    try {
      const { base, host } = served;
      expect((await call(base, 'GET', '/api/audit')).status).toBe(401);
      const added = await call(base, 'POST', '/api/connections', {
        headers: auth,
        body: {
          name: 'second',
          connector: 'echo',
          credentials: { apiKey: KEY },
          options: { baseUrl: provider.url },
        },
      });
      expect(added.status).toBe(201);
      await served.run('getThing', { connection: 'second', input: { thingId: 'th_5' } });
      await served.run('createThing', { connection: 'second', input: { name: 'Cy' }, dryRun: true });
      await served.run('createThing', { connection: 'second', input: { name: 'Cy' } });
      // A session acts as itself, named apart from the token.
      const session = await host.access.createSession();
      const port = new URL(base).port;
      const defaulted = await call(base, 'POST', '/api/connections/second/default', {
        headers: { cookie: `c_host_session_${port}=${session}` },
      });
      expect(defaulted.status).toBe(200);
      expect((await call(base, 'DELETE', '/api/connections/nope', { headers: auth })).status).toBe(404);
      expect((await call(base, 'DELETE', '/api/connections/second', { headers: auth })).status).toBe(204);

      const listed = await call(base, 'GET', '/api/audit', { headers: auth });
      expect(listed.status).toBe(200);
      expect(
        listed.json.map((entry: any) => [entry.actor, entry.action, entry.target, entry.outcome]),
      ).toEqual([
        [ACTOR, 'connection.remove', 'second', 'ok'],
        [ACTOR, 'connection.remove', 'nope', 'not_found'],
        [`session:${sha256(session).slice(0, 12)}`, 'connection.default', 'second', 'ok'],
        // The run's entry when it ended; the connection's new status during it.
        [ACTOR, 'command.run', 'echo.createThing', 'auth'],
        [ACTOR, 'connection.needs_reconnect', 'second', 'auth'],
        [ACTOR, 'connection.create', 'second', 'ok'],
        // Made before the server, as a command line does.
        ['cli', 'connection.create', 'main', 'ok'],
      ]);
      const run = listed.json[3];
      expect(run).toMatchObject({ connection: 'second', requestId: expect.stringMatching(/^req_/) });
      expect(Date.parse(run.at)).toBeGreaterThan(Date.now() - 60_000);
      expect(listed.text).not.toContain(TOKEN);
      expect(listed.text).not.toContain(session);
      expect(listed.text).not.toContain(KEY);

      const limited = await call(base, 'GET', '/api/audit?limit=2', { headers: auth });
      expect(limited.json.map((entry: any) => entry.target)).toEqual(['second', 'nope']);
      const later = await call(base, 'GET', `/api/audit?since=${encodeURIComponent(run.at)}`, {
        headers: auth,
      });
      // Entries at or after that moment: the run's own and the three after it, and the status change
      // made during the run too when both fall in the same millisecond.
      const atOrAfter = listed.json.filter((entry: any) => Date.parse(entry.at) >= Date.parse(run.at));
      expect(atOrAfter.length).toBeGreaterThanOrEqual(4);
      expect(later.json).toEqual(atOrAfter);
      const none = await call(base, 'GET', '/api/audit?since=2999-01-01', { headers: auth });
      expect(none.json).toEqual([]);
      for (const [query, parameter] of [
        ['since=yesterday', 'since'],
        ['limit=0', 'limit'],
        ['limit=5000', 'limit'],
        ['order=asc', 'order'],
      ]) {
        const refused = await call(base, 'GET', `/api/audit?${query}`, { headers: auth });
        expect(refused.status, query).toBe(400);
        expect(refused.json.error, query).toMatchObject({ kind: 'validation', parameter });
      }
    } finally {
      await served.close();
    }
  });
});
