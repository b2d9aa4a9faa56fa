import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import { parseAuditQuery } from '../observability/audit-query.js';
import { ANONYMOUS_ACTOR, actorOf, withRequestContext } from '../observability/request-context.js';
import { Telemetry } from '../observability/telemetry.js';
import { hostVersion } from '../paths.js';
import type { HttpContext } from './context.js';
import { routeSchema } from './schemas.js';
import { bearerToken } from './security.js';

/** Options of the operations plugin (`HttpServerOptions.telemetry`). */
export interface OperationsOptions {
  /** The standard `OTEL_*` variables (OTLP export when `OTEL_EXPORTER_OTLP_ENDPOINT` is set); `process.env` by default. */
  env?: NodeJS.ProcessEnv | undefined;
  /** More span processors (tests: an in-memory exporter). */
  spanProcessors?: SpanProcessor[] | undefined;
}

/** The audit query as the HTTP query gives it. */
interface AuditQuerystring {
  limit?: string;
  since?: string;
}

/**
 * The operations side of the server, for the whole app (not encapsulated): every request runs with
 * who made it (a hash prefix of its token or session, for the audit log) and its logger (for the
 * line of each run); the server's telemetry hears every run of the host while it is open; and two
 * routes behind the token: `GET /metrics` (Prometheus text) and `GET /api/audit` (the audit log,
 * newest first, `?limit=&since=`).
 */
export const operationsRoutes = Object.assign(operations, {
  // Not encapsulated: the request hook must reach the routes of every plugin registered after it.
  [Symbol.for('skip-override')]: true,
});

async function operations(
  app: FastifyInstance,
  { host, telemetry: options }: HttpContext & { telemetry?: OperationsOptions | undefined },
): Promise<void> {
  // After the body is parsed: the handler then runs inside the context, and so do the runs it starts.
  app.addHook('preHandler', (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    // The guard has let the request in: with a session it found, or else (on a route that is not
    // public) with the token it checked.
    const actor = request.sessionId
      ? actorOf('session', request.sessionId)
      : token !== undefined && !request.routeOptions.config.public
        ? actorOf('token', token)
        : ANONYMOUS_ACTOR;
    withRequestContext({ actor, log: request.log }, done);
  });

  const telemetry = await Telemetry.open({
    log: app.log,
    env: options?.env,
    spanProcessors: options?.spanProcessors,
    version: hostVersion,
    // Async runs waiting for a worker, the fleet's when the store is shared (up to 1,000 counted).
    queueDepth: async () => (await host.store.runs.listRuns({ status: 'queued', limit: 1000 })).length,
  });
  const unwatch = host.operations.watch(telemetry);
  app.addHook('onClose', async () => {
    unwatch();
    await telemetry.shutdown();
  });

  app.get('/metrics', async (_request, reply) =>
    reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await telemetry.metricsText()),
  );

  app.get<{ Querystring: AuditQuerystring }>(
    '/api/audit',
    { schema: routeSchema('GET /api/audit') },
    async (request) => host.store.audit.listAudit(parseAuditQuery(request.query ?? {})),
  );
}
