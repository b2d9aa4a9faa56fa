import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { HttpContext } from './context.js';

/**
 * The `/mcp` query: the same selection as `c-host mcp --read-only --tools … --toolsets …
 * --max-result-tokens … --allow-destructive` (the query is the client's configuration, which the
 * person writes, like the flags).
 */
interface McpQuery {
  readOnly?: string | string[];
  tools?: string | string[];
  toolsets?: string | string[];
  maxResultBytes?: string | string[];
  maxResultTokens?: string | string[];
  allowDestructive?: string | string[];
}

/**
 * MCP over streamable HTTP, stateless: `POST /mcp` only. Needs the token. The query selects the
 * tools (`/mcp?readOnly=1&tools=<connector>.*`); a bad selection is a 400 before any MCP exchange.
 */
export const mcpRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  app.post<{ Querystring: McpQuery }>('/mcp', async (request, reply) => {
    const { handleMcpHttp } = await import('../mcp/mcp-http.js');
    const { parseToolSelection, selectTools } = await import('../mcp/mcp-server.js');
    const query = request.query ?? {};
    const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);
    const options = parseToolSelection({
      readOnly: single(query.readOnly),
      tools: query.tools,
      toolsets: query.toolsets,
      maxResultBytes: single(query.maxResultBytes),
      maxResultTokens: single(query.maxResultTokens),
      allowDestructive: single(query.allowDestructive),
    });
    selectTools(host.registry, options);
    reply.hijack();
    await handleMcpHttp(host, request.raw, reply.raw, request.body, options, host.store.settings);
  });

  const notAllowed = async (_request: unknown, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless' },
        id: null,
      });
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
};
