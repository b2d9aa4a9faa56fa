import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { randomToken } from '../access.js';
import type { OAuthMessage } from '../api/schemas.js';
import { OAuthCallbackError } from '../connections/oauth.js';
import { type HttpContext, PUBLIC_PAGE } from './context.js';
import { errorResponse } from './errors.js';
import { escapeHtml, sendPage } from './pages.js';
import { routeSchema } from './schemas.js';

/** The page that ends a Connect pop-up: it tells the opener how it went and closes itself. */
function oauthPage(reply: FastifyReply, message: OAuthMessage): FastifyReply {
  const json = JSON.stringify(message).replace(/</g, '\\u003c');
  const text = message.ok
    ? `Connected <code>${escapeHtml(message.connection ?? '')}</code>. You can close this window.`
    : `Connect failed: ${escapeHtml(message.error ?? '')}`;
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  return sendPage(reply, {
    status: message.ok ? 200 : 400,
    title: 'c-host: Connect',
    body: `<p>${text}</p>`,
    script: `const m=${json};if(window.opener){window.opener.postMessage(m,location.origin);window.close();}`,
  });
}

/**
 * OAuth Connect: the start (needs the token or a session) and the provider's redirect back, which is
 * public and cross-site by nature, and checked by its single-use state, PKCE and a binding cookie.
 */
export const oauthRoutes: FastifyPluginAsync<HttpContext> = async (app, context) => {
  const { host } = context;

  app.get<{ Params: { connector: string }; Querystring: { connection?: string } }>(
    '/api/oauth/:connector/start',
    { schema: routeSchema('GET /api/oauth/:connector/start') },
    async (request, reply) => {
      const connector = request.params.connector;
      const connection = request.query.connection || connector;
      const binding = request.cookies[context.oauthCookie()] ?? randomToken();
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
      reply.setCookie(context.oauthCookie(), binding, {
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
    { config: PUBLIC_PAGE, schema: routeSchema('GET /api/oauth/callback') },
    async (request, reply) => {
      try {
        const view = await host.oauth.complete({
          code: request.query.code,
          state: request.query.state,
          error: request.query.error,
          binding: request.cookies[context.oauthCookie()],
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
};
