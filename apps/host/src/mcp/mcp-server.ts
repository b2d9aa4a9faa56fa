import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { hostVersion } from '../paths.js';
import type { RegisteredCommand, Registry } from '../registry.js';
import { resultBudget } from '../run/bounded-result.js';
import { callTool } from './call.js';
import { asksForm, type ConfirmContext } from './confirm.js';
import {
  callDiscoveryTool,
  DISCOVERY_TOOLS,
  type DiscoveryContext,
  isDiscoveryTool,
} from './mcp-discovery.js';
import type { McpHost, McpOptions } from './mcp-host.js';
import { memorySession, type ToolsetSession } from './mcp-session.js';
import { ALL_TOOLSETS, CORE_TOOLSETS, resolveToolsets, toolsetsOf } from './mcp-toolsets.js';
import { callTriggerTool, TRIGGER_TOOLS } from './mcp-trigger-tools.js';
import { offersDiscovery, selectTools, toolsOf } from './tools.js';

export { CONNECTION_ARGUMENT, KEY_ARGUMENT, type McpHost, type McpOptions } from './mcp-host.js';
export { ALLOW_DESTRUCTIVE_ENV, parseToolSelection } from './tool-selection.js';
export { listedCommands, mcpInstructions, offersDiscovery, selectTools, toolsOf } from './tools.js';

/** Options of `createMcpServer`. */
export interface McpServerOptions extends McpOptions {
  /** The server's instructions (see `mcpInstructions`). */
  instructions?: string | undefined;
  /** Where the toolsets the agent enables are kept (default: in this server, for its lifetime). */
  session?: ToolsetSession | undefined;
  /**
   * Whether the client takes elicitation, for a server that did not see its `initialize` (stateless
   * HTTP); by default what the client declared to this server.
   */
  clientCanAsk?: (() => Promise<boolean>) | undefined;
}

/**
 * What confirmation before harm needs: whether the client can ask, what the person allowed at
 * start, and the commands of the toolsets their configuration names (not `all` or `core`, which
 * say how much to list, not what may run unasked).
 */
function confirmContext(server: Server, registry: Registry, options: McpServerOptions): ConfirmContext {
  const named = (options.toolsets ?? []).filter((name) => name !== ALL_TOOLSETS && name !== CORE_TOOLSETS);
  const toolsets = toolsetsOf(registry);
  return {
    canAsk: options.clientCanAsk ?? (async () => asksForm(server.getClientCapabilities())),
    allowDestructive: options.allowDestructive === true,
    configured: new Set(resolveToolsets(registry, named).flatMap((toolset) => toolset.commands)),
    toolsetsOf: (id) =>
      toolsets.filter((toolset) => toolset.commands.includes(id)).map((toolset) => toolset.id),
  };
}

/** The discovery tools as this server offers them: `run_command` is read-only on a read-only server. */
function discoveryTools(options: McpOptions): Tool[] {
  if (!options.readOnly) return [...DISCOVERY_TOOLS];
  return DISCOVERY_TOOLS.map((tool) =>
    tool.name === 'run_command'
      ? { ...tool, annotations: { ...tool.annotations, readOnlyHint: true, destructiveHint: false } }
      : tool,
  );
}

/**
 * An MCP server (the official SDK's low-level `Server`, since the tools are derived from JSON
 * Schema rather than written by hand), offering the selected commands. By default (discovery) it
 * lists each connector's core toolset and the discovery tools, through which the agent describes,
 * enables (announced with `notifications/tools/list_changed`) or runs the others; `--toolsets`
 * lists exactly the toolsets it names. Any command the server may run can be called by its tool
 * name, listed or not. An unknown tool is the protocol's error (-32602); a failing command is a
 * tool result with `isError: true` carrying the error JSON, so the model can read what went wrong.
 * Results are bounded (see `boundResult`) and checked against the tool's output schema.
 */
export function createMcpServer(host: McpHost, options: McpServerOptions = {}): Server {
  const discovery = offersDiscovery(host.registry, options);
  const server = new Server(
    { name: 'c-host', title: 'c-host connectors', version: hostVersion },
    {
      capabilities: { tools: { listChanged: discovery } },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const served = new Map(selectTools(host.registry, options).map((entry) => [entry.toolName, entry]));
  const offered = new Set(served.keys());
  const budget = resultBudget(options);
  const limits = {
    offered,
    maxResultBytes: budget.bytes,
    maxResultTokens: budget.tokens,
    confirm: confirmContext(server, host.registry, options),
  };
  const session = options.session ?? memorySession();
  // The event tools come with connectors that have triggers, unless a selection names the tools.
  const triggers =
    options.tools === undefined &&
    host.registry.connectors().some((connector) => Object.keys(connector.triggers ?? {}).length > 0)
      ? host.triggers
      : undefined;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      ...toolsOf(host.registry, options, await session.enabled()),
      ...(discovery ? discoveryTools(options) : []),
      ...(triggers ? TRIGGER_TOOLS : []),
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name;
    const args = request.params.arguments ?? {};
    if (triggers && TRIGGER_TOOLS.some((tool) => tool.name === name)) {
      return callTriggerTool(triggers, name, args, extra.signal);
    }
    const run = (entry: RegisteredCommand, input: Record<string, unknown>) =>
      callTool(
        host.runner,
        entry,
        { ...request, params: { ...request.params, arguments: input } },
        extra,
        limits,
      );
    if (discovery && isDiscoveryTool(name)) {
      const context: DiscoveryContext = {
        registry: host.registry,
        options,
        session,
        served,
        run,
        listChanged: () => extra.sendNotification({ method: 'notifications/tools/list_changed' }),
      };
      return callDiscoveryTool(context, name, args);
    }
    const entry = served.get(name);
    if (!entry) {
      const known = host.registry.command(name);
      throw new McpError(
        ErrorCode.InvalidParams,
        known
          ? `Tool "${name}" is not offered by this server (it was started with --read-only, --tools or --toolsets)`
          : `Unknown tool "${name}": tools/list names the tools of this server`,
      );
    }
    return run(entry, args);
  });
  return server;
}
