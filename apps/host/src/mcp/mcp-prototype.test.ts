import type { TestServer } from '@c/core/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { tempHost } from '../test-support/temp-host.js';
import { guardInputKeys } from './input-guard.js';
import { createMcpServer } from './mcp-server.js';

// MCP tool arguments carrying `__proto__`, `constructor` and `prototype` keys, handed to the tool
// server as stdio hands them on (parsed by JSON.parse, so `__proto__` is an own key; no HTTP body
// parser in front to refuse it). A merge that let one reach a prototype could switch the connection
// (to another account) or the thing asked for: the attack is that `second` or `th_evil` is reached.

let main: TestServer;
let second: TestServer;
let host: Awaited<ReturnType<typeof tempHost>>;
let server: Server;
let client: Client;

beforeAll(async () => {
  main = await startFakeProvider();
  second = await startFakeProvider();
  host = await tempHost([things]);
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
  // Creating them checked each key with the provider: only the tool calls count below.
  main.reset();
  second.reset();
  server = createMcpServer(host);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // As `c-host mcp` guards stdio: a transport that hands over parsed messages.
  guardInputKeys(serverSide);
  await server.connect(serverSide);
  client = new Client({ name: 'agent', version: '1.0.0' });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client?.close();
  await server.close();
  await host.cleanup();
  await main.close();
  await second.close();
});

describe('MCP tool arguments with prototype keys', () => {
  it('are refused as the HTTP API refuses them: nothing sent, nothing polluted', async () => {
    for (const text of [
      '{"thingId":"th_1","__proto__":{"connection":"second","thingId":"th_evil","polluted":1}}',
      '{"thingId":"th_1","constructor":{"prototype":{"connection":"second","polluted":1}}}',
      '{"thingId":"th_1","prototype":{"connection":"second","polluted":1}}',
    ]) {
      // JSON.parse makes `__proto__` an own key, as stdio's line parser does.
      const args = JSON.parse(text) as Record<string, unknown>;
      const outcome = await client.callTool({ name: 'things_getThing', arguments: args }).then(
        (result) => result,
        (error: unknown) => ({ rejected: error }),
      );
      expect(({} as Record<string, unknown>).polluted, text).toBeUndefined();
      expect(second.calls, text).toEqual([]);
      expect(
        main.calls.filter((entry) => entry.path !== '/things/th_1'),
        text,
      ).toEqual([]);
      // Refused as the HTTP API refuses the same body: an invalid-params error naming the key, nothing sent.
      expect(main.calls, text).toEqual([]);
      const { rejected } = outcome as { rejected: { code: number; message: string; data: unknown } };
      expect(rejected?.code, text).toBe(-32602);
      expect(rejected.message, text).toMatch(
        /the key "(__proto__|constructor|prototype)" is not allowed in a command's input/,
      );
      expect(rejected.data, text).toMatchObject({ kind: 'validation' });
    }
  });
});
