import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { HttpContext } from './context.js';

/** MCP over streamable HTTP, stateless: `POST /mcp` only. Needs the token. */
export const mcpRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  app.post('/mcp', async (request, reply) => {
    const { handleMcpHttp } = await import('../mcp/mcp-http.js');
    reply.hijack();
    await handleMcpHttp(host, request.raw, reply.raw, request.body);
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
