import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearerAuth } from './auth/simple-auth.js';
import { defineCommand } from './command.js';
import { defineConnector } from './connector.js';
import { HttpClient } from './http/http-client.js';
import type { RunObserver } from './run-context.js';
import { createTestServer, type TestServer } from './testing/test-server.js';

// `RunOptions.observer`: what a host's logs, traces and metrics hear about a run's provider calls.

const KEY = 'sk_test_observer_secret_4242';

interface Ctx {
  http: HttpClient;
  close(): Promise<void>;
}

const getThing = defineCommand({
  key: 'getThing',
  title: 'Get Thing',
  description: 'Reads a thing.',
  input: z.object({ thingId: z.string().meta({ title: 'Thing Id', description: 'The thing’s id.' }) }),
  annotations: { readOnly: true },
  async run(input, ctx: Ctx) {
    return (
      await ctx.http.request({ method: 'GET', path: `/things/${input.thingId}`, query: { expand: 'all' } })
    ).data;
  },
});

const createThing = defineCommand({
  key: 'createThing',
  title: 'Create Thing',
  description: 'Creates a thing.',
  input: z.object({ name: z.string().meta({ title: 'Name', description: 'The thing’s name.' }) }),
  annotations: { readOnly: false },
  async run(input, ctx: Ctx) {
    return (await ctx.http.request({ method: 'POST', path: '/things', json: { name: input.name } })).data;
  },
});

const things = defineConnector({
  id: 'things',
  title: 'Things',
  description: 'A test connector.',
  credentials: z.object({ apiKey: z.string().min(1) }),
  options: z.object({ baseUrl: z.url() }),
  auth: { type: 'apiKey' },
  commands: { getThing, createThing },
  createContext({ credentials, options }): Ctx {
    const client = new HttpClient({
      provider: 'Things',
      baseUrls: { default: `${options.baseUrl}/v1` },
      auth: bearerAuth(credentials.apiKey),
      requestIdHeader: 'request-id',
      idempotency: { header: 'Idempotency-Key', methods: ['POST'] },
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    return { http: client, close: () => client.close() };
  },
});

/** An observer that writes down everything it hears, in order. */
function recorder() {
  const events: unknown[] = [];
  const observer: RunObserver = {
    onCall(call) {
      events.push({ call });
      return {
        onRetry: ({ attempt, delayMs, error }) =>
          events.push({ retry: { attempt, delayMs, kind: error.kind } }),
        onEnd: ({ status, requestId, error, retries }) =>
          events.push({
            end: { status, requestId, retries, ...(error ? { error: (error as any).kind } : {}) },
          }),
      };
    },
  };
  return { events, observer };
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer([
    http.get('*/v1/things/:id', ({ params }) =>
      HttpResponse.json({ id: params.id }, { headers: { 'request-id': `req_${params.id}` } }),
    ),
    http.post('*/v1/things', () =>
      HttpResponse.json({ id: 'th_new' }, { headers: { 'request-id': 'req_new' } }),
    ),
  ]);
});
afterEach(() => {
  server.reset();
  server.clearFaults();
});
afterAll(() => server.close());

const connect = () => things.connect({ credentials: { apiKey: KEY }, baseUrl: server.url });

describe('RunOptions.observer', () => {
  it('hears each provider call: its URL without the query, each retry with its cause, and the final status and request id', async () => {
    const client = connect();
    server.fault({ type: 'status', status: 503 });
    const { events, observer } = recorder();
    await expect(client.run('getThing', { thingId: 'th_1' }, { observer })).resolves.toEqual({ id: 'th_1' });
    expect(events).toEqual([
      { call: { provider: 'Things', method: 'GET', url: `${server.url}/v1/things/th_1` } },
      { retry: { attempt: 1, delayMs: expect.any(Number), kind: 'provider' } },
      { end: { status: 200, requestId: 'req_th_1', retries: 1 } },
    ]);
    expect(server.calls).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain(KEY);
    await client.close();
  });

  it('hears a rate limit’s wait and a call that fails for good, with the error’s status and request id', async () => {
    const client = connect();
    server.fault({ type: 'status', status: 429, headers: { 'retry-after-ms': '5' } });
    server.fault({
      type: 'status',
      status: 404,
      headers: { 'request-id': 'req_missing', 'content-type': 'application/json' },
      body: '{"error":{"message":"No such thing"}}',
    });
    const { events, observer } = recorder();
    await expect(client.run('getThing', { thingId: 'gone' }, { observer })).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(events).toEqual([
      { call: expect.objectContaining({ method: 'GET' }) },
      { retry: { attempt: 1, delayMs: 5, kind: 'rate_limit' } },
      { end: { status: 404, requestId: 'req_missing', retries: 1, error: 'not_found' } },
    ]);
    await client.close();
  });

  it('hears nothing from a dry run, which sends nothing, and a run without an observer works as before', async () => {
    const client = connect();
    const { events, observer } = recorder();
    await client.run('createThing', { name: 'Ada' }, { observer, dryRun: true });
    expect(events).toEqual([]);
    expect(server.calls).toHaveLength(0);
    await expect(client.run('createThing', { name: 'Ada' })).resolves.toEqual({ id: 'th_new' });
    await client.close();
  });
});
