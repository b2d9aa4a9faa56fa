import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { RunCommandRequest } from '../api/schemas.js';
import { hostVersion } from '../paths.js';
import { commandDetail, commandSummary, connectorSummary } from '../views.js';
import type { HttpContext } from './context.js';
import { buildOpenApi } from './openapi.js';
import { routeSchema } from './schemas.js';

/** The catalogue (connectors, commands, OpenAPI) and running a command. All need the token. */
export const commandRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  app.get('/api/connectors', async () => {
    const configured = new Set(host.oauth.configured());
    return host.registry
      .connectors()
      .map((connector) => connectorSummary(connector, configured.has(connector.id)));
  });

  app.get('/api/commands', async () => host.registry.commands().map(commandSummary));

  app.get<{ Params: { id: string } }>(
    '/api/commands/:id',
    { schema: routeSchema('GET /api/commands/:id') },
    async (request) => commandDetail(host.registry.require(request.params.id)),
  );

  app.post<{ Params: { id: string }; Body: RunCommandRequest }>(
    '/api/commands/:id/run',
    { schema: routeSchema('POST /api/commands/:id/run') },
    async (request, reply) => {
      const entry = host.registry.require(request.params.id);
      const body = request.body ?? {};
      const controller = new AbortController();
      // A client that hangs up cancels the provider call too (a keyed one records nothing then).
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const checked = await host.runner.check({
        command: entry,
        input: body.input ?? {},
        connection: body.connection,
        idempotencyKey: body.idempotencyKey,
        dryRun: body.dryRun,
      });
      // The run's line in the history (GET /api/runs): the web UI keeps its input beside this id.
      const runId = randomUUID();
      reply.header('c-run-id', runId);
      const result = await host.runner.run(checked, {
        signal: controller.signal,
        surface: request.sessionId ? 'web' : 'http',
        runId,
        lookup: body.lookup === true,
        // The usual name for a replay: this answer is the first call's, and nothing was sent this time.
        onReplay: () => void reply.header('idempotent-replayed', 'true'),
      });
      return body.dryRun ? result : { result };
    },
  );

  app.get('/api/openapi.json', async () => buildOpenApi(host.registry, hostVersion));
};
