import type { FastifyPluginAsync } from 'fastify';
import { type HttpContext, PUBLIC } from './context.js';

/**
 * Readiness, for a load balancer or an orchestrator: `/api/ready` answers 200 when the store can
 * serve (its database answers and its schema is migrated) and 503 otherwise, so traffic goes to
 * instances that can use it. Public like `/api/health` (liveness), and as terse: no address, no
 * secret.
 */
export const healthRoutes: FastifyPluginAsync<HttpContext> = async (app, context) => {
  app.get('/api/ready', { config: PUBLIC }, async (_request, reply) => {
    const readiness = await context.host.store.checkReady();
    return reply.code(readiness.ready ? 200 : 503).send({ ok: readiness.ready, ...readiness });
  });
};
