/**
 * The host's HTTP API as zod schemas and the types inferred from them: the one definition Fastify's
 * validation, the OpenAPI document and the web UI's types come from (`@c/host/api`). Safe for a
 * browser bundle: it imports zod and core's error kinds, nothing of Node.
 */

export {
  API_ROUTES,
  API_TAGS,
  type ApiResponse,
  type ApiRoute,
  type ApiRouteKey,
  type ApiTag,
} from './routes.js';
export * from './schemas.js';
