import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, type McpHost, type McpOptions, mcpInstructions } from './mcp-server.js';

/**
 * Answers one MCP request over streamable HTTP in stateless mode: a fresh server and transport per
 * request (the SDK's stateless pattern), offering the tools `options` select (the `/mcp` query). A
 * call answers as an event stream, so progress notifications reach the client before the result.
 * Host, Origin and the access token were checked by the HTTP server before this runs.
 */
export async function handleMcpHttp(
  host: McpHost,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
  options: McpOptions = {},
): Promise<void> {
  // Only an initialize answer carries instructions: other requests skip reading the connections.
  const initializing = [body]
    .flat()
    .some((message) => (message as { method?: unknown })?.method === 'initialize');
  const instructions = initializing ? await mcpInstructions(host, options) : undefined;
  const server = createMcpServer(host, { ...options, instructions });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}
