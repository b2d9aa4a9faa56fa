import { PermissionError, ValidationError } from '@c/core';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from './context.js';
import { DEFAULT_CSP, UI_CSP } from './pages.js';
import { sendError, sendUnauthorized, tooManyAttempts } from './replies.js';
import { allowedHosts, bearerToken, originAllowed } from './security.js';

/** Options of `registerGuards`. */
export interface GuardOptions {
  /** The address the server listens on. */
  bind: string;
  /** More names the server may be reached by (`C_HOST_ALLOWED_HOSTS`). */
  allowedHostNames?: readonly string[] | undefined;
}

/**
 * The checks every request passes before a handler runs, in order: an origin-form request target,
 * a `Host` this server answers to, no foreign `Origin`, no cross-site request to a route that does
 * not allow it, and the access token (or a session) for every route not marked `public`. The route
 * checks read the route the router matched (`request.routeOptions.config`), so an encoded letter, a
 * dot segment or an absolute-form target cannot make a protected route look public. Also adds the
 * response headers every answer carries.
 */
export function registerGuards(app: FastifyInstance, context: HttpContext, options: GuardOptions): void {
  const { host, throttle } = context;
  let hosts: Set<string> | undefined;

  app.addHook('onRequest', async (request, reply) => {
    // `GET http://host/path HTTP/1.1` is meant for proxies; Node hands it on as is and the router
    // would match its path, so it is refused rather than answered.
    if (!request.raw.url?.startsWith('/')) {
      return sendError(
        reply,
        new ValidationError('Invalid request target: send a path (GET /api/…), not an absolute URL'),
      );
    }
    hosts ??= allowedHosts(app.server.address(), options.bind, options.allowedHostNames);
    const hostHeader = (request.headers.host ?? '').toLowerCase();
    if (!hosts.has(hostHeader)) {
      return sendError(
        reply,
        new PermissionError(`Requests for host "${hostHeader}" are refused by this server`),
      );
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, hosts) && !request.routeOptions.config.webhook) {
      return sendError(reply, new PermissionError('Cross-origin requests are refused by this server'));
    }
    const route = request.routeOptions.config;
    // An unmatched request only ever gets the UI's index.html or a 404, whatever it carries.
    const unmatched = request.is404;
    if (request.headers['sec-fetch-site'] === 'cross-site' && !route.crossSite && !unmatched) {
      return sendError(reply, new PermissionError('Cross-site requests are refused by this server'));
    }
    const cookie = request.cookies[context.sessionCookie()];
    if (cookie && (await host.access.checkSession(cookie))) request.sessionId = cookie;
    if (route.public || unmatched || request.sessionId) return;
    const token = bearerToken(request.headers.authorization);
    if (token !== undefined) {
      const outcome = await throttle.check(request.ip, () => host.access.checkToken(token));
      if (outcome.ok) return;
      if (outcome.retryAfterMs) return sendError(reply, tooManyAttempts(outcome.retryAfterMs));
    }
    return sendUnauthorized(
      reply,
      'Missing or wrong access token: send "Authorization: Bearer <C_HOST_TOKEN>" or sign in',
    );
  });

  app.addHook('onSend', async (_request, reply) => {
    // The UI must not be framed by another site (clickjacking), nor tokens leak through Referer.
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    // A 304 carries no type, and its headers replace the cached page's: a CSP here would swap the UI's
    // own policy for the API's "nothing runs" on every reload.
    if (
      reply.statusCode !== 304 &&
      !reply.hasHeader('content-security-policy') &&
      !type.includes('javascript')
    ) {
      reply.header('content-security-policy', type.startsWith('text/html') ? UI_CSP : DEFAULT_CSP);
    }
    // Answers of the API are the caller's data: no browser or proxy cache keeps them.
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
