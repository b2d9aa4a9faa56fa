import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { createHttpServer } from '../http/server.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { tempHost } from '../test-support/temp-host.js';

const TOKEN = 'sandbox-mcp-token-0123456789';
let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
let app: FastifyInstance;
let client: Client;

beforeAll(async () => {
  host = await tempHost(await loadConnectors(), { token: TOKEN });
  sandbox = await startSandbox(host);
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await app.close();
  await sandbox.close();
  await host.cleanup();
});

describe('MCP tools against the sandbox', () => {
  it.each([
    ['payments_getCustomers', { limit: 2 }],
    ['analytics_behavioralCohorts', {}],
    ['analytics_sendEvents', { events: [{ event_type: 'Signed Up', user_id: 'u_1' }] }],
    ['issues_searchTeams', { name: 'eng', includeStates: true }],
    ['docs_searchDocuments', { name: 'sync' }],
  ])('%s runs on the sandbox connection', async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toBeDefined();
  });
});
