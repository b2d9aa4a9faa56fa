import { defineCommand, defineConnector } from '@c/core';
import type { TestServer } from '@c/core/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpServer } from '../http/server.js';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';

// What an agent meets over MCP (streamable HTTP, the official SDK client): a connection argument,
// tool selection, instructions, protocol errors, clear validation, bounded and schema-checked
// results, idempotency keys.

/** A connector whose commands answer from memory: lists of any size, a result off its schema. */
const lists = defineConnector({
  id: 'lists',
  title: 'Lists',
  description: 'Synthetic results for tests.',
  credentials: (z) => z.object({ token: z.string().min(1) }),
  options: (z) => z.object({}),
  auth: { type: 'apiKey' },
  env: { C_LISTS_TOKEN: 'credentials.token' },
  commands: {
    getRows: defineCommand({
      key: 'getRows',
      title: 'Get Rows',
      description: 'Rows in a Stripe-style list, newest first.',
      input: (z) =>
        z.object({
          limit: z.number().int().default(10).meta({ title: 'Limit', description: 'How many rows.' }),
          createdBefore: z
            .number()
            .int()
            .optional()
            .meta({ title: 'Created Before', description: 'Unix s.' }),
        }),
      output: (z) =>
        z.looseObject({ object: z.literal('list'), data: z.array(z.looseObject({ id: z.string() })) }),
      annotations: { readOnly: true },
      async run(input) {
        const data = Array.from({ length: input.limit }, (_, index) => ({
          id: `row_${index}`,
          created: 2_000_000_000 - index,
          text: 'x'.repeat(200),
        }));
        return { object: 'list' as const, data, has_more: false, url: '/v1/rows' };
      },
    }),
    searchNodes: defineCommand({
      key: 'searchNodes',
      title: 'Search Nodes',
      description: 'Nodes in a Linear-style page.',
      input: (z) =>
        z.object({
          limit: z.number().int().default(50).meta({ title: 'Limit', description: 'Page size.' }),
          cursor: z.string().optional().meta({ title: 'Cursor', description: 'pageInfo.endCursor.' }),
        }),
      annotations: { readOnly: true },
      async run(input) {
        const nodes = Array.from({ length: input.limit }, (_, index) => ({
          id: `n_${index}`,
          body: 'y'.repeat(300),
        }));
        return { nodes, pageInfo: { hasNextPage: true, endCursor: 'c_end' } };
      },
    }),
    getQuotes: defineCommand({
      key: 'getQuotes',
      title: 'Get Quotes',
      description: 'Rows of quote marks: two bytes each in JSON, four in the text copy of a message.',
      input: (z) =>
        z.object({
          limit: z.number().int().default(10).meta({ title: 'Limit', description: 'How many rows.' }),
        }),
      annotations: { readOnly: true },
      async run(input) {
        return {
          data: Array.from({ length: input.limit }, (_, index) => ({
            id: `q_${index}`,
            text: '"'.repeat(1000),
          })),
        };
      },
    }),
    getBlob: defineCommand({
      key: 'getBlob',
      title: 'Get Blob',
      description: 'One record of any size, with no list to cut.',
      input: (z) =>
        z.object({ size: z.number().int().default(10).meta({ title: 'Size', description: 'Characters.' }) }),
      annotations: { readOnly: true },
      async run(input) {
        return { id: 'blob_1', body: 'z'.repeat(input.size) };
      },
    }),
    offSchema: defineCommand({
      key: 'offSchema',
      title: 'Off Schema',
      description: 'Returns a result its output schema does not allow.',
      input: (z) => z.object({}),
      output: (z) => z.object({ id: z.string() }),
      annotations: { readOnly: true },
      async run() {
        return { id: 42 } as unknown as { id: string };
      },
    }),
  },
  createContext: () => ({ close: async () => {} }),
});

const TOKEN = 'mcp-agents-token-0123456789';
let main: TestServer;
let second: TestServer;
let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  main = await startFakeProvider();
  second = await startFakeProvider();
  host = await tempHost([things, lists], { token: TOKEN, env: { C_LISTS_TOKEN: 'lists-token-1' } });
  await host.access.init();
  for (const [name, provider] of [
    ['main', main],
    ['second', second],
  ] as const) {
    await host.connections.create({
      name,
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    });
  }
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
  await main.close();
  await second.close();
});

beforeEach(() => {
  main.reset();
  second.reset();
});

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

async function connect(query = ''): Promise<Client> {
  const client = new Client({ name: 'agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`/mcp${query}`, base), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    }),
  );
  clients.push(client);
  return client;
}

const errorOf = (result: object) =>
  JSON.parse((result as { content: { text: string }[] }).content[0]!.text).error;
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('tools', () => {
  it('all carry a title, the four hints and a connection argument; writes also an idempotencyKey', async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'things_getThing',
      'things_getThings',
      'things_deleteThing',
      'lists_getRows',
      'lists_searchNodes',
      'lists_getQuotes',
      'lists_getBlob',
      'lists_offSchema',
    ]);
    for (const tool of tools) {
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.inputSchema.properties?.connection, tool.name).toMatchObject({ type: 'string' });
      expect(tool.inputSchema.required ?? [], tool.name).not.toContain('connection');
      expect(Boolean(tool.inputSchema.properties?.idempotencyKey), tool.name).toBe(
        !tool.annotations?.readOnlyHint,
      );
    }
    // tools/list carries a compact output schema: the result's fields, more let through.
    expect(tools.find((tool) => tool.name === 'lists_getRows')?.outputSchema).toMatchObject({
      type: 'object',
      properties: { object: {}, data: { type: 'array' } },
    });
  });

  it('run on the connection an argument names, and on the default without one', async () => {
    const client = await connect();
    await client.callTool({ name: 'things_getThing', arguments: { thingId: 'th_1', connection: 'second' } });
    await client.callTool({ name: 'things_getThing', arguments: { thingId: 'th_2' } });
    expect(second.calls.map((c) => c.path)).toEqual(['/things/th_1']);
    expect(main.calls.map((c) => c.path)).toEqual(['/things/th_2']);

    for (const [connection, message] of [
      ['nope', /no connection named "nope"/],
      [7, /expected string/],
    ] as const) {
      const result = await client.callTool({
        name: 'things_getThing',
        arguments: { thingId: 'th_1', connection },
      });
      expect(result.isError).toBe(true);
      expect(errorOf(result)).toMatchObject({
        parameter: 'connection',
        message: expect.stringMatching(message),
      });
    }
  });

  it('say which parameter is missing and what it expects', async () => {
    const result = await (await connect()).callTool({ name: 'things_getThing', arguments: {} });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({
      kind: 'validation',
      parameter: 'thingId',
      message: 'Missing required parameter "thingId" (string, th_…)',
    });
  });
});

describe('the server', () => {
  it('sends instructions that name the connections and explain ids, pages and keys', async () => {
    const instructions = (await connect()).getInstructions() ?? '';
    expect(instructions).toMatch(/things: main \(default\), second/);
    expect(instructions).toMatch(/lists: env \(default\)/);
    for (const topic of [
      '`connection`',
      'pageInfo.endCursor',
      'idempotencyKey',
      'outcomeUnknown',
      'truncated: true',
    ]) {
      expect(instructions).toContain(topic);
    }
  });

  it('answers an unknown tool, and one outside its selection, with JSON-RPC error -32602', async () => {
    const client = await connect('?readOnly=1&tools=things.*');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'things_getThing',
      'things_getThings',
    ]);
    for (const name of ['things_nope', 'things_deleteThing']) {
      const error = await rejection(client.callTool({ name, arguments: { thingId: 'th_1' } }));
      expect(error, name).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    }
    expect(main.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('selects tools by id, tool name and glob, and refuses a selection that matches nothing', async () => {
    const client = await connect('?tools=lists_getRows,things.getThing');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'things_getThing',
      'lists_getRows',
    ]);
    const response = await call(base, 'POST', '/mcp?tools=payments.*', {
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      parameter: 'tools',
      message: expect.stringContaining('payments.*'),
    });
  });
});

describe('results', () => {
  it('are cut at a whole item past maxResultBytes, say so, and still match the output schema', async () => {
    const client = await connect('?maxResultBytes=16384');
    await client.listTools();
    const result = await client.callTool({ name: 'lists_getRows', arguments: { limit: 500 } });
    expect(result.isError).toBeFalsy();
    const text = (result.content as { text: string }[])[0]!.text;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(16384);
    const structured = result.structuredContent as any;
    expect(structured.truncated).toBe(true);
    expect(structured.truncation).toMatchObject({ path: 'data', received: 500, total: 500 });
    const returned = structured.truncation.returned as number;
    expect(returned).toBeGreaterThan(10);
    expect(structured.data).toHaveLength(returned);
    expect(structured.data.at(-1)).toEqual({
      id: `row_${returned - 1}`,
      created: 2_000_000_000 - returned + 1,
      text: 'x'.repeat(200),
    });
    expect(structured.truncation.nextInput).toEqual({
      limit: 500 - returned,
      createdBefore: 2_000_000_000 - returned + 2,
    });
    expect(JSON.parse(text)).toEqual(structured);
  });

  it('are bounded by tokens, 25,000 by default or as maxResultTokens says, naming the next call', async () => {
    const sizeOf = async (query: string) => {
      const client = await connect(query);
      const result = await client.callTool({ name: 'lists_getRows', arguments: { limit: 2000 } });
      const text = (result.content as { text: string }[])[0]!.text;
      const { truncation } = JSON.parse(text);
      expect(truncation.rest).toContain(
        `Next call: lists_getRows with ${JSON.stringify(truncation.nextInput)}.`,
      );
      return { bytes: Buffer.byteLength(text), returned: truncation.returned as number };
    };
    const byDefault = await sizeOf('');
    expect(byDefault.bytes).toBeLessThanOrEqual(25_000 * 3);
    // Whole items: one more would not have fit.
    expect(byDefault.bytes).toBeGreaterThan(25_000 * 3 - 1000);
    const smaller = await sizeOf('?maxResultTokens=5000');
    expect(smaller.bytes).toBeLessThanOrEqual(5000 * 3);
    expect(smaller.returned).toBeLessThan(byDefault.returned);
    // Both bounds given: the smaller holds.
    expect((await sizeOf('?maxResultTokens=100000&maxResultBytes=8192')).bytes).toBeLessThanOrEqual(8192);
    const refused = await call(base, 'POST', '/mcp?maxResultTokens=10', {
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ parameter: 'maxResultTokens' });
  });

  it('point a cut page at a smaller limit and the cursor', async () => {
    const client = await connect('?maxResultBytes=8192');
    const result = await client.callTool({
      name: 'lists_searchNodes',
      arguments: { limit: 100, cursor: 'c_1' },
    });
    const structured = result.structuredContent as any;
    expect(structured.truncation).toMatchObject({ path: 'nodes', received: 100 });
    expect(structured.truncation.total).toBeUndefined();
    expect(structured.truncation.rest).toMatch(/cursor/);
    expect(structured.truncation.nextInput).toEqual({ limit: structured.truncation.returned });
  });

  it('never make a message larger than a client accepts, even at the largest maxResultBytes with JSON that escapes twice', async () => {
    const response = await call(base, 'POST', '/mcp?maxResultBytes=4194304', {
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json, text/event-stream' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'lists_getQuotes', arguments: { limit: 3000 } },
      },
    });
    expect(response.status).toBe(200);
    // The official SDK's stdio client refuses a message over 10 MiB; the whole body is at least the message.
    expect(Buffer.byteLength(response.text)).toBeLessThan(10 * 1024 * 1024);
    const message = JSON.parse(response.json ? response.text : /^data: (.*)$/m.exec(response.text)![1]!) as {
      result: { isError?: boolean; content: { text: string }[]; structuredContent: any };
    };
    const { result } = message;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.truncated).toBe(true);
    expect(result.structuredContent.truncation).toMatchObject({ path: 'data', received: 3000 });
    expect(result.structuredContent.data).toHaveLength(result.structuredContent.truncation.returned);
    expect(Buffer.byteLength(result.content[0]!.text)).toBeLessThanOrEqual(4194304);
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
  });

  it('over the limit with no list to cut are a validation error that sends none of it', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'lists_getBlob', arguments: { size: 2 * 1024 * 1024 } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(errorOf(result)).toMatchObject({
      kind: 'validation',
      details: { maxResultTokens: 25_000, maxResultBytes: 75_000 },
    });
    expect(errorOf(result).message).toMatch(
      /larger than about 25000 tokens \(75000 bytes of JSON\) .*narrow the input/,
    );
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(4096);
    // Under the default bound it comes back whole.
    const small = await client.callTool({ name: 'lists_getBlob', arguments: { size: 1000 } });
    expect(small.structuredContent).toEqual({ id: 'blob_1', body: 'z'.repeat(1000) });
  });

  it('that do not match their output schema are an internal error carrying the result', async () => {
    const client = await connect();
    await client.listTools();
    const result = await client.callTool({ name: 'lists_offSchema', arguments: {} });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ kind: 'internal', details: { ranWithoutError: true } });
    expect(JSON.parse((result.content as { text: string }[])[1]!.text)).toEqual({ id: 42 });
  });
});

describe('idempotency keys', () => {
  it('make a repeated write call the provider once and return the first result', async () => {
    // A destructive tool: this client cannot ask the person, so the server was allowed to run it.
    const client = await connect('?allowDestructive=1');
    const args = { thingId: 'th_5', idempotencyKey: 'mcp-k-1' };
    const first = await client.callTool({ name: 'things_deleteThing', arguments: args });
    const again = await client.callTool({ name: 'things_deleteThing', arguments: args });
    expect(first.structuredContent).toEqual({ id: 'th_5', deleted: true });
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again._meta).toEqual({ 'c-host/idempotentReplay': true });
    expect(main.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);

    const other = await client.callTool({
      name: 'things_deleteThing',
      arguments: { thingId: 'th_6', idempotencyKey: 'mcp-k-1' },
    });
    expect(other.isError).toBe(true);
    expect(errorOf(other)).toMatchObject({ kind: 'validation', parameter: 'idempotencyKey' });
    expect(main.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
