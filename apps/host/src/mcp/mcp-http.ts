import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { SettingStore } from '../store/setting-store.js';
import {
  createMcpServer,
  type McpHost,
  type McpOptions,
  mcpInstructions,
  offersDiscovery,
} from './mcp-server.js';
import { isSessionId, memorySession, newSessionId, storedSession } from './mcp-session.js';

/** The header a client repeats on every request after `initialize` (MCP's streamable HTTP). */
const SESSION_HEADER = 'mcp-session-id';

/**
 * Answers one MCP request over streamable HTTP in stateless mode: a fresh server and transport per
 * request (the SDK's stateless pattern), offering the tools `options` select (the `/mcp` query). A
 * call answers as an event stream, so progress notifications reach the client before the result.
 * In discovery mode an `initialize` answer carries a session id, under which the toolsets the agent
 * enables are kept in the store (`settings`), so later requests list them, on any instance.
 * Host, Origin and the access token were checked by the HTTP server before this runs.
 */
export async function handleMcpHttp(
  host: McpHost,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
  options: McpOptions = {},
  settings?: Pick<SettingStore, 'getEphemeral' | 'putEphemeral'>,
): Promise<void> {
  // Only an initialize answer carries instructions: other requests skip reading the connections.
  const initializing = [body]
    .flat()
    .some((message) => (message as { method?: unknown })?.method === 'initialize');
  const instructions = initializing ? await mcpInstructions(host, options) : undefined;
  let sessionId = initializing ? undefined : request.headers[SESSION_HEADER];
  if (initializing && settings && offersDiscovery(host.registry, options)) {
    sessionId = newSessionId();
    // The transport is stateless (any instance answers any request); the id is the host's own.
    response.setHeader(SESSION_HEADER, sessionId);
  }
  const session = settings && isSessionId(sessionId) ? storedSession(settings, sessionId) : memorySession();
  const server = createMcpServer(host, { ...options, instructions, session });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}
