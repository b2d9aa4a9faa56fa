import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearerAuth } from './auth/simple-auth.js';
import { defineCommand } from './command.js';
import { contextOf, defineConnector } from './connector.js';
import { ValidationError } from './errors/validation-error.js';
import { withTuning } from './http/client-options.js';
import { HttpClient } from './http/http-client.js';
import { createTestServer, type TestServer } from './testing/test-server.js';

interface Ctx {
  http: HttpClient;
  close(): Promise<void>;
}

const getThing = defineCommand({
  key: 'getThing',
  title: 'Get Thing',
  description: 'Reads a thing.',
  input: z.object({
    thingId: z
      .string()
      .regex(/^th_\w+$/, 'must start with th_')
      .meta({ title: 'Thing Id', description: 'The id.' }),
    limit: z.number().int().positive().default(10).meta({ title: 'Limit', description: 'How many.' }),
    tags: z
      .array(z.object({ name: z.string().min(1).meta({ title: 'Name', description: 'Tag name' }) }))
      .optional()
      .meta({ title: 'Tags', description: 'Tags.' }),
  }),
  annotations: { readOnly: true },
  async run(input, ctx: Ctx) {
    const response = await ctx.http.request<{ id: string }>({
      method: 'GET',
      path: `/things/${input.thingId}`,
    });
    return { ...response.data, limit: input.limit };
  },
});

const things = defineConnector({
  id: 'things',
  title: 'Things',
  description: 'A test connector.',
  credentials: z.object({ apiKey: z.string().min(1).meta({ title: 'API Key', description: 'key' }) }),
  options: z.object({ baseUrl: z.url().default('https://api.example.com') }),
  auth: { type: 'apiKey' },
  commands: { getThing },
  createContext({ credentials, options, http }): Ctx {
    const client = new HttpClient(
      withTuning(
        { provider: 'Things', baseUrls: { default: options.baseUrl }, auth: bearerAuth(credentials.apiKey) },
        http,
      ),
    );
    return { http: client, close: () => client.close() };
  },
  verify: (ctx) => ctx.http.request({ method: 'GET', path: '/things/th_me' }),
});

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer([
    http.get('*/things/:id', ({ params }) => HttpResponse.json({ id: params.id })),
  ]);
});
afterAll(() => server.close());

describe('defineConnector / defineCommand', () => {
  it('runs a typed command and applies defaults', async () => {
    const client = things.connect({ credentials: { apiKey: 'key_123456' }, baseUrl: server.url });
    const result = await client.run('getThing', { thingId: 'th_1' });
    expect(result).toEqual({ id: 'th_1', limit: 10 });
    await client.verify();
    await client.close();
  });

  it('validates input before sending and names the parameter', async () => {
    server.reset();
    const client = things.connect({ credentials: { apiKey: 'key_123456' }, baseUrl: server.url });
    const cases: [unknown, string][] = [
      [{}, 'thingId'],
      [{ thingId: 'x_1' }, 'thingId'],
      [{ thingId: 'th_1', limit: 0 }, 'limit'],
      [{ thingId: 'th_1', limit: 1.5 }, 'limit'],
      [{ thingId: 'th_1', tags: [{ name: '' }] }, 'tags.0.name'],
      [{ thingId: 'th_1', tigs: [] }, 'tigs'],
    ];
    for (const [input, parameter] of cases) {
      const error: any = await client.runUnknown('getThing', input).catch((e: unknown) => e);
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
      expect(error.message).toContain(`"${parameter}"`);
    }
    expect(server.calls).toHaveLength(0);
    const unknown: any = await client.runUnknown('nope', {}).catch((e: unknown) => e);
    expect(unknown.parameter).toBe('command');
    await client.close();
  });

  it('applies a connection’s retry tuning, and a run deadline', async () => {
    const tuned = things.connect({
      credentials: { apiKey: 'key_123456' },
      baseUrl: server.url,
      http: { retry: { maxRetries: 4, baseDelayMs: 1, maxDelayMs: 2 } },
    });
    server.reset();
    server.fault({ type: 'status', status: 503, body: '{}', times: 4 });
    expect(await tuned.run('getThing', { thingId: 'th_9' })).toEqual({ id: 'th_9', limit: 10 });
    expect(server.calls).toHaveLength(5);
    server.fault({ type: 'stall' });
    const error: any = await tuned
      .runUnknown('getThing', { thingId: 'th_9' }, { timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error.kind).toBe('timeout');
    server.clearFaults();
    await tuned.close();
  });

  it('gives library helpers the context behind a client', async () => {
    const client = things.connect({ credentials: { apiKey: 'key_123456' }, baseUrl: server.url });
    expect(contextOf<Ctx>(client).http).toBeInstanceOf(HttpClient);
    expect(() => contextOf({} as never)).toThrow(/connect/);
    await client.close();
  });

  it('validates credentials and options on connect', () => {
    expect(() => things.connect({ credentials: { apiKey: '' }, baseUrl: server.url })).toThrow(
      /credentials.apiKey/,
    );
    expect(() => things.connect({ credentials: { apiKey: 'k' }, baseUrl: 'not a url' })).toThrow(/baseUrl/);
  });

  it('refuses an unknown option and a credential given as an option, naming it', () => {
    const attempt = (extra: Record<string, unknown>) => {
      try {
        things.connect({ credentials: { apiKey: 'key_123456' }, baseUrl: server.url, ...extra } as never);
      } catch (error) {
        return error as ValidationError;
      }
      throw new Error('connect accepted it');
    };
    const unknown = attempt({ baseUrl2: 'https://evil.example' });
    expect(ValidationError.isInstance(unknown)).toBe(true);
    expect(unknown).toMatchObject({ parameter: 'baseUrl2' });
    expect(unknown.message).toMatch(/not an option.*baseUrl/);
    const credential = attempt({ apiKey: 'key_of_someone_else' });
    expect(credential).toMatchObject({ parameter: 'apiKey' });
    expect(credential.message).toMatch(/is a credential/);
    expect(credential.message).not.toContain('key_of_someone_else');
  });

  it('checks stored options: credentials in them are refused as options.credentials', () => {
    expect(things.parseOptions({ baseUrl: server.url })).toEqual({ baseUrl: server.url });
    expect(things.parseOptions({})).toEqual({ baseUrl: 'https://api.example.com' });
    for (const [options, parameter] of [
      [{ credentials: { apiKey: 'stolen_key_1' } }, 'options.credentials'],
      [{ apiKey: 'stolen_key_1' }, 'options.apiKey'],
      [{ onTokens: 'x' }, 'options.onTokens'],
      [{ http: { retry: { maxRetries: 100 } } }, 'options.http'],
      [{ baseUrl: 'not a url' }, 'options.baseUrl'],
    ] as const) {
      let caught: unknown;
      try {
        things.parseOptions(options);
      } catch (error) {
        caught = error;
      }
      expect(ValidationError.isInstance(caught), parameter).toBe(true);
      expect(caught, parameter).toMatchObject({ parameter });
      expect((caught as Error).message).toContain(`"${parameter}"`);
    }
  });

  it('derives JSON Schema with titles and descriptions from zod', () => {
    const schema = getThing.inputSchema as {
      type: string;
      required: string[];
      properties: Record<string, { title?: string; description?: string; default?: unknown }>;
      additionalProperties: boolean;
    };
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['thingId']);
    expect(schema.properties.thingId).toMatchObject({ title: 'Thing Id', description: 'The id.' });
    expect(schema.properties.limit).toMatchObject({ title: 'Limit', default: 10 });
    expect(schema.additionalProperties).toBe(false);
    expect(things.list.map((command) => command.key)).toEqual(['getThing']);
  });
});

describe('JSON Schema of nullable fields', () => {
  it('lifts title and description out of anyOf branches', () => {
    const command = defineCommand({
      key: 'clear',
      title: 'Clear',
      description: 'x',
      input: (z) =>
        z.object({
          dueDate: z
            .string()
            .meta({ title: 'Due Date', description: 'A date, or null to clear it.' })
            .nullable()
            .optional(),
        }),
      annotations: { readOnly: true },
      async run() {
        return {};
      },
    });
    const schema = command.inputSchema as {
      properties: Record<string, { title?: string; description?: string }>;
    };
    expect(schema.properties.dueDate).toMatchObject({
      title: 'Due Date',
      description: 'A date, or null to clear it.',
    });
  });
});
