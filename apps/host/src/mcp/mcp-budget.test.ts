import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { Registry } from '../registry.js';
import { callDiscoveryTool, DISCOVERY_TOOLS } from './mcp-discovery.js';
import { memorySession } from './mcp-session.js';
import { TRIGGER_TOOLS } from './mcp-trigger-tools.js';
import { MAX_TOOL_BYTES, toolsOf } from './tools.js';

// The budget of issue 29: what an agent reads before it does anything. No tool, with every toolset
// listed, is over 4 KB. The default tools/list (each connector's core toolset, the discovery and
// event tools) does not grow with the number of commands, and stays under 40 KB (34 KB today, for
// 29 core commands).

const registry = new Registry(await loadConnectors());
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
/** The budget of the default list (issue 29). */
const DEFAULT_LIST_BYTES = 40 * 1024;

describe('the tools/list budget', () => {
  it('keeps the default list under its ceiling, whatever the number of commands', () => {
    const tools = [...toolsOf(registry), ...DISCOVERY_TOOLS, ...TRIGGER_TOOLS];
    const size = bytes({ tools });
    console.info(`default tools/list: ${tools.length} tools, ${(size / 1024).toFixed(1)} KB`);
    expect(tools.length).toBeGreaterThan(DISCOVERY_TOOLS.length + TRIGGER_TOOLS.length);
    expect(size).toBeLessThan(DEFAULT_LIST_BYTES);
  });

  it('keeps every tool under 4 KB, with all toolsets listed', () => {
    const tools: Tool[] = [...toolsOf(registry, { toolsets: ['all'] }), ...DISCOVERY_TOOLS, ...TRIGGER_TOOLS];
    expect(tools.length).toBeGreaterThan(registry.commands().length);
    const sizes = tools.map((tool) => ({ name: tool.name, size: bytes(tool) }));
    const largest = sizes.reduce((a, b) => (b.size > a.size ? b : a));
    console.info(
      `--toolsets all: ${tools.length} tools, ${(bytes({ tools }) / 1024).toFixed(1)} KB; largest ${largest.name} ${largest.size} B`,
    );
    for (const { name, size } of sizes) expect(size, name).toBeLessThanOrEqual(MAX_TOOL_BYTES);
  });

  it('keeps a short description, both schemas and the four hints on every tool, host tools too, which a strict Ajv compiles', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: false });
    for (const tool of [...toolsOf(registry, { toolsets: ['all'] }), ...DISCOVERY_TOOLS, ...TRIGGER_TOOLS]) {
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof tool.annotations?.[hint], `${tool.name} ${hint}`).toBe('boolean');
      }
      expect(tool.description?.length ?? 0, tool.name).toBeLessThanOrEqual(400);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(() => ajv.compile(tool.inputSchema), `${tool.name} input`).not.toThrow();
      expect(() => ajv.compile(tool.outputSchema!), `${tool.name} output`).not.toThrow();
    }
  });

  it('tells what a result shaped by its input is, when its schema can name no field', () => {
    const tool = toolsOf(registry, { toolsets: ['all'] }).find(
      (entry) => entry.name === 'issues_customGraphqlAction',
    );
    expect(tool?.outputSchema).toEqual({
      type: 'object',
      description: expect.stringMatching(/^The data of .* GraphQL response: one field per root field/),
    });
  });

  it("publishes through describe every command's full schemas, which a strict Ajv compiles: no view hints", async () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    const context = {
      registry,
      options: {},
      session: memorySession(),
      served: new Map(registry.commands().map((entry) => [entry.toolName, entry])),
      run: () => Promise.reject(new Error('describe runs nothing')),
      listChanged: async () => {},
    };
    const hinted = registry
      .commands()
      .filter((entry) =>
        JSON.stringify([entry.command.inputSchema, entry.command.outputSchema]).includes('"x-'),
      );
    expect(hinted.length).toBeGreaterThan(0);
    for (const entry of registry.commands()) {
      const described = await callDiscoveryTool(context, 'describe', { id: entry.toolName });
      const { inputSchema, outputSchema } = (
        described.structuredContent as { command: Record<string, object> }
      ).command;
      expect(JSON.stringify({ inputSchema, outputSchema }), entry.id).not.toMatch(/"x-[a-z-]+":/);
      expect(() => ajv.compile(inputSchema!), `${entry.id} input`).not.toThrow();
      if (outputSchema) expect(() => ajv.compile(outputSchema), `${entry.id} output`).not.toThrow();
    }
    // Compiling some 400 schemas takes seconds on a busy machine.
  }, 120_000);
});
