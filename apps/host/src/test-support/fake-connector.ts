import { bearerAuth, defineCommand, defineConnector, HttpClient } from '@c/core';
import { createTestServer, defineSimulator, type RunningSimulator, type TestServer } from '@c/core/testing';
import { HttpResponse, http } from 'msw';

/** The key the fake provider accepts. */
export const FAKE_KEY = 'sk_test_fake_0123456789abcdef4242';

interface Ctx {
  http: HttpClient;
  close(): Promise<void>;
}

const getThing = defineCommand({
  key: 'getThing',
  title: 'Get Thing',
  description: 'Reads one thing by id.',
  input: (z) =>
    z.object({
      thingId: z
        .string()
        .regex(/^th_/, 'must start with th_')
        .meta({ title: 'Thing Id', description: 'th_…' }),
    }),
  output: (z) => z.looseObject({ id: z.string(), object: z.literal('thing') }),
  annotations: { readOnly: true },
  async run(input, ctx: Ctx, { signal }) {
    const path = `/things/${input.thingId}`;
    return (await ctx.http.request<{ id: string; object: 'thing' }>({ method: 'GET', path, signal })).data;
  },
});

const getThings = defineCommand({
  key: 'getThings',
  title: 'Get Things',
  description: 'Lists things, reporting progress per page.',
  input: (z) =>
    z.object({ limit: z.number().int().default(3).meta({ title: 'Limit', description: 'How many' }) }),
  annotations: { readOnly: true },
  async run(input, ctx: Ctx, { signal, onProgress }) {
    const data: unknown[] = [];
    for (let index = 0; index < input.limit; index += 1) {
      const response = await ctx.http.request<{ id: string }>({
        method: 'GET',
        path: `/things/th_${index}`,
        signal,
      });
      data.push(response.data);
      onProgress?.({ current: index + 1, total: input.limit, message: 'things' });
    }
    return { object: 'list', data, has_more: false };
  },
});

const deleteThing = defineCommand({
  key: 'deleteThing',
  title: 'Delete Thing',
  description: 'Deletes one thing.',
  input: (z) => z.object({ thingId: z.string().meta({ title: 'Thing Id', description: 'th_…' }) }),
  annotations: { destructive: true },
  async run(input, ctx: Ctx, { signal }) {
    return (await ctx.http.request({ method: 'DELETE', path: `/things/${input.thingId}`, signal })).data;
  },
});

/** A small API-key connector in the shape of the real ones, for tests that need no real provider. */
export const things = defineConnector({
  id: 'things',
  title: 'Things',
  description: 'A fake provider for tests.',
  credentials: (z) =>
    z.object({ apiKey: z.string().min(1).meta({ title: 'API Key', description: 'The key' }) }),
  options: (z) =>
    z.object({
      baseUrl: z.url().default('http://127.0.0.1:9').meta({ title: 'Base URL', description: 'Where' }),
    }),
  auth: { type: 'apiKey' },
  env: { C_THINGS_API_KEY: 'credentials.apiKey', C_THINGS_BASE_URL: 'baseUrl' },
  commands: { getThing, getThings, deleteThing },
  createContext({ credentials, options }): Ctx {
    const client = new HttpClient({
      provider: 'Things',
      baseUrls: { default: options.baseUrl },
      auth: bearerAuth(credentials.apiKey),
      retry: { maxRetries: 0 },
    });
    return { http: client, close: () => client.close() };
  },
  verify: (ctx) => ctx.http.request({ method: 'GET', path: '/me' }),
  simulator: async () => thingsSimulator,
});

/** The fake provider: things by id, `/me` for verify, 401 for a wrong key, 429 for `th_busy`. */
export function startFakeProvider(options: { port?: number; host?: string } = {}): Promise<TestServer> {
  const authorized = (request: Request) => request.headers.get('authorization') === `Bearer ${FAKE_KEY}`;
  const unauthorized = () =>
    HttpResponse.json(
      { error: { message: 'Invalid API Key provided', type: 'invalid_request_error' } },
      { status: 401 },
    );
  return createTestServer(
    [
      http.get('*/me', ({ request }) =>
        authorized(request) ? HttpResponse.json({ id: 'acct_1' }) : unauthorized(),
      ),
      http.get('*/things/:id', ({ request, params }) => {
        if (!authorized(request)) return unauthorized();
        if (params.id === 'th_missing')
          return HttpResponse.json({ error: { message: 'No such thing' } }, { status: 404 });
        if (params.id === 'th_busy') {
          return HttpResponse.json(
            { error: { message: 'Slow down' } },
            { status: 429, headers: { 'retry-after': '7' } },
          );
        }
        return HttpResponse.json({ id: params.id, object: 'thing' });
      }),
      http.delete('*/things/:id', ({ request, params }) =>
        authorized(request) ? HttpResponse.json({ id: params.id, deleted: true }) : unauthorized(),
      ),
    ],
    options,
  );
}

/** The running fake provider, in the one shape every simulator has. */
export type ThingsSimulator = RunningSimulator<{ apiKey: string }, { baseUrl: string }>;

/**
 * The fake provider as the connector's simulator (core's `defineSimulator`), so the sandbox starts it
 * as it starts the real ones. It answers any `th_…` id, so there is nothing to seed.
 */
export const thingsSimulator = defineSimulator<ThingsSimulator>({
  connectorId: 'things',
  speaks: 'the fake Things API',
  async start(options = {}) {
    const server = await startFakeProvider({ port: options.port, host: options.host });
    return {
      connectorId: 'things',
      url: server.url,
      server,
      connection: { credentials: { apiKey: FAKE_KEY }, options: { baseUrl: server.url } },
      reset: () => server.reset(),
      close: () => server.close(),
    };
  },
});
