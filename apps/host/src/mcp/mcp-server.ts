import { toErrorJson } from '@c/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionManager } from '../connections.js';
import { hostVersion } from '../paths.js';
import { commandHints, inputSchemaOf, type Registry } from '../registry.js';

/** What the MCP server needs from the host. */
export interface McpHost {
  registry: Registry;
  connections: ConnectionManager;
}

const toolCache = new WeakMap<Registry, Tool[]>();

/** The tool list: one tool per command, named `<connector>_<key>`, schemas and hints from the command. */
export function toolsOf(registry: Registry): Tool[] {
  const cached = toolCache.get(registry);
  if (cached) return cached;
  const tools = registry.commands().map((entry): Tool => {
    const hints = commandHints(entry.command);
    const output = entry.command.outputSchema;
    return {
      name: entry.toolName,
      title: entry.command.title,
      description: entry.command.description,
      inputSchema: inputSchemaOf(entry.command) as Tool['inputSchema'],
      // MCP output schemas describe structuredContent, which is always an object.
      ...(output?.type === 'object' ? { outputSchema: output as Tool['outputSchema'] } : {}),
      annotations: {
        title: entry.command.title,
        readOnlyHint: hints.readOnly,
        destructiveHint: hints.destructive,
        idempotentHint: hints.idempotent,
        openWorldHint: true,
      },
    };
  });
  toolCache.set(registry, tools);
  return tools;
}

/**
 * An MCP server (the official SDK's low-level `Server`, since the tools are derived from JSON
 * Schema rather than written by hand). A failing command is a tool result with `isError: true`
 * carrying the error JSON, so the model can read what went wrong.
 */
export function createMcpServer(host: McpHost): Server {
  const server = new Server(
    { name: 'c-host', title: 'c-host connectors', version: hostVersion },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolsOf(host.registry) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const progressToken = request.params._meta?.progressToken;
    try {
      const entry = host.registry.require(request.params.name);
      const result = await host.connections.run(entry.id, request.params.arguments ?? {}, {
        signal: extra.signal,
        onProgress:
          progressToken === undefined
            ? undefined
            : (progress) => {
                // Progress is best effort: a client that stopped listening must not fail the command.
                void extra
                  .sendNotification({
                    method: 'notifications/progress',
                    params: {
                      progressToken,
                      progress: progress.current ?? 0,
                      ...(progress.total !== undefined ? { total: progress.total } : {}),
                      ...(progress.message !== undefined ? { message: progress.message } : {}),
                    },
                  })
                  .catch(() => {});
              },
      });
      const structured =
        result !== null && typeof result === 'object' && !Array.isArray(result)
          ? { structuredContent: result as Record<string, unknown> }
          : {};
      return { content: [{ type: 'text', text: JSON.stringify(result) }], ...structured };
    } catch (error) {
      const body = { error: toErrorJson(error) };
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
    }
  });
  return server;
}
