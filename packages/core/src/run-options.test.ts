import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { oauth2Auth } from './auth/oauth2-auth.js';
import { basicAuth, bearerAuth } from './auth/simple-auth.js';
import { defineCommand } from './command.js';
import { defineConnector } from './connector.js';
import { ValidationError } from './errors/validation-error.js';
import { HttpClient } from './http/http-client.js';
import { type RunState, withRun } from './run-context.js';
import { createTestServer, type TestServer } from './testing/test-server.js';

// Caller idempotency keys and dry runs, through `run()` as a library user calls it.

const KEY = 'sk_test_run_options_secret_4242';
const SECRET = 'amp_secret_key_987654';

interface Ctx {
  http: HttpClient;
  ingest: HttpClient;
  close(): Promise<void>;
}

const createThing = defineCommand({
  key: 'createThing',
  title: 'Create Thing',
  description: 'Creates a thing, then tags it: two writes.',
  input: z.object({
    name: z.string().min(1).meta({ title: 'Name', description: 'The thing’s name, such as "Ada".' }),
    tags: z.array(z.string()).optional().meta({ title: 'Tags', description: 'Tags to add.' }),
  }),
  annotations: { readOnly: false },
  async run(input, ctx: Ctx, { signal }) {
    const created = await ctx.http.request<{ id: string }>({
      method: 'POST',
      path: '/things',
      form: { name: input.name },
      signal,
    });
    if (input.tags) {
      await ctx.http.request({
        method: 'POST',
        path: `/things/${created.data.id}/tags`,
        form: { tags: input.tags },
        signal,
      });
    }
    return created.data;
  },
});

const getThing = defineCommand({
  key: 'getThing',
  title: 'Get Thing',
  description: 'Reads a thing.',
  input: z.object({
    thingId: z.string().meta({ title: 'Thing Id', description: 'The thing’s id, th_….' }),
    limit: z.number().int().optional().meta({ title: 'Limit', description: 'How many.' }),
    mode: z.enum(['a', 'b']).optional().meta({ title: 'Mode', description: 'Which mode.' }),
  }),
  annotations: { readOnly: true },
  async run(input, ctx: Ctx) {
    return (await ctx.http.request({ method: 'GET', path: `/things/${input.thingId}` })).data;
  },
});

const sendBatches = defineCommand({
  key: 'sendBatches',
  title: 'Send Batches',
  description: 'Sends two batches at once, the key in the body (as Amplitude’s ingestion does).',
  input: z.object({ count: z.number().int().meta({ title: 'Count', description: 'How many.' }) }),
  annotations: { readOnly: false },
  async run(input, ctx: Ctx) {
    await Promise.all(
      [0, 1].map((batch) =>
        ctx.ingest.request({
          method: 'POST',
          path: '/batch',
          auth: false,
          json: { api_key: SECRET, batch, count: input.count },
        }),
      ),
    );
    return { sent: 2 };
  },
});

const things = defineConnector({
  id: 'things',
  title: 'Things',
  description: 'A test connector.',
  credentials: z.object({ apiKey: z.string().min(1) }),
  options: z.object({ baseUrl: z.url() }),
  auth: { type: 'apiKey' },
  commands: { createThing, getThing, sendBatches },
  createContext({ credentials, options }): Ctx {
    const main = new HttpClient({
      provider: 'Things',
      baseUrls: { default: `${options.baseUrl}/v1` },
      auth: bearerAuth(credentials.apiKey),
      idempotency: { header: 'Idempotency-Key', methods: ['POST'] },
      retry: { maxRetries: 0 },
    });
    const ingest = new HttpClient({
      provider: 'Things ingestion',
      baseUrls: { default: options.baseUrl },
      auth: basicAuth('amp_api_key_123456', SECRET),
    });
    return {
      http: main,
      ingest,
      close: async () => void (await Promise.all([main.close(), ingest.close()])),
    };
  },
});

let server: TestServer;
beforeAll(async () => {
  let next = 0;
  server = await createTestServer([
    http.post('*/v1/things', () => HttpResponse.json({ id: `th_${++next}` })),
    http.post('*/v1/things/:id/tags', () => HttpResponse.json({ ok: true })),
    http.get('*/v1/things/:id', ({ params }) => HttpResponse.json({ id: params.id })),
  ]);
});
afterEach(() => {
  server.reset();
  server.clearFaults();
});
afterAll(() => server.close());

const connect = () => things.connect({ credentials: { apiKey: KEY }, baseUrl: server.url });

describe('idempotency keys of a run', () => {
  it('sends the caller’s key on the first write and <key>:2 on the second, the same on a repeat', async () => {
    const client = connect();
    await client.run('createThing', { name: 'Ada', tags: ['vip'] }, { idempotencyKey: 'order-17' });
    await client.run('createThing', { name: 'Ada', tags: ['vip'] }, { idempotencyKey: 'order-17' });
    expect(server.calls.map((call) => call.headers['idempotency-key'])).toEqual([
      'order-17',
      'order-17:2',
      'order-17',
      'order-17:2',
    ]);
    await client.close();
  });

  it('gives each run of a write a key of its own when the caller sends none', async () => {
    const client = connect();
    await client.run('createThing', { name: 'Ada', tags: ['vip'] });
    await client.run('createThing', { name: 'Bo' });
    const [first, second, third] = server.calls.map((call) => call.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(`${first}:2`);
    expect(third).toMatch(/^[0-9a-f-]{36}$/);
    expect(third).not.toBe(first);
    await client.close();
  });

  it('refuses a key for a read-only command, and one that cannot travel in a header, sending nothing', async () => {
    const client = connect();
    for (const [command, input, key, text] of [
      ['getThing', { thingId: 'th_1' }, 'k-1', /only reads/],
      ['createThing', { name: 'Ada' }, 'line\nbreak', /printable ASCII/],
      ['createThing', { name: 'Ada' }, '', /printable ASCII/],
      ['createThing', { name: 'Ada' }, 'x'.repeat(201), /1 to 200/],
      ['createThing', { name: 'Ada' }, 42, /expected a string/],
    ] as const) {
      const error = await client
        .runUnknown(command, input, { idempotencyKey: key as string })
        .catch((caught: unknown) => caught);
      expect(ValidationError.isInstance(error), String(key)).toBe(true);
      expect(error).toMatchObject({ parameter: 'idempotencyKey', message: expect.stringMatching(text) });
    }
    expect(server.calls).toHaveLength(0);
    await client.close();
  });

  it('names the key to repeat with when a write’s outcome is unknown', async () => {
    const client = connect();
    server.fault({ type: 'reset-after-handler' });
    const error: any = await client
      .run('createThing', { name: 'Ada' }, { idempotencyKey: 'order-18' })
      .catch((caught: unknown) => caught);
    expect(error.toJSON()).toMatchObject({
      kind: 'network',
      outcomeUnknown: true,
      details: { idempotencyKey: 'order-18' },
      message: expect.stringContaining('idempotency key "order-18"'),
    });

    server.fault({ type: 'reset-after-handler' });
    const generated: any = await client
      .run('createThing', { name: 'Ada' })
      .catch((caught: unknown) => caught);
    const sent = server.calls.at(-1)?.headers['idempotency-key'];
    expect(generated.details.idempotencyKey).toBe(sent);
    expect(generated.message).toContain(`"${sent}"`);
    await client.close();
  });
});

describe('dry runs', () => {
  it('returns the first request, credentials masked, and sends nothing', async () => {
    const client = connect();
    const dry = await client.run(
      'createThing',
      { name: 'Ada Lovelace', tags: ['vip'] },
      { dryRun: true, idempotencyKey: 'order-19' },
    );
    expect(server.calls).toHaveLength(0);
    expect(dry).toEqual({
      dryRun: true,
      requests: [
        {
          method: 'POST',
          url: `${server.url}/v1/things`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'idempotency-key': 'order-19',
            authorization: 'Bearer [REDACTED]',
          },
          body: 'name=Ada+Lovelace',
        },
      ],
      note: expect.stringContaining('Nothing was sent'),
    });
    expect(JSON.stringify(dry)).not.toContain(KEY);
    await client.close();
  });

  it('validates first: bad input is the caller’s error, not a dry run', async () => {
    const client = connect();
    const error = await client
      .runUnknown('createThing', { name: '' }, { dryRun: true })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'validation', parameter: 'name' });
    expect(server.calls).toHaveLength(0);
    await client.close();
  });

  it('records requests started together, and masks a key carried in the body', async () => {
    const client = connect();
    const dry = await client.run('sendBatches', { count: 3 }, { dryRun: true });
    expect(server.calls).toHaveLength(0);
    expect(dry.requests).toHaveLength(2);
    expect(dry.requests.map((request) => JSON.parse(request.body ?? '{}'))).toEqual([
      { api_key: '[REDACTED]', batch: 0, count: 3 },
      { api_key: '[REDACTED]', batch: 1, count: 3 },
    ]);
    // A call without credentials shows none.
    expect(dry.requests[0]?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(dry)).not.toContain(SECRET);
    await client.close();
  });

  it('leaves the client working for real runs afterwards', async () => {
    const client = connect();
    await client.run('getThing', { thingId: 'th_1' }, { dryRun: true });
    expect(await client.run('getThing', { thingId: 'th_7' })).toEqual({ id: 'th_7' });
    expect(server.calls).toHaveLength(1);
    await client.close();
  });
});

describe('dry runs of an HttpClient with an expired OAuth token', () => {
  it('neither refreshes the token nor sends the call', async () => {
    const client = new HttpClient({
      provider: 'Docs',
      baseUrls: { default: `${server.url}/v1`, token: `${server.url}/token` },
      auth: oauth2Auth({
        accessToken: 'ya29.expired_access_token',
        refreshToken: '1//refresh_token_secret',
        clientId: 'client-1',
        clientSecret: 'client-secret-123456',
        expiresAt: 1,
      }),
    });
    const state: RunState = { idempotencyKey: undefined, writes: 0, dryRun: { requests: [] } };
    await expect(withRun(state, () => client.request({ method: 'GET', path: '/files' }))).rejects.toThrow(
      /Dry run/,
    );
    expect(server.calls).toHaveLength(0);
    expect(state.dryRun?.requests).toEqual([
      {
        method: 'GET',
        url: `${server.url}/v1/files`,
        headers: { authorization: '[REDACTED] (an access token refreshed first)' },
      },
    ]);
    expect(JSON.stringify(state)).not.toMatch(/refresh_token_secret|client-secret/);
    await client.close();
  });
});

describe('validation messages', () => {
  const message = async (input: unknown) => {
    const client = connect();
    const error: any = await client.runUnknown('getThing', input).catch((caught: unknown) => caught);
    await client.close();
    return error;
  };

  it('says a required parameter is missing, with its type and what it is', async () => {
    const error = await message({});
    expect(error.message).toBe('Missing required parameter "thingId" (string, The thing’s id, th_…)');
    expect(error.parameter).toBe('thingId');
    expect(error.message).not.toMatch(/received undefined/);
  });

  it('says what a wrong type expected and what came', async () => {
    expect((await message({ thingId: 42 })).message).toBe(
      'Invalid parameter "thingId": expected string (The thing’s id, th_…), got number',
    );
    expect((await message({ thingId: 'th_1', limit: 'ten' })).message).toBe(
      'Invalid parameter "limit": expected number (How many), got string',
    );
    expect((await message({ thingId: 'th_1', mode: 'c' })).message).toMatch(
      /^Invalid parameter "mode": .*"a"\|"b"/,
    );
  });
});
