import type { FastifyPluginAsync } from 'fastify';
import type { CreateConnectionRequest } from '../api/schemas.js';
import { sandboxView } from '../sandbox/sandbox-env.js';
import type { HttpContext } from './context.js';
import { routeSchema } from './schemas.js';

/**
 * Connections: list, create (verified), remove, test, make default; and the sandbox's base URLs, keys
 * and environment variables. All need the token.
 */
export const connectionRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  app.get('/api/connections', async () => host.connections.list());

  app.get('/api/sandbox', async () => sandboxView(host));

  app.post<{ Body: CreateConnectionRequest }>(
    '/api/connections',
    { schema: routeSchema('POST /api/connections') },
    async (request, reply) => reply.code(201).send(await host.connections.create(request.body)),
  );

  app.delete<{ Params: { name: string } }>(
    '/api/connections/:name',
    { schema: routeSchema('DELETE /api/connections/:name') },
    async (request, reply) => {
      await host.connections.remove(request.params.name);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { name: string } }>(
    '/api/connections/:name/test',
    { schema: routeSchema('POST /api/connections/:name/test') },
    async (request) => host.connections.test(request.params.name),
  );

  app.post<{ Params: { name: string } }>(
    '/api/connections/:name/default',
    { schema: routeSchema('POST /api/connections/:name/default') },
    async (request) => host.connections.setDefault(request.params.name),
  );
};
