import type { PaymentsSandbox } from '@c/payments/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { Registry } from '../registry.js';
import { McpClients } from '../test-support/mcp-clients.js';
import { type ServedHost, servedWithStripe } from '../test-support/served-host.js';
import { tempDir } from '../test-support/temp-host.js';
import { toolsetsOf } from './mcp-toolsets.js';

// Discovery by default, with the official SDK client over streamable HTTP and stdio: the core
// toolsets and the discovery tools first; describe, enable (announced), and run by id, bound by the
// same selection as the tools.

const TOKEN = 'mcp-discovery-token-0123456789';
const dir = tempDir();
const clients = new McpClients();
let registry: Registry;
let served: ServedHost;
let stripe: PaymentsSandbox;
let base: string;

beforeAll(async () => {
  const connectors = await loadConnectors();
  registry = new Registry(connectors);
  const withStripe = await servedWithStripe(connectors, TOKEN);
  ({ stripe, base } = withStripe);
  served = withStripe;
});

afterAll(async () => {
  await clients.close();
  await served?.close();
  dir.remove();
});

/** A client that counts the `notifications/tools/list_changed` it receives. */
function agent(): { client: Client; changes: () => number } {
  const client = clients.client();
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes += 1;
  });
  return { client, changes: () => changes };
}

async function overHttp(query = '') {
  const made = agent();
  await clients.http(base, TOKEN, query, made.client);
  return made;
}

async function overStdio(...flags: string[]) {
  const made = agent();
  const env = {
    C_HOST_DATA_DIR: dir.path,
    C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
    C_PAYMENTS_BASE_URL: stripe.url,
  };
  await clients.stdio(env, flags, made.client);
  return made;
}

const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);
const structured = (result: unknown) => (result as { structuredContent: any }).structuredContent;
const coreTools = () =>
  toolsetsOf(registry)
    .filter((toolset) => toolset.name === 'core')
    .flatMap((toolset) => toolset.commands.map((id) => id.replace('.', '_')));

describe.each([
  ['streamable HTTP', () => overHttp()],
  ['stdio', () => overStdio()],
])('discovery over %s', (_transport, open) => {
  it('lists the core toolsets and the discovery tools; enabling a toolset adds its tools', async () => {
    const { client, changes } = await open();
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    const first = await names(client);
    expect(first).toEqual(expect.arrayContaining([...new Set(coreTools())]));
    expect(first).toEqual(
      expect.arrayContaining(['list_toolsets', 'describe', 'enable_toolset', 'run_command']),
    );
    expect(first).not.toContain('payments_listRefunds');
    expect(first.length).toBeLessThan(registry.commands().length);
    expect(client.getInstructions()).toMatch(/enable_toolset/);

    const toolsets = structured(await client.callTool({ name: 'list_toolsets', arguments: {} })).toolsets;
    expect(toolsets).toContainEqual(
      expect.objectContaining({
        id: 'payments.refunds',
        listed: false,
        tools: expect.arrayContaining(['payments_listRefunds']),
      }),
    );
    expect(toolsets).toContainEqual(expect.objectContaining({ id: 'payments.core', listed: true }));

    const described = structured(
      await client.callTool({ name: 'describe', arguments: { id: 'payments.refunds' } }),
    );
    expect(described.commands.map((command: { id: string }) => command.id)).toContain('payments.listRefunds');
    const command = structured(
      await client.callTool({ name: 'describe', arguments: { id: 'payments.listRefunds' } }),
    ).command;
    expect(command.inputSchema.properties).toHaveProperty('limit');
    expect(command.outputSchema.type).toBe('object');

    const enabled = await client.callTool({ name: 'enable_toolset', arguments: { id: 'payments.refunds' } });
    expect(structured(enabled).tools).toContain('payments_listRefunds');
    expect(changes()).toBe(1);
    const after = await names(client);
    expect(after).toContain('payments_listRefunds');
    expect(after).toContain('payments_cancelRefund');
    const listed = await client.callTool({ name: 'payments_listRefunds', arguments: { limit: 1 } });
    expect(listed.isError, JSON.stringify(listed.content)).toBeFalsy();
  }, 60_000);

  it('runs any command by id, and says which id it does not know', async () => {
    const { client } = await open();
    const ran = await client.callTool({
      name: 'run_command',
      arguments: { command: 'payments.listRefunds', input: { limit: 1 } },
    });
    expect(ran.isError, JSON.stringify(ran.content)).toBeFalsy();
    expect(structured(ran).data).toBeInstanceOf(Array);
    const typo = await client.callTool({ name: 'describe', arguments: { id: 'payments.refund' } });
    expect(typo.isError).toBe(true);
    expect(JSON.parse((typo.content as { text: string }[])[0]!.text).error).toMatchObject({
      kind: 'validation',
      parameter: 'id',
      message: expect.stringContaining('Did you mean "payments.refunds"'),
    });
    const bad = await client.callTool({
      name: 'run_command',
      arguments: { command: 'payments.listRefunds', input: { limit: 'many' } },
    });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as { text: string }[])[0]!.text).error.parameter).toBe('limit');
  }, 60_000);
});

describe('discovery narrowed by the selection', () => {
  it('--read-only binds run_command and enable_toolset as it binds the tools (HTTP)', async () => {
    const before = stripe.server.calls.length;
    const { client } = await overHttp('?readOnly=1');
    const tools = (await client.listTools()).tools;
    expect(tools.find((tool) => tool.name === 'run_command')?.annotations?.readOnlyHint).toBe(true);
    const refused = await client.callTool({
      name: 'run_command',
      arguments: { command: 'payments.createRefund', input: { paymentIntent: 'pi_1' } },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content as { text: string }[])[0]!.text).error).toMatchObject({
      parameter: 'command',
      message: expect.stringMatching(/--read-only/),
    });
    await client.callTool({ name: 'enable_toolset', arguments: { id: 'payments.refunds' } });
    const after = await names(client);
    expect(after).toContain('payments_listRefunds');
    expect(after).not.toContain('payments_createRefund');
    expect(stripe.server.calls.length).toBe(before);
  });

  it('--toolsets core with --tools offers only the commands --tools names (stdio)', async () => {
    const { client } = await overStdio('--toolsets', 'core', '--tools', 'payments.*Refund*');
    const first = await names(client);
    expect(first.filter((name) => name.includes('_'))).toEqual(
      expect.arrayContaining(['payments_createRefund', 'run_command']),
    );
    expect(first).not.toContain('payments_getCustomers');
    const refused = await client.callTool({
      name: 'run_command',
      arguments: { command: 'payments.getCustomers', input: {} },
    });
    expect(refused.isError).toBe(true);
  }, 60_000);

  it('--toolsets all lists every command and no discovery tool', async () => {
    const { client } = await overHttp('?toolsets=all');
    const all = await names(client);
    expect(all).not.toContain('run_command');
    for (const entry of registry.commands()) expect(all).toContain(entry.toolName);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(false);
  });
});
