import type { TestServer } from '@c/core/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createHttpServer } from '../http/server.js';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';

// A run looks its command up once and parses its input once, whichever surface it comes from: the
// surface finds the command, the host parses and keeps the parsed input (what an idempotency record
// is bound to), and the connector runs that same object (`client.runParsed`).

const TOKEN = 'run-once-token-0123456789';
let provider: TestServer;
let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  provider = await startFakeProvider();
  host = await tempHost([things], {
    token: TOKEN,
    env: { C_THINGS_API_KEY: FAKE_KEY, C_THINGS_BASE_URL: provider.url },
  });
  await host.access.init();
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
  await provider.close();
});

const spies: MockInstance[] = [];

const restore = () => {
  for (const spy of spies.splice(0)) spy.mockRestore();
};
afterEach(restore);

/** Counts registry lookups, `parse` calls and the zod parses beneath them, from now on, for one command. */
function count(key: keyof typeof things.commands) {
  restore();
  const command = things.commands[key];
  const spy = <T extends object>(target: T, method: keyof T & string) => {
    const made = vi.spyOn(target, method as never) as MockInstance;
    spies.push(made);
    return made;
  };
  return {
    lookups: spy(host.registry, 'command'),
    parses: spy(command, 'parse'),
    zodParses: spy(command.input, 'safeParse'),
  };
}

const calls = (counted: ReturnType<typeof count>) => ({
  lookups: counted.lookups.mock.calls.length,
  parses: counted.parses.mock.calls.length,
  zodParses: counted.zodParses.mock.calls.length,
});

describe('one run', () => {
  it('over HTTP: one lookup and one parse, for a read and for a keyed write', async () => {
    const counted = count('getThing');
    const read = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { input: { thingId: 'th_1' } },
    });
    expect(read.json).toEqual({ result: { id: 'th_1', object: 'thing' } });
    expect(calls(counted)).toEqual({ lookups: 1, parses: 1, zodParses: 1 });

    const write = count('deleteThing');
    const deleted = await call(base, 'POST', '/api/commands/things.deleteThing/run', {
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { input: { thingId: 'th_2' }, idempotencyKey: 'run-once-1' },
    });
    expect(deleted.json).toEqual({ result: { id: 'th_2', deleted: true } });
    expect(calls(write)).toEqual({ lookups: 1, parses: 1, zodParses: 1 });
  });

  it('over MCP: the server finds the tool, nothing looks it up again, one parse', async () => {
    const client = new Client({ name: 'run-once', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', base), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    try {
      const counted = count('getThing');
      const result = await client.callTool({ name: 'things_getThing', arguments: { thingId: 'th_3' } });
      expect(result.structuredContent).toEqual({ id: 'th_3', object: 'thing' });
      expect(calls(counted)).toEqual({ lookups: 0, parses: 1, zodParses: 1 });
    } finally {
      await client.close();
    }
  });

  it('by id through the connection manager: one lookup and one parse', async () => {
    const counted = count('getThing');
    expect(await host.connections.run('things.getThing', { thingId: 'th_4' })).toEqual({
      id: 'th_4',
      object: 'thing',
    });
    expect(calls(counted)).toEqual({ lookups: 1, parses: 1, zodParses: 1 });
  });
});
