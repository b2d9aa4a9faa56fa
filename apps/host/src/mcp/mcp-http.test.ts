import type { TestServer } from '@c/core/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test-support/http.js';
import { type ServedHost, servedWithThings } from '../test-support/served-host.js';

const TOKEN = 'mcp-test-token-0123456789';
let served: ServedHost;
let provider: TestServer;
let host: ServedHost['host'];
let base: string;

beforeAll(async () => {
  const withThings = await servedWithThings(TOKEN);
  ({ provider, host, base } = withThings);
  served = withThings;
});

afterAll(async () => {
  await served.close();
});

async function connect(token = TOKEN): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', base), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

describe('MCP over streamable HTTP', () => {
  it('lists every command as a tool with title, schemas and hints', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'things_getThing',
      'things_getThings',
      'things_deleteThing',
    ]);
    const get = tools[0]!;
    expect(get).toMatchObject({
      title: 'Get Thing',
      description: 'Reads one thing by id.',
      // A form's words (titles) are left out of tools/list; the type and description stay.
      inputSchema: { type: 'object', properties: { thingId: { type: 'string' } } },
      annotations: { readOnlyHint: true, destructiveHint: false },
    });
    expect(tools[2]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    await client.close();
  });

  it('runs a tool, and returns a failing command as an isError result carrying the error JSON', async () => {
    const client = await connect();
    const ok = await client.callTool({ name: 'things_getThing', arguments: { thingId: 'th_5' } });
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent).toEqual({ id: 'th_5', object: 'thing' });
    expect(JSON.parse((ok.content as { text: string }[])[0]!.text)).toEqual({ id: 'th_5', object: 'thing' });

    const missing = await client.callTool({ name: 'things_getThing', arguments: { thingId: 'th_missing' } });
    expect(missing.isError).toBe(true);
    expect(JSON.parse((missing.content as { text: string }[])[0]!.text).error).toMatchObject({
      kind: 'not_found',
    });

    const invalid = await client.callTool({ name: 'things_getThing', arguments: { thingId: 42 } });
    expect(invalid.isError).toBe(true);
    expect(JSON.parse((invalid.content as { text: string }[])[0]!.text).error).toMatchObject({
      kind: 'validation',
      parameter: 'thingId',
    });
    await client.close();
  });

  it('reports progress to a client that asks for it', async () => {
    const client = await connect();
    const updates: { progress: number; total?: number }[] = [];
    const result = await client.callTool({ name: 'things_getThings', arguments: { limit: 3 } }, undefined, {
      onprogress: (update) => updates.push(update),
    });
    expect(result.isError).toBeFalsy();
    expect(updates.map((update) => [update.progress, update.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    await client.close();
  });

  it('requires the access token', async () => {
    await expect(connect('wrong-token')).rejects.toThrow();
    const response = await call(base, 'POST', '/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(response.status).toBe(401);
  });
});
