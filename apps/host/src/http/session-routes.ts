import type { FastifyPluginAsync } from 'fastify';
import { type HttpContext, PUBLIC, PUBLIC_PAGE } from './context.js';
import { sendPage } from './pages.js';
import { sendError, sendUnauthorized, tooManyAttempts } from './replies.js';
import { routeSchema } from './schemas.js';
import { safeNextPath } from './security.js';

const SESSION_MAX_AGE_S = 7 * 24 * 3600;

/**
 * Browser sessions: sign in with the token (`POST /api/session`) or a one-time link (`GET /auth`),
 * sign out. All public, since they are how a browser gets in; wrong tokens and links are throttled
 * per client address.
 */
export const sessionRoutes: FastifyPluginAsync<HttpContext> = async (app, context) => {
  const { host, throttle } = context;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    maxAge: SESSION_MAX_AGE_S,
  } as const;

  app.post<{ Body: { token: string } }>(
    '/api/session',
    { config: PUBLIC, schema: routeSchema('POST /api/session') },
    async (request, reply) => {
      const outcome = await throttle.check(request.ip, () => host.access.checkToken(request.body.token));
      if (!outcome.ok) {
        if (outcome.retryAfterMs) return sendError(reply, tooManyAttempts(outcome.retryAfterMs));
        return sendUnauthorized(reply, 'Wrong access token');
      }
      reply.setCookie(context.sessionCookie(), await host.access.createSession(), cookieOptions);
      return { ok: true };
    },
  );

  app.delete('/api/session', { config: PUBLIC }, async (request, reply) => {
    await host.access.endSession(request.sessionId);
    reply.clearCookie(context.sessionCookie(), { path: '/' });
    return reply.code(204).send();
  });

  app.get<{ Querystring: { token?: string; next?: string } }>(
    '/auth',
    { config: PUBLIC_PAGE, schema: routeSchema('GET /auth') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      // Decided before the link is spent, and never failing: a bad `next` only means `/`.
      const target = safeNextPath(request.query.next);
      const token = request.query.token;
      const outcome = token
        ? await throttle.check(request.ip, () => host.access.redeemLoginToken(token))
        : { ok: false as const };
      if (!outcome.ok) {
        if (outcome.retryAfterMs) {
          const wait = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
          reply.header('retry-after', String(wait));
          return sendPage(reply, {
            status: 429,
            title: 'c-host: sign-in link',
            body: `<p>Too many unknown sign-in links from this address. Try again in ${wait} s.</p>`,
          });
        }
        return sendPage(reply, {
          status: 401,
          title: 'c-host: sign-in link',
          body: '<h1>This sign-in link no longer works</h1><p>A sign-in link works once, for 10 minutes: this one was already used, has expired, or was made before the access token changed.</p><p><a href="/">Sign in with the access token</a>, or print a new link on the machine that runs c-host with <code>c-host link</code>.</p>',
        });
      }
      reply.setCookie(context.sessionCookie(), await host.access.createSession(), cookieOptions);
      return reply.redirect(target, 302);
    },
  );
};
