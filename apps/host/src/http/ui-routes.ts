import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError } from '@c/core';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hostVersion } from '../paths.js';
import { PUBLIC_PAGE } from './context.js';
import { escapeHtml, FAVICON_PATH, FAVICON_SVG, sendPage } from './pages.js';
import { sendError } from './replies.js';

/** Options of the UI routes. */
export interface UiOptions {
  /** The built web UI (`apps/web/dist`). */
  root: string;
}

const hasUi = (root: string) => existsSync(join(root, 'index.html'));

/**
 * The web UI's files, public (they hold no data): every route registered here is marked so. Source
 * maps are left out even when a build has them. Without a build, `/` explains where the API is.
 */
export const uiRoutes: FastifyPluginAsync<UiOptions> = async (app, { root }) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, ...PUBLIC_PAGE };
  });
  // Browsers ask for an icon with every page; without one each page logs a 404.
  const icon = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG);
  app.get(FAVICON_PATH, icon);
  app.get('/favicon.ico', (_request, reply) => reply.redirect(FAVICON_PATH, 301));
  if (hasUi(root)) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      globIgnore: ['**/*.map'],
    });
    return;
  }
  app.get('/', async (_request, reply) =>
    sendPage(reply, {
      title: 'c-host',
      body: `<h1>c-host ${escapeHtml(hostVersion)}</h1><p>The web UI is not built (no <code>apps/web/dist</code>). The API is at <code>/api</code> (see <a href="/api/openapi.json">/api/openapi.json</a>) and MCP at <code>/mcp</code>.</p>`,
    }),
  );
};

/**
 * The answer to a request no route matched: always a 404. The UI routes on the URL's hash, so no
 * path but `/` is one of its pages: a browser navigation gets a small page saying so, with the way to
 * the UI; anything else the error JSON.
 */
export function notFoundHandler({ root }: UiOptions) {
  const ui = hasUi(root);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0]!;
    const page =
      request.method === 'GET' &&
      request.headers.accept?.includes('text/html') &&
      !path.startsWith('/api/') &&
      path !== '/mcp';
    if (page) {
      return sendPage(reply, {
        status: 404,
        title: 'c-host: no such page',
        body: `<h1>No page here</h1><p>c-host has no page at <code>${escapeHtml(path)}</code>.</p><p>${
          ui ? '<a href="/">Open the web UI</a>' : 'The API is at <a href="/api/openapi.json">/api</a>'
        } · <a href="/api/reference">API reference</a></p>`,
      });
    }
    return sendError(reply, new NotFoundError(`No route ${request.method} ${path}`));
  };
}
