import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { hostVersion } from '../paths.js';
import { escapeHtml } from './pages.js';

/** Where the API reference page lives; its files are under it. */
export const REFERENCE_PATH = '/api/reference';

/**
 * The page's policy: scripts and styles of this origin only (Swagger UI's bundle and the initializer
 * below, no inline script, no eval), images of its own and its data-URI icons, and requests to this
 * origin (the OpenAPI document and "Try it out").
 */
const REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Starts Swagger UI on the host's own OpenAPI document. A file rather than an inline script, so the
 * page's policy needs no `'unsafe-inline'`. No validator badge: it would send the document to
 * validator.swagger.io.
 */
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    defaultModelsExpandDepth: 0,
    // About 200 commands: the sections (tags) start folded, and the filter finds one by its words.
    docExpansion: 'none',
    filter: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

/** The files of `swagger-ui-dist` the page loads, by the name they are served under. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'favicon.png': { file: 'favicon-32x32.png', type: 'image/png' },
};

function page(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>c-host ${escapeHtml(hostVersion)} · API reference</title>
<link rel="icon" type="image/png" href="${REFERENCE_PATH}/favicon.png">
<link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css">
</head>
<body>
<noscript>The API reference needs JavaScript. The same description is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
<script src="${REFERENCE_PATH}/init.js"></script>
</body>
</html>
`;
}

/**
 * `GET /api/reference`: the HTTP API's reference, rendered by Swagger UI from `/api/openapi.json`.
 * Behind the same sign-in as the rest of the API (the token or a browser session), as the document
 * it renders is; Swagger UI's files are served from the installed `swagger-ui-dist`, never a CDN.
 */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
  const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, Buffer>();
  app.get(REFERENCE_PATH, async (_request, reply) =>
    reply
      .header('content-security-policy', REFERENCE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page()),
  );
  app.get(`${REFERENCE_PATH}/init.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INITIALIZER),
  );
  app.get<{ Params: { file: string } }>(`${REFERENCE_PATH}/:file`, async (request, reply) => {
    const asset = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
    if (!asset) return reply.callNotFound();
    let body = assets.get(asset.file);
    if (!body) {
      body = await readFile(join(root, asset.file));
      assets.set(asset.file, body);
    }
    // The same version for the life of the process: the browser may keep it for a day.
    return reply.header('cache-control', 'private, max-age=86400').type(asset.type).send(body);
  });
};
