import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorIds, loadConnectors } from './connectors.js';
import { createHttpServer } from './http/server.js';
import { type Sandbox, startSandbox } from './sandbox/sandbox.js';
import { runCli } from './test-support/cli.js';
import { FAKE_KEY } from './test-support/fake-connector.js';
import { fifthConnector } from './test-support/fifth-connector.js';
import { call } from './test-support/http.js';
import { tempHost } from './test-support/temp-host.js';

// ARCHITECTURE.md, "Adding a fifth connector": a connector added to the one list that loads the
// packages (here the fake `things`, added by test-support/fifth-connector.ts) reaches every surface
// (registry, CLI, HTTP API and OpenAPI, MCP, sandbox) with no other change to apps/.

const TOKEN = 'fifth-connector-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
let app: FastifyInstance;
let base: string;
let mcp: Client | undefined;

beforeAll(async () => {
  host = await tempHost(await loadConnectors(), { token: TOKEN });
  await host.access.init();
  sandbox = await startSandbox(host);
  // The sandbox records no calls; these tests read what reached the simulator.
  sandbox.simulators.things!.server.limitRecording?.(undefined);
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await mcp?.close();
  await app?.close();
  await sandbox?.close();
  await host?.cleanup();
});

/** The requests that reached the fake provider's simulator, as `METHOD path` with the key used. */
const reached = () =>
  sandbox.simulators.things!.server.calls.map((call) => ({
    request: `${call.method} ${call.path}`,
    authorization: call.headers.authorization,
  }));

describe('a fifth connector', () => {
  it('is in the registry beside the built-in ones, with its commands under qualified ids', () => {
    expect(connectorIds.at(-1)).toBe('things');
    expect(host.registry.connectors().map((connector) => connector.id)).toEqual(connectorIds);
    expect(connectorIds).toHaveLength(5);
    const entry = host.registry.require('things_getThing');
    expect(entry).toMatchObject({ id: 'things.getThing', connectorId: 'things', key: 'getThing' });
    expect(entry.command.annotations).toEqual({ readOnly: true, destructive: false, idempotent: true });
  });

  it('gets its simulator started by the sandbox, with a sandbox connection to it', async () => {
    expect(sandbox.failures).toEqual({});
    expect(sandbox.connections.things).toBe('sandbox-things');
    expect(await host.connections.get('sandbox-things')).toMatchObject({
      connector: 'things',
      sandbox: true,
      isDefault: true,
      options: { baseUrl: sandbox.urls.things },
    });
  });

  it('is listed, described and run over the HTTP API, and documented in OpenAPI', async () => {
    const connectors = await call(base, 'GET', '/api/connectors', { headers: auth });
    expect(connectors.json.map((connector: { id: string }) => connector.id)).toContain('things');
    const commands = await call(base, 'GET', '/api/commands', { headers: auth });
    expect(commands.json.filter((command: { connector: string }) => command.connector === 'things')).toEqual([
      expect.objectContaining({
        id: 'things.getThing',
        annotations: expect.objectContaining({ readOnly: true }),
      }),
      expect.objectContaining({ id: 'things.getThings' }),
      expect.objectContaining({
        id: 'things.deleteThing',
        annotations: expect.objectContaining({ destructive: true }),
      }),
    ]);
    const detail = await call(base, 'GET', '/api/commands/things.getThing', { headers: auth });
    expect(detail.json.inputSchema.properties.thingId.title).toBe('Thing Id');
    expect(detail.json.outputSchema.properties.object).toEqual({ type: 'string', const: 'thing' });

    const before = reached().length;
    const ran = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { input: { thingId: 'th_http' } },
    });
    expect(ran.status).toBe(200);
    expect(ran.json).toEqual({ result: { id: 'th_http', object: 'thing' } });
    expect(reached().slice(before)).toEqual([
      { request: 'GET /things/th_http', authorization: `Bearer ${FAKE_KEY}` },
    ]);
    const refused = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { input: { thingId: 'nope' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ kind: 'validation', parameter: 'thingId' });
    expect(reached().length).toBe(before + 1);

    const openapi = await call(base, 'GET', '/api/openapi.json', { headers: auth });
    const operation = openapi.json.paths['/api/commands/things.getThing/run'].post;
    expect(operation).toMatchObject({ operationId: 'things_getThing', tags: ['Things'] });
    expect(JSON.stringify(operation)).toContain('"thingId"');
  });

  it('is offered and called as MCP tools', async () => {
    mcp = new Client({ name: 'fifth-connector-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', base), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    const tools = (await mcp.listTools()).tools.filter((tool) => tool.name.startsWith('things_'));
    expect(tools.map((tool) => tool.name)).toEqual([
      'things_getThing',
      'things_getThings',
      'things_deleteThing',
    ]);
    expect(tools[2]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools[0]!.outputSchema).toMatchObject({ type: 'object' });
    const instructions = mcp.getInstructions() ?? '';
    expect(instructions).toContain('things (Things)');
    expect(instructions).toMatch(/things: sandbox-things \(default\)/);

    const result = await mcp.callTool({ name: 'things_getThing', arguments: { thingId: 'th_mcp' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ id: 'th_mcp', object: 'thing' });
    expect(reached().at(-1)).toEqual({ request: 'GET /things/th_mcp', authorization: `Bearer ${FAKE_KEY}` });
  });

  it('is listed, described and run by the CLI', async () => {
    const options = { preload: [fifthConnector], env: { C_HOST_DATA_DIR: host.dataDir } };
    const list = await runCli(['list', '--connector', 'things'], options);
    expect(list.stderr).toBe('');
    expect(list.json.map((command: { id: string }) => command.id)).toEqual([
      'things.getThing',
      'things.getThings',
      'things.deleteThing',
    ]);
    const detail = await runCli(['describe', 'things.deleteThing'], options);
    expect(detail.json).toMatchObject({
      id: 'things.deleteThing',
      annotations: { readOnly: false, destructive: true, idempotent: false },
      inputSchema: { properties: { thingId: { title: 'Thing Id' } } },
    });

    // On the sandbox connection this process started: the CLI reads it from the same data directory.
    const ran = await runCli(['run', 'things.getThing', '-p', 'thingId=th_cli'], options);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.json).toEqual({ id: 'th_cli', object: 'thing' });
    expect(reached().at(-1)).toEqual({ request: 'GET /things/th_cli', authorization: `Bearer ${FAKE_KEY}` });

    const bad = await runCli(['run', 'things.getThing', '-p', 'thingId=nope'], options);
    expect(bad.code).toBe(2);
    expect(bad.error).toMatchObject({ kind: 'validation', parameter: 'thingId' });
    expect(reached().at(-1)?.request).toBe('GET /things/th_cli');
  });
});
