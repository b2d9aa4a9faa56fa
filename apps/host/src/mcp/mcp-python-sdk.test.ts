import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { createHttpServer } from '../http/server.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { McpClients } from '../test-support/mcp-clients.js';
import { tempHost } from '../test-support/temp-host.js';

// Issue 29: what MCP publishes compiles in the Python SDK too. Its client checks a result against
// the tool's output schema with Python's `jsonschema` (`validator_for(schema).check_schema`, then
// validate); `test-support/python-schemas.py` does the same to every tool's schemas, the full ones
// `describe` gives included, and to real results of tools run on the sandbox. `pnpm test` installs
// Debian's python3-jsonschema when it is missing; in CI a missing one fails.

const script = fileURLToPath(new URL('../test-support/python-schemas.py', import.meta.url));
const python = ['python3', '/usr/bin/python3'].find(
  (command) => spawnSync(command, ['-c', 'import jsonschema'], { stdio: 'ignore' }).status === 0,
);

interface Checked {
  checked: number;
  validated: number;
  errors: string[];
}

/** Runs the Python SDK's checks on these tools and results. */
function pythonChecks(tools: object[], results: { name: string; structuredContent: unknown }[]): Checked {
  const out = spawnSync(python!, [script], { input: JSON.stringify({ tools, results }), encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`python-schemas.py failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as Checked;
}

const TOKEN = 'python-sdk-token-0123456789';
const clients = new McpClients();
let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
let app: FastifyInstance;
/** The default list (core toolsets and discovery), and every toolset listed. */
let client: Client;
let everything: Client;

if (!python && process.env.CI) {
  describe('what MCP publishes, in the Python SDK', () => {
    it("has Python's jsonschema", () => {
      throw new Error('python3 with jsonschema is missing (apt-get install -y python3-jsonschema)');
    });
  });
}

describe.skipIf(!python)('what MCP publishes, in the Python SDK', () => {
  beforeAll(async () => {
    host = await tempHost(await loadConnectors(), { token: TOKEN });
    sandbox = await startSandbox(host);
    app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    client = await clients.http(base, TOKEN);
    everything = await clients.http(base, TOKEN, '?toolsets=all');
  });

  afterAll(async () => {
    await clients.close();
    await app?.close();
    await sandbox?.close();
    await host?.cleanup();
  });

  it('reports a schema it cannot check and a result that does not match', () => {
    const tool = {
      name: 'broken',
      inputSchema: { type: 'object', properties: { id: { type: 'strng' } } },
      outputSchema: { type: 'object', required: ['id'] },
    };
    const checked = pythonChecks([tool], [{ name: 'broken', structuredContent: {} }]);
    expect(checked.errors).toEqual([
      expect.stringMatching(/^broken inputSchema: /),
      "broken result: 'id' is a required property",
    ]);
  });

  it("checks every tool's schemas and the full ones describe gives, and validates real results", async () => {
    const listed = (await client.listTools()).tools;
    const all = (await everything.listTools()).tools;
    expect(all.length).toBeGreaterThan(host.registry.commands().length);
    const tools = [...listed, ...all];
    const described = [];
    for (const entry of host.registry.commands()) {
      const answer = await client.callTool({ name: 'describe', arguments: { id: entry.toolName } });
      const { inputSchema, outputSchema } = (answer.structuredContent as { command: Record<string, object> })
        .command;
      described.push({
        name: `describe ${entry.toolName}`,
        inputSchema,
        ...(outputSchema && { outputSchema }),
      });
    }
    const results = [];
    for (const [name, args] of [
      ['payments_getCustomers', { limit: 2 }],
      ['analytics_behavioralCohorts', {}],
      ['issues_searchTeams', { name: 'eng', includeStates: true }],
      ['docs_searchDocuments', { name: 'sync' }],
      ['list_toolsets', {}],
    ] as const) {
      const result = await (name === 'list_toolsets' ? client : everything).callTool({
        name,
        arguments: args,
      });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      results.push({ name, structuredContent: result.structuredContent });
    }
    const checked = pythonChecks([...tools, ...described], results);
    console.info(
      `Python jsonschema: ${checked.checked} schemas checked (${listed.length} tools listed by default, ${all.length} with every toolset, ${described.length} commands described), ${checked.validated} results validated`,
    );
    expect(checked.errors).toEqual([]);
    expect(checked.validated).toBe(results.length);
    expect(checked.checked).toBeGreaterThan(2 * tools.length);
  }, 120_000);
});
