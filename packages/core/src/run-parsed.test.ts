import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearerAuth } from './auth/simple-auth.js';
import { type CommandDefinition, defineCommand } from './command.js';
import { defineConnector } from './connector.js';
import type { Connector } from './connector-types.js';
import { HttpClient } from './http/http-client.js';
import { createTestServer, type TestServer } from './testing/test-server.js';

// A host validates before it chooses a connection; `runParsed` then runs that same parsed input,
// with no second lookup and no second parse. Annotations are declared by every command.

interface Ctx {
  http: HttpClient;
  close(): Promise<void>;
}

/** `sizes` becomes numbers when parsed: its output is not valid input, so a second parse fails. */
const createThing = defineCommand({
  key: 'createThing',
  title: 'Create Thing',
  description: 'Creates a thing.',
  input: z.object({
    name: z.string().trim().min(1).meta({ title: 'Name', description: 'The name.' }),
    size: z
      .string()
      .regex(/^\d+$/)
      .transform(Number)
      .meta({ title: 'Size', description: 'A size, digits as text.' }),
  }),
  annotations: { readOnly: false },
  async run(input, ctx: Ctx, { signal }) {
    const sent = await ctx.http.request<Record<string, unknown>>({
      method: 'POST',
      path: '/things',
      json: input,
      signal,
    });
    return sent.data;
  },
});

function thingsConnector(id: string) {
  return defineConnector({
    id,
    title: 'Things',
    description: 'A test connector.',
    credentials: z.object({ apiKey: z.string().min(1) }),
    options: z.object({ baseUrl: z.url() }),
    auth: { type: 'apiKey' },
    commands: { createThing },
    createContext({ credentials, options }): Ctx {
      const client = new HttpClient({
        provider: 'Things',
        baseUrls: { default: options.baseUrl },
        auth: bearerAuth(credentials.apiKey),
        retry: { maxRetries: 0 },
      });
      return { http: client, close: () => client.close() };
    },
  });
}

const things = thingsConnector('things');

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer([
    http.post('*/things', async ({ request }) => HttpResponse.json({ received: await request.json() })),
  ]);
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const connect = () => things.connect({ credentials: { apiKey: 'k' }, baseUrl: server.url });

describe('runParsed', () => {
  it('runs what parse returned without parsing again', async () => {
    const client = connect();
    const safeParse = vi.spyOn(createThing.input, 'safeParse');
    try {
      const parsed = createThing.parse({ name: '  Ada ', size: '3' });
      const result = await client.runParsed(createThing, parsed, { idempotencyKey: 'k-1' });
      // A second parse would have refused `size: 3` (a number where digits as text are expected).
      expect(result).toEqual({ received: { name: 'Ada', size: 3 } });
      expect(safeParse).toHaveBeenCalledTimes(1);
      expect(server.calls).toHaveLength(1);
    } finally {
      safeParse.mockRestore();
      await client.close();
    }
  });

  it('parses input that parse did not return, and sends nothing when it is invalid', async () => {
    const client = connect();
    try {
      // Looks parsed, but no parse made it: it is checked like any input.
      const forged = { name: 'Ada', size: 3 };
      const error = await client.runParsed(createThing, forged).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'validation', parameter: 'size' });
      expect(server.calls).toHaveLength(0);
      expect(await client.runParsed(createThing, { name: 'Bo', size: '4' })).toEqual({
        received: { name: 'Bo', size: 4 },
      });
    } finally {
      await client.close();
    }
  });

  it('refuses a command of another connector, even under the same key', async () => {
    const lookalike = defineCommand({
      key: 'createThing',
      title: 'Create Thing',
      description: 'Another connector’s command of the same key.',
      input: z.object({ name: z.string() }),
      annotations: { readOnly: false },
      run: async () => ({}),
    });
    const client = connect();
    try {
      const error = await client
        .runParsed(lookalike, lookalike.parse({ name: 'Ada' }))
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'validation', parameter: 'command' });
      expect(server.calls).toHaveLength(0);
    } finally {
      await client.close();
    }
  });
});

describe('annotations', () => {
  const base = {
    key: 'x',
    title: 'X',
    description: 'x',
    input: z.object({}),
    run: async () => ({}),
  };

  it('are decided in full: absent readOnly and destructive are false, idempotent follows readOnly', () => {
    expect(defineCommand({ ...base, annotations: { readOnly: true } }).annotations).toEqual({
      readOnly: true,
      destructive: false,
      idempotent: true,
    });
    expect(defineCommand({ ...base, annotations: {} }).annotations).toEqual({
      readOnly: false,
      destructive: false,
      idempotent: false,
    });
    expect(
      defineCommand({ ...base, annotations: { destructive: true, idempotent: true } }).annotations,
    ).toEqual({ readOnly: false, destructive: true, idempotent: true });
  });

  it('are required: a definition without them is refused', () => {
    const untyped = base as unknown as CommandDefinition<z.ZodObject, unknown, unknown>;
    expect(() => defineCommand(untyped)).toThrow(/declares no annotations/);
  });
});

describe('Connector', () => {
  it('is the type every concrete connector is assignable to, with no cast', () => {
    // Checked by the type check of this file: a host's list holds connectors of any context.
    const list: Connector[] = [things, thingsConnector('more')];
    expect(list.map((connector) => connector.id)).toEqual(['things', 'more']);
  });
});
