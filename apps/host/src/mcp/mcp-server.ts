import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { hostVersion } from '../paths.js';
import { DEFAULT_MAX_RESULT_BYTES } from './bounded-result.js';
import { callTool } from './call.js';
import type { McpHost, McpOptions } from './mcp-host.js';
import { callTriggerTool, TRIGGER_TOOLS } from './mcp-trigger-tools.js';
import { selectTools, toolsOf } from './tools.js';

export { CONNECTION_ARGUMENT, KEY_ARGUMENT, type McpHost, type McpOptions } from './mcp-host.js';
export { mcpInstructions, parseToolSelection, selectTools, toolsOf } from './tools.js';

/** Options of `createMcpServer`. */
export interface McpServerOptions extends McpOptions {
  /** The server's instructions (see `mcpInstructions`). */
  instructions?: string | undefined;
}

/**
 * An MCP server (the official SDK's low-level `Server`, since the tools are derived from JSON
 * Schema rather than written by hand), offering the selected commands. An unknown tool is the
 * protocol's error (-32602); a failing command is a tool result with `isError: true` carrying the
 * error JSON, so the model can read what went wrong. Results are bounded (see `boundResult`) and
 * their `structuredContent` is checked against the tool's output schema before it is sent.
 */
export function createMcpServer(host: McpHost, options: McpServerOptions = {}): Server {
  const server = new Server(
    { name: 'c-host', title: 'c-host connectors', version: hostVersion },
    {
      capabilities: { tools: { listChanged: false } },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const served = new Map(selectTools(host.registry, options).map((entry) => [entry.toolName, entry]));
  const offered = new Set(served.keys());
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  // The event tools come with connectors that have triggers, unless a selection names the tools.
  const triggers =
    options.tools === undefined &&
    host.registry.connectors().some((connector) => Object.keys(connector.triggers ?? {}).length > 0)
      ? host.triggers
      : undefined;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...toolsOf(host.registry, options), ...(triggers ? TRIGGER_TOOLS : [])],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    if (triggers && TRIGGER_TOOLS.some((tool) => tool.name === request.params.name)) {
      return callTriggerTool(triggers, request.params.name, request.params.arguments ?? {}, extra.signal);
    }
    const entry = served.get(request.params.name);
    if (!entry) {
      const known = host.registry.command(request.params.name);
      throw new McpError(
        ErrorCode.InvalidParams,
        known
          ? `Tool "${request.params.name}" is not offered by this server (it was started with --read-only or --tools)`
          : `Unknown tool "${request.params.name}": tools/list names the tools of this server`,
      );
    }
    return callTool(host.runner, entry, request, extra, { offered, maxResultBytes });
  });
  return server;
}
