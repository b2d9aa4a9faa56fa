import { ConnectorError, ValidationError } from '@c/core';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import type { Host } from '../host.js';
import { type HostLogOptions, hostLogger } from '../observability/logging.js';
import { webDir as defaultWebDir, hostVersion } from '../paths.js';
import { commandRoutes } from './commands-routes.js';
import { connectionRoutes } from './connections-routes.js';
import { type HttpContext, PUBLIC } from './context.js';
import { clientErrorHandler } from './errors.js';
import { registerGuards } from './guards.js';
import { healthRoutes } from './health-routes.js';
import { hooksRoutes } from './hooks-routes.js';
import { jsonText, parseJsonBody } from './json-body.js';
import { mcpRoutes } from './mcp-routes.js';
import { oauthRoutes } from './oauth-routes.js';
import { type OperationsOptions, operationsRoutes } from './ops-routes.js';
import { referenceRoutes } from './reference-routes.js';
import { fromFastifyValidation, sendError } from './replies.js';
import { runRoutes } from './runs-routes.js';
import { sessionRoutes } from './session-routes.js';
import { GuessThrottle } from './throttle.js';
import { eventRoutes, triggersRoutes } from './triggers-routes.js';
import { notFoundHandler, uiRoutes } from './ui-routes.js';

/** Options of `createHttpServer`. */
export interface HttpServerOptions {
  host: Host;
  /** The address the server will listen on (for the Host check). */
  bind: string;
  /** The built web UI; `apps/web/dist` by default. */
  webDir?: string | undefined;
  /** More names the server may be reached by (`C_HOST_ALLOWED_HOSTS`). */
  allowedHostNames?: readonly string[] | undefined;
  /**
   * JSON logs on standard output, one line per request and one per run (`serve`; off by default: the
   * CLI prints its own lines). `true` logs at `info`; an object sets the level and the stream.
   */
  logger?: boolean | HostLogOptions | undefined;
  /** Telemetry: the `OTEL_*` variables to read (`process.env` by default), extra span processors. */
  telemetry?: OperationsOptions | undefined;
  /**
   * The proxies whose `X-Forwarded-For` is believed (`C_HOST_TRUST_PROXY`; the host's configuration
   * by default): addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`. Empty: none.
   */
  trustProxy?: readonly string[] | undefined;
  /**
   * How long a client may take to send a whole request, headers and body (30 s by default): a body
   * trickled a byte at a time would otherwise hold its connection open for as long as it likes.
   * Node answers `408` and closes the connection.
   */
  requestTimeoutMs?: number | undefined;
  /**
   * Throttles wrong tokens and sign-in links (10 a minute per client by default). By default it counts
   * in the host's store, so every process on one data directory and every instance of a fleet count
   * a client's failures together; tests pass their own.
   */
  throttle?: GuessThrottle;
  /** Called for every route as it is registered (audits and tests walk the whole route table). */
  onRoute?: (route: RouteOptions) => void;
}

/** The largest request body, in bytes. */
export const BODY_LIMIT = 10 * 1024 * 1024;

/** How long a client may take to send a whole request by default. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Node's request timeouts for Fastify: the whole request within `ms`, its headers too, checked
 * often enough that a slow client is cut off near the limit rather than up to 30 s after it.
 */
function requestTimeouts(ms: number) {
  return {
    requestTimeout: ms,
    http: {
      requestTimeout: ms,
      headersTimeout: ms,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(ms / 4)),
    },
  };
}

/** Local faults whose HTTP status says more than `validation` (400) does. */
const KEPT_STATUSES = new Set([413, 414, 415]);

/** Builds the Fastify app: the JSON API, OAuth, sign-in, `/mcp` and the web UI, with the security checks. */
export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const { host } = options;
  const trustProxy = [...(options.trustProxy ?? host.config.trustProxy ?? [])];
  const app = Fastify({
    // The client address (`request.ip`, which the guessing throttle counts by) comes from
    // `X-Forwarded-For` only when the connection's peer is a listed proxy; otherwise any client could
    // name a fresh address per guess, and without it every client behind the balancer is one.
    trustProxy: trustProxy.length > 0 ? trustProxy : false,
    ...(options.logger ? hostLogger(options.logger === true ? {} : options.logger) : { logger: false }),
    bodyLimit: BODY_LIMIT,
    ...requestTimeouts(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
    clientErrorHandler,
    // Refuse what the schemas do not allow rather than quietly dropping or converting it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // A path the router cannot decode gets the error JSON of every other failure.
    frameworkErrors: (error, _request, reply) =>
      sendError(reply, new ValidationError(`Invalid request: ${error.message}`), error.statusCode),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await app.register(fastifyCookie);

  // JSON only: a `text/plain` body is what a cross-site form can send without a preflight.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(jsonText(request.headers['content-encoding'], body as Buffer)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  const port = () => {
    const address = app.server.address();
    return String(address && typeof address === 'object' ? address.port : 0);
  };
  const context: HttpContext = {
    host,
    throttle: options.throttle ?? new GuessThrottle({ store: host.store.failures }),
    sessionCookie: () => `c_host_session_${port()}`,
    oauthCookie: () => `c_host_oauth_${port()}`,
  };
  registerGuards(app, context, {
    bind: options.bind,
    // Providers deliver webhooks to the public URL's host.
    allowedHostNames: [
      ...(options.allowedHostNames ?? []),
      ...(host.config.publicUrl ? [new URL(host.config.publicUrl).host] : []),
    ],
  });

  app.setErrorHandler(handleError);

  await app.register(operationsRoutes, { ...context, telemetry: options.telemetry });
  app.get('/api/health', { config: PUBLIC }, async () => ({ ok: true, version: hostVersion }));
  await app.register(healthRoutes, context);
  await app.register(commandRoutes, context);
  await app.register(connectionRoutes, context);
  await app.register(oauthRoutes, context);
  await app.register(sessionRoutes, context);
  await app.register(mcpRoutes, context);
  await app.register(referenceRoutes);
  await app.register(triggersRoutes, context);
  await app.register(eventRoutes, context);
  await app.register(hooksRoutes, context);
  await app.register(runRoutes, context);
  const ui = { root: options.webDir ?? defaultWebDir() };
  await app.register(uiRoutes, ui);
  app.setNotFoundHandler(notFoundHandler(ui));
  return app;
}

/** Every failure as the error JSON: schema failures, connector errors, and Fastify's own 4xx faults. */
function handleError(
  error: Error & { validation?: unknown; statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.validation) return sendError(reply, fromFastifyValidation(error as never));
  if (ConnectorError.isInstance(error)) return sendError(reply, error);
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    return sendError(
      reply,
      new ValidationError(
        // The route's own limit (`/hooks` has a smaller one), not the server's.
        `Invalid request: ${localFaultMessage(status, error.message, request.routeOptions.bodyLimit ?? BODY_LIMIT)}`,
      ),
      KEPT_STATUSES.has(status) ? status : 400,
    );
  }
  return sendError(reply, error);
}

function localFaultMessage(status: number, fallback: string, bodyLimit: number): string {
  if (status === 413) return `the body is larger than ${bodyLimit / 1024 / 1024} MiB`;
  if (status === 415) return 'the body must be JSON (content-type: application/json)';
  return fallback;
}
