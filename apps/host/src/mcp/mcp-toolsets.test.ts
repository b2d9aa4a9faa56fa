import { ValidationError } from '@c/core';
import type { PaymentsSandbox } from '@c/payments/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { Registry } from '../registry.js';
import { things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { McpClients } from '../test-support/mcp-clients.js';
import { type ServedHost, servedWithStripe } from '../test-support/served-host.js';
import { parseToolSelection, selectTools, toolsOf } from './mcp-server.js';
import { toolsetsOf } from './mcp-toolsets.js';
import { TRIGGER_TOOLS } from './mcp-trigger-tools.js';

const TOKEN = 'mcp-toolsets-token-0123456789';
const clients = new McpClients();
let registry: Registry;
let served: ServedHost;
let stripe: PaymentsSandbox;
let base: string;

beforeAll(async () => {
  const connectors = await loadConnectors();
  registry = new Registry([...connectors, things]);
  const withStripe = await servedWithStripe(connectors, TOKEN);
  ({ stripe, base } = withStripe);
  served = withStripe;
});

afterAll(async () => {
  await clients.close();
  await served?.close();
});

const ids = (options: Parameters<typeof parseToolSelection>[0]) =>
  selectTools(registry, parseToolSelection(options)).map((entry) => entry.id);

describe('toolsets', () => {
  it('never share an id with a command, in any connector (describe would answer with the toolset)', () => {
    const commands = new Set(registry.commands().map((command) => command.id));
    const clashes = toolsetsOf(registry)
      .map((toolset) => toolset.id)
      .filter((id) => commands.has(id));
    expect(clashes).toEqual([]);
    expect(toolsetsOf(registry).find((toolset) => toolset.id === 'payments.find')?.commands).toEqual([
      'payments.search',
    ]);
  });

  it("are the connectors' declared areas, or one per connector that declares none", () => {
    const toolsets = toolsetsOf(registry);
    expect(toolsets.find((toolset) => toolset.id === 'payments.refunds')).toMatchObject({
      connectorId: 'payments',
      title: 'Refunds',
      commands: [
        'payments.createRefund',
        'payments.getRefund',
        'payments.listRefunds',
        'payments.cancelRefund',
      ],
    });
    for (const connector of ['payments', 'issues', 'docs', 'analytics']) {
      expect(toolsets.map((toolset) => toolset.id)).toContain(`${connector}.core`);
    }
    expect(toolsets.filter((toolset) => toolset.connectorId === 'things')).toEqual([
      expect.objectContaining({
        id: 'things',
        name: 'things',
        commands: ['things.getThing', 'things.getThings', 'things.deleteThing'],
      }),
    ]);
  });

  it('select their commands; --tools and --read-only narrow them', () => {
    expect(ids({ toolsets: 'payments.refunds' })).toEqual([
      'payments.createRefund',
      'payments.getRefund',
      'payments.listRefunds',
      'payments.cancelRefund',
    ]);
    expect(ids({ toolsets: 'payments.refunds', readOnly: true })).toEqual([
      'payments.getRefund',
      'payments.listRefunds',
    ]);
    expect(ids({ toolsets: 'payments.refunds,things', tools: '*.get*' })).toEqual([
      'payments.getRefund',
      'things.getThing',
      'things.getThings',
    ]);
    const payments = registry.commands().filter((entry) => entry.connectorId === 'payments');
    expect(ids({ toolsets: 'payments' })).toEqual(payments.map((entry) => entry.id));
    expect(ids({ toolsets: ['all'] })).toHaveLength(registry.commands().length);
  });

  it('refuse a name that selects nothing, naming the parameter', () => {
    const attempt = () => ids({ toolsets: 'payments.refund' });
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow(/"payments\.refund" names no toolset .*payments\.refunds/);
    expect(() => ids({ toolsets: ' , ' })).toThrow(/Invalid parameter "toolsets"/);
    expect(() => ids({ toolsets: 'things', tools: 'payments.*' })).toThrow(
      /"payments\.\*" matches no command of the selected toolsets/,
    );
  });

  it('are chosen by the /mcp query and served to the official client', async () => {
    const client = await clients.http(base, TOKEN, '?toolsets=payments.refunds&readOnly=1');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'payments_getRefund',
      'payments_listRefunds',
      'list_subscriptions',
      'read_events',
    ]);
    const listed = await client.callTool({ name: 'payments_listRefunds', arguments: { limit: 1 } });
    expect(listed.isError).toBeFalsy();
    await expect(
      client.callTool({ name: 'payments_createRefund', arguments: { paymentIntent: 'pi_1' } }),
    ).rejects.toThrow(/not offered by this server/);

    const bad = await call(base, 'POST', '/mcp?toolsets=nope', {
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ kind: 'validation', parameter: 'toolsets' });
  });
});

describe('every tool', () => {
  it('has an object output schema and the four annotation hints, host tools included', () => {
    // The connectors' tools (not the test's own `things`) and the host's.
    const connectors = toolsOf(registry, { toolsets: ['payments', 'issues', 'docs', 'analytics'] });
    const tools = [...connectors, ...TRIGGER_TOOLS];
    expect(tools.map((tool) => tool.name)).toContain('issues_customGraphqlAction');
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof tool.annotations?.[hint], `${tool.name} ${hint}`).toBe('boolean');
      }
    }
  });
});
