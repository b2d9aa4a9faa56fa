import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpHost } from './mcp-server.js';

/** Serves MCP over stdin/stdout until the client closes the stream. */
export async function serveMcpStdio(host: McpHost): Promise<void> {
  const server = createMcpServer(host);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  process.stdin.once('end', () => void server.close());
  await closed;
}
