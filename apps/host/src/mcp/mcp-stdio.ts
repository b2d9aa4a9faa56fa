import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { guardInputKeys } from './input-guard.js';
import { createMcpServer, type McpHost, type McpOptions, mcpInstructions } from './mcp-server.js';

/** JSON-RPC 2.0 error codes for a line that is not JSON, and for JSON that is not a message. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/**
 * Serves MCP over stdin/stdout until the client closes the stream, offering the tools `options`
 * select. A line that cannot be read gets a JSON-RPC error answer (`id: null`, as no id could be
 * read) and the server keeps serving: silence would leave the client waiting for ever.
 */
export async function serveMcpStdio(host: McpHost, options: McpOptions = {}): Promise<void> {
  const server = createMcpServer(host, { ...options, instructions: await mcpInstructions(host, options) });
  const transport = new StdioServerTransport();
  guardInputKeys(transport);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  // The transport reports each line it cannot read here, by the parser's error class, and reads on.
  server.onerror = (error) => {
    const code =
      error instanceof SyntaxError ? PARSE_ERROR : error.name === 'ZodError' ? INVALID_REQUEST : undefined;
    if (code === undefined) return;
    const message =
      code === PARSE_ERROR
        ? 'Parse error: the line is not JSON'
        : 'Invalid Request: not a JSON-RPC 2.0 message';
    // JSON-RPC answers an unreadable request with a null id, which the SDK's message type does not model.
    const answer = { jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage;
    transport.send(answer).catch(() => undefined);
  };
  await server.connect(transport);
  process.stdin.once('end', () => void server.close());
  await closed;
}
