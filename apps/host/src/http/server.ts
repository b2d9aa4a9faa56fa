import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError, PermissionError, ValidationError } from '@c/core';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomToken } from '../access.js';
import type { Host } from '../host.js';
import { OAuthCallbackError } from '../oauth.js';
import { webDir as defaultWebDir, hostVersion } from '../paths.js';
import { commandDetail, commandSummary, connectorSummary } from '../views.js';
import { errorResponse } from './errors.js';
import { buildOpenApi } from './openapi.js';
import { connectionBody, runBody, sessionBody } from './schemas.js';
import { allowedHosts, bearerToken, needsToken } from './security.js';

/** Options of `createHttpServer`. */
export interface HttpServerOptions {
  host: Host;
  /** The address the server will listen on (for the Host check). */
  bind: string;
  /** The built web UI; `apps/web/dist` by default. */
  webDir?: string | undefined;
  /** More names the server may be reached by (`C_HOST_ALLOWED_HOSTS`). */
  allowedHostNames?: readonly string[] | undefined;
  /** Fastify's logger (off by default: the CLI prints its own lines). */
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser session id, when the request carried a valid session cookie. */
    sessionId?: string | undefined;
  }
}

const ONE_DAY_S = 24 * 3600;

/** What the Connect pop-up posts to its opener (`window.opener.postMessage`). */
interface OAuthMessage {
  type: 'c-host:oauth';
  ok: boolean;
  connection?: string;
  error?: string;
}

/**
 * A 401 for the host's own access check. Not core's `AuthError`, whose JSON says the provider
 * connection needs Reconnect: here the caller only lacks the host token.
 */
function unauthorized(reply: FastifyReply, message: string): FastifyReply {
  reply.header('www-authenticate', 'Bearer realm="c-host"');
  return reply.code(401).send({ error: { name: 'AuthError', kind: 'auth', message, retryable: false } });
}

function send(reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body } = errorResponse(error);
  if (body.error.retryAfterMs !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(body.error.retryAfterMs / 1000))));
  }
  return reply.code(status).send(body);
}

/** A Fastify validation failure as the core `ValidationError`, naming the parameter. */
function fromFastifyValidation(error: {
  validation?: { instancePath?: string; params?: Record<string, unknown>; message?: string }[];
  validationContext?: string;
  message: string;
}): ValidationError {
  const first = error.validation?.[0];
  const path = (first?.instancePath ?? '').split('/').filter(Boolean);
  const missing = first?.params?.missingProperty ?? first?.params?.additionalProperty;
  if (typeof missing === 'string') path.push(missing);
  const parameter = path.join('.') || undefined;
  const reason =
    first?.params?.additionalProperty !== undefined
      ? 'is not a known field'
      : (first?.message ?? 'is invalid');
  return new ValidationError(
    parameter
      ? `Invalid parameter "${parameter}": ${reason}`
      : `Invalid ${error.validationContext ?? 'request'}: ${reason}`,
    { parameter },
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .25em}</style>
</head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}

/** Builds the Fastify app: the JSON API, OAuth, sign-in, `/mcp` and the web UI, with the security checks. */
export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const { host } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 10 * 1024 * 1024,
    // Refuse what the schemas do not allow rather than quietly dropping or converting it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });
  await app.register(fastifyCookie);

  let hosts: Set<string> | undefined;
  const cookieSuffix = () => {
    const address = app.server.address();
    return String(address && typeof address === 'object' ? address.port : 0);
  };
  const sessionCookie = () => `c_host_session_${cookieSuffix()}`;
  const oauthCookie = () => `c_host_oauth_${cookieSuffix()}`;

  app.addHook('onRequest', async (request, reply) => {
    hosts ??= allowedHosts(app.server.address(), options.bind, options.allowedHostNames);
    const hostHeader = (request.headers.host ?? '').toLowerCase();
    if (!hosts.has(hostHeader)) {
      return send(reply, new PermissionError(`Requests for host "${hostHeader}" are refused by this server`));
    }
    const path = request.url.split('?', 1)[0]!;
    const origin = request.headers.origin;
    if (origin !== undefined && !hosts.has(origin.replace(/^http:\/\//, '').toLowerCase())) {
      return send(reply, new PermissionError('Cross-origin requests are refused by this server'));
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' && path.startsWith('/api/') && path !== '/api/oauth/callback') {
      return send(reply, new PermissionError('Cross-site requests are refused by this server'));
    }
    const cookie = request.cookies[sessionCookie()];
    if (cookie && (await host.access.checkSession(cookie))) request.sessionId = cookie;
    if (!needsToken(request.method, path)) return;
    if (request.sessionId || (await host.access.checkToken(bearerToken(request.headers.authorization))))
      return;
    return unauthorized(
      reply,
      'Missing or wrong access token: send "Authorization: Bearer <C_HOST_TOKEN>" or sign in',
    );
  });

  app.addHook('onSend', async (_request, reply) => {
    // The UI must not be framed by another site (clickjacking), nor tokens leak through Referer.
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
  });

  app.setErrorHandler((error: Error & { validation?: unknown; statusCode?: number }, _request, reply) => {
    if (error.validation) return send(reply, fromFastifyValidation(error as never));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, new ValidationError(`Invalid request: ${error.message}`));
    }
    return send(reply, error);
  });

  app.get('/api/health', async () => ({ ok: true, version: hostVersion }));

  app.get('/api/connectors', async () => {
    const configured = new Set(host.oauth.configured());
    return host.registry
      .connectors()
      .map((connector) => connectorSummary(connector, configured.has(connector.id)));
  });

  app.get('/api/commands', async () => host.registry.commands().map(commandSummary));

  app.get<{ Params: { id: string } }>('/api/commands/:id', async (request) =>
    commandDetail(host.registry.require(request.params.id)),
  );

  app.post<{ Params: { id: string }; Body: { connection?: string; input?: Record<string, unknown> } }>(
    '/api/commands/:id/run',
    { schema: { body: runBody } },
    async (request, reply) => {
      const entry = host.registry.require(request.params.id);
      const controller = new AbortController();
      // A client that hangs up cancels the provider call too.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const result = await host.connections.run(entry.id, request.body?.input ?? {}, {
        connection: request.body?.connection,
        signal: controller.signal,
      });
      return { result };
    },
  );

  app.get('/api/connections', async () => host.connections.list());

  app.post<{
    Body: {
      name: string;
      connector: string;
      credentials: Record<string, unknown>;
      options?: Record<string, unknown>;
      isDefault?: boolean;
    };
  }>('/api/connections', { schema: { body: connectionBody } }, async (request, reply) =>
    reply.code(201).send(await host.connections.create(request.body)),
  );

  app.delete<{ Params: { name: string } }>('/api/connections/:name', async (request, reply) => {
    await host.connections.remove(request.params.name);
    return reply.code(204).send();
  });

  app.post<{ Params: { name: string } }>('/api/connections/:name/test', async (request) =>
    host.connections.test(request.params.name),
  );

  app.post<{ Params: { name: string } }>('/api/connections/:name/default', async (request) =>
    host.connections.setDefault(request.params.name),
  );

  /** The page that ends a Connect pop-up: it tells the opener how it went and closes itself. */
  const oauthPage = (reply: FastifyReply, message: OAuthMessage) => {
    const json = JSON.stringify(message).replace(/</g, '\\u003c');
    const text = message.ok
      ? `Connected <code>${escapeHtml(message.connection ?? '')}</code>. You can close this window.`
      : `Connect failed: ${escapeHtml(message.error ?? '')}`;
    return reply
      .code(message.ok ? 200 : 400)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html')
      .send(
        page(
          'c-host: Connect',
          `<p>${text}</p>`,
          `const m=${json};if(window.opener){window.opener.postMessage(m,location.origin);window.close();}`,
        ),
      );
  };

  app.get<{ Params: { connector: string }; Querystring: { connection?: string } }>(
    '/api/oauth/:connector/start',
    async (request, reply) => {
      const connector = request.params.connector;
      const connection = request.query.connection || connector;
      const binding = request.cookies[oauthCookie()] ?? randomToken();
      let url: string;
      try {
        url = await host.oauth.start({
          connector,
          connection,
          redirectUri: `http://${request.headers.host}/api/oauth/callback`,
          binding,
        });
      } catch (error) {
        // Opened in a pop-up, the failure must reach the opener like a callback's would.
        if (!request.headers.accept?.includes('text/html')) throw error;
        const { body } = errorResponse(error);
        return oauthPage(reply, { type: 'c-host:oauth', ok: false, connection, error: body.error.message });
      }
      // Lax, not Strict: the provider's redirect back is a cross-site navigation, and it must carry this.
      reply.setCookie(oauthCookie(), binding, {
        path: '/api/oauth',
        httpOnly: true,
        sameSite: 'lax',
        maxAge: 600,
      });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(
    '/api/oauth/callback',
    async (request, reply) => {
      try {
        const view = await host.oauth.complete({
          code: request.query.code,
          state: request.query.state,
          error: request.query.error,
          binding: request.cookies[oauthCookie()],
        });
        return oauthPage(reply, { type: 'c-host:oauth', ok: true, connection: view.name });
      } catch (error) {
        const known = error instanceof OAuthCallbackError;
        return oauthPage(reply, {
          type: 'c-host:oauth',
          ok: false,
          ...(known && error.connection ? { connection: error.connection } : {}),
          error: known ? error.message : errorResponse(error).body.error.message,
        });
      }
    },
  );

  app.get('/api/openapi.json', async () => buildOpenApi(host.registry, hostVersion));

  const sessionCookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    maxAge: 7 * ONE_DAY_S,
  } as const;

  app.post<{ Body: { token: string } }>(
    '/api/session',
    { schema: { body: sessionBody } },
    async (request, reply) => {
      if (!(await host.access.checkToken(request.body.token))) {
        return unauthorized(reply, 'Wrong access token');
      }
      reply.setCookie(sessionCookie(), await host.access.createSession(), sessionCookieOptions);
      return { ok: true };
    },
  );

  app.delete('/api/session', async (request, reply) => {
    await host.access.endSession(request.sessionId);
    reply.clearCookie(sessionCookie(), { path: '/' });
    return reply.code(204).send();
  });

  app.get<{ Querystring: { token?: string; next?: string } }>('/auth', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!(await host.access.redeemLoginToken(request.query.token))) {
      return reply
        .code(401)
        .type('text/html')
        .send(
          page(
            'c-host: sign-in link',
            '<p>This sign-in link is unknown, expired or already used. Restart <code>c-host serve</code> for a new link, or sign in with the access token.</p>',
          ),
        );
    }
    reply.setCookie(sessionCookie(), await host.access.createSession(), sessionCookieOptions);
    const next = request.query.next;
    // Only a path on this server: an absolute or scheme-relative target would be an open redirect.
    const target = next?.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : '/';
    return reply.redirect(target, 302);
  });

  app.post('/mcp', async (request, reply) => {
    const { handleMcpHttp } = await import('../mcp/mcp-http.js');
    reply.hijack();
    await handleMcpHttp(host, request.raw, reply.raw, request.body);
  });

  const mcpNotAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless' },
        id: null,
      });
  app.get('/mcp', mcpNotAllowed);
  app.delete('/mcp', mcpNotAllowed);

  const root = options.webDir ?? defaultWebDir();
  const hasUi = existsSync(join(root, 'index.html'));
  if (hasUi) {
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  } else {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/html')
        .send(
          page(
            'c-host',
            `<h1>c-host ${escapeHtml(hostVersion)}</h1><p>The web UI is not built (no <code>apps/web/dist</code>). The API is at <code>/api</code> (see <a href="/api/openapi.json">/api/openapi.json</a>) and MCP at <code>/mcp</code>.</p>`,
          ),
        ),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    // The web UI routes on the client: unknown page paths get its index.html.
    if (hasUi && request.method === 'GET' && !path.startsWith('/api/') && path !== '/mcp') {
      return reply.type('text/html').sendFile('index.html');
    }
    return send(reply, new NotFoundError(`No route ${request.method} ${path}`));
  });

  return app;
}
