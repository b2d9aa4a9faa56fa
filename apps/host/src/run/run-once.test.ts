import { idempotencyKeys } from '@c/core/internal';
import type { TestServer } from '@c/core/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { runCommand } from '../cli/run.js';
import { ConnectionManager } from '../connections/connection-manager.js';
import { createHttpServer } from '../http/server.js';
import { Registry } from '../registry.js';
import '../test-support/fifth-connector.js';
import { FAKE_KEY, startFakeProvider, things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { runEnded, submitRun } from '../test-support/runs.js';
import { tempHost } from '../test-support/temp-host.js';

// A run is one pipeline (`Runner.check`, then `Runner.run`), whichever surface it comes from: it
// looks its command up once, parses its input once (the parsed input is what runs and what an
// idempotency record is bound to), resolves its connection once and checks its idempotency key
// once (core's connector takes the key as the host checked it). Counted here for every surface
// that runs commands: HTTP, MCP, the CLI, the async worker, and the runner itself.

const TOKEN = 'run-once-token-0123456789';
let provider: TestServer;
let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  provider = await startFakeProvider();
  host = await tempHost([things], { token: TOKEN });
  await host.connections.create(
    {
      name: 'shop',
      connector: 'things',
      credentials: { apiKey: FAKE_KEY },
      options: { baseUrl: provider.url },
    },
    { verify: false },
  );
  await host.connections.setDefault('shop');
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

/**
 * Counts, from now on and in every host of this process (the CLI opens its own): registry lookups,
 * one command's `parse` and the zod parses beneath it, connection resolutions and key checks.
 */
function count(key: keyof typeof things.commands) {
  restore();
  const command = things.commands[key];
  const spy = <T extends object>(target: T, method: keyof T & string) => {
    const made = vi.spyOn(target, method as never) as MockInstance;
    spies.push(made);
    return made;
  };
  const counted = {
    lookups: spy(Registry.prototype, 'command'),
    parses: spy(command, 'parse'),
    zodParses: spy(command.input, 'safeParse'),
    resolves: spy(ConnectionManager.prototype, 'resolve'),
    keyChecks: spy(idempotencyKeys, 'check'),
  };
  return () =>
    Object.fromEntries(Object.entries(counted).map(([name, made]) => [name, made.mock.calls.length]));
}

/** Each step once (a read's absent key is checked once too: it must stay absent). */
const once = { lookups: 1, parses: 1, zodParses: 1, resolves: 1, keyChecks: 1 };

describe('one run, one pass through the pipeline', () => {
  it('over HTTP: a read and a keyed write', async () => {
    const read = count('getThing');
    const got = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { input: { thingId: 'th_1' } },
    });
    expect(got.json).toEqual({ result: { id: 'th_1', object: 'thing' } });
    expect(read()).toEqual(once);

    const write = count('deleteThing');
    const deleted = await call(base, 'POST', '/api/commands/things.deleteThing/run', {
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { input: { thingId: 'th_2' }, idempotencyKey: 'run-once-1' },
    });
    expect(deleted.json).toEqual({ result: { id: 'th_2', deleted: true } });
    expect(write()).toEqual(once);
  });

  it('over MCP: the server finds the tool, so nothing looks it up again', async () => {
    const client = new Client({ name: 'run-once', version: '1.0.0' });
    await client.connect(
      // A destructive tool, allowed unasked: this client cannot ask the person (no elicitation).
      new StreamableHTTPClientTransport(new URL('/mcp?allowDestructive=1', base), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    try {
      const counted = count('deleteThing');
      const result = await client.callTool({
        name: 'things_deleteThing',
        arguments: { thingId: 'th_3', idempotencyKey: 'run-once-mcp' },
      });
      expect(result.structuredContent).toEqual({ id: 'th_3', deleted: true });
      expect(counted()).toEqual({ ...once, lookups: 0 });
    } finally {
      await client.close();
    }
  });

  it('from the CLI (`c-host run`, in this process)', async () => {
    const counted = count('deleteThing');
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    spies.push(out as unknown as MockInstance);
    await runCommand('things.deleteThing', {
      dataDir: host.dataDir,
      input: JSON.stringify({ thingId: 'th_4' }),
      idempotencyKey: 'run-once-cli',
      json: true,
    } as Parameters<typeof runCommand>[1]);
    expect(JSON.parse(out.mock.calls.map((args) => String(args[0])).join(''))).toEqual({
      id: 'th_4',
      deleted: true,
    });
    expect(counted()).toEqual(once);
  });

  it('as an async run, submitted and worked in this process', async () => {
    const counted = count('deleteThing');
    const id = await submitRun(base, TOKEN, {
      command: 'things.deleteThing',
      input: { thingId: 'th_5' },
      idempotencyKey: 'run-once-async',
    });
    const ended = await runEnded(base, TOKEN, id);
    expect(ended).toMatchObject({ status: 'succeeded', result: { id: 'th_5', deleted: true } });
    expect(counted()).toEqual(once);
  });

  it('through the runner by id', async () => {
    const counted = count('getThing');
    expect(await host.runner.call('things.getThing', { thingId: 'th_6' })).toEqual({
      id: 'th_6',
      object: 'thing',
    });
    expect(counted()).toEqual(once);
  });
});
