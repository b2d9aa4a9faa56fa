import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { SettingStore } from '../store/setting-store.js';
import { deliverAnswers, relayQuestions } from './answer-relay.js';
import { asksForm } from './confirm.js';
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

/** What an `initialize` request in the body says of the client, if the body holds one. */
function initializeOf(body: unknown): { capabilities?: unknown } | undefined {
  const message = [body].flat().find((entry) => (entry as { method?: unknown })?.method === 'initialize') as
    | { params?: { capabilities?: unknown } }
    | undefined;
  return message ? (message.params ?? {}) : undefined;
}

/**
 * Answers one MCP request over streamable HTTP in stateless mode: a fresh server and transport per
 * request (the SDK's stateless pattern), offering the tools `options` select (the `/mcp` query). A
 * call answers as an event stream, so progress notifications and a question to the person
 * (elicitation) reach the client before the result; the client's answer to that question is handed
 * to the call that asked (`deliverAnswers`, in this process). An `initialize` answer carries a
 * session id in discovery mode, or when the client can be asked: under it the store keeps the
 * toolsets the agent enables and whether its client takes elicitation, so later requests know them,
 * on any instance. Host, Origin and the access token were checked by the HTTP server before this runs.
 */
export async function handleMcpHttp(
  host: McpHost,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
  options: McpOptions = {},
  settings?: Pick<SettingStore, 'getEphemeral' | 'putEphemeral'>,
): Promise<void> {
  if (deliverAnswers(body)) {
    response.writeHead(202).end();
    return;
  }
  const initialize = initializeOf(body);
  const clientAsks = asksForm(initialize?.capabilities);
  // Only an initialize answer carries instructions: other requests skip reading the connections.
  const instructions = initialize ? await mcpInstructions(host, options) : undefined;
  let sessionId = initialize ? undefined : request.headers[SESSION_HEADER];
  if (initialize && settings && (clientAsks || offersDiscovery(host.registry, options))) {
    sessionId = newSessionId();
    // The transport is stateless (any instance answers any request); the id is the host's own.
    response.setHeader(SESSION_HEADER, sessionId);
  }
  const session = settings && isSessionId(sessionId) ? storedSession(settings, sessionId) : memorySession();
  if (initialize && clientAsks) await session.rememberCanAsk(true);
  const server = createMcpServer(host, {
    ...options,
    instructions,
    session,
    clientCanAsk: () => session.canAsk(),
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const forget = relayQuestions(transport);
  response.once('close', () => {
    forget();
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}
