import type { Registry } from '../registry.js';
import { commandSummary as summarize } from '../views.js';
import { runPaths } from './runs-routes.js';
import {
  commandDetail,
  commandSummary,
  connectionBody,
  connectionView,
  connectorSummary,
  dryRunResult,
  errorBody,
  runBody,
  sessionBody,
} from './schemas.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const errors = {
  default: {
    description: 'The error as JSON (status by kind).',
    content: json({ $ref: '#/components/schemas/Error' }),
  },
};
const ok = (description: string, schema?: unknown) => ({
  200: { description, ...(schema ? { content: json(schema) } : {}) },
  ...errors,
});

/**
 * The OpenAPI 3.1 document of the API, built from the same JSON Schemas that Fastify validates with
 * and, for each command, a run path whose body holds that command's own input schema.
 */
export function buildOpenApi(registry: Registry, version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {
    '/api/health': { get: { summary: 'Health', security: [], responses: ok('The host is up.') } },
    '/api/ready': {
      get: {
        summary: 'Readiness',
        description:
          'Whether the store can serve: its database answers and its schema is migrated (503 when not).',
        security: [],
        responses: {
          ...ok('The host can serve requests.'),
          503: {
            description:
              'The store cannot serve now (the database does not answer, or migrations are pending).',
          },
        },
      },
    },
    '/api/connectors': {
      get: {
        summary: 'List connectors',
        responses: ok('Connectors', { type: 'array', items: connectorSummary }),
      },
    },
    '/api/commands': {
      get: { summary: 'List commands', responses: ok('Commands', { type: 'array', items: commandSummary }) },
    },
    '/api/commands/{id}': {
      get: {
        summary: 'Describe a command',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: ok('The command with its input and output JSON Schemas and its lookups', commandDetail),
      },
    },
    '/api/connections': {
      get: {
        summary: 'List connections',
        responses: ok('Connections', { type: 'array', items: connectionView }),
      },
      post: {
        summary: 'Add a connection (credentials are checked first, then stored encrypted)',
        requestBody: { required: true, content: json(connectionBody) },
        responses: { 201: { description: 'Created', content: json(connectionView) }, ...errors },
      },
    },
    '/api/connections/{name}': {
      delete: {
        summary: 'Remove a connection',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 204: { description: 'Removed' }, ...errors },
      },
    },
    '/api/connections/{name}/test': {
      post: {
        summary: 'Test a connection',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: ok('It works', connectionView),
      },
    },
    '/api/connections/{name}/default': {
      post: {
        summary: "Make a connection its connector's default",
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: ok('Done', connectionView),
      },
    },
    '/api/oauth/{connector}/start': {
      get: {
        summary: 'Start Connect or Reconnect (redirects to the provider)',
        parameters: [
          { name: 'connector', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'connection', in: 'query', required: false, schema: { type: 'string' } },
        ],
        responses: { 302: { description: "To the provider's authorization page" }, ...errors },
      },
    },
    '/api/oauth/callback': {
      get: {
        summary: "The provider's redirect back (an HTML page that tells its opener)",
        security: [],
        responses: { 200: { description: 'Connected' }, 400: { description: 'Refused' } },
      },
    },
    '/api/session': {
      post: {
        summary: 'Sign in with the access token (sets an HttpOnly session cookie)',
        security: [],
        requestBody: { required: true, content: json(sessionBody) },
        responses: ok('Signed in'),
      },
      delete: { summary: 'Sign out', security: [], responses: { 204: { description: 'Signed out' } } },
    },
    '/api/openapi.json': { get: { summary: 'This document', responses: ok('OpenAPI 3.1') } },
    ...runPaths(),
  };
  for (const entry of registry.commands()) {
    const summary = summarize(entry);
    paths[`/api/commands/${entry.id}/run`] = {
      post: {
        operationId: entry.toolName,
        summary: summary.title,
        description: summary.description,
        tags: [entry.connectorId],
        requestBody: {
          required: true,
          content: json({
            ...runBody,
            properties: { ...runBody.properties, input: entry.command.inputSchema },
          }),
        },
        responses: {
          200: {
            description:
              "The command's result, typed by its output schema; with `dryRun`, the requests it would send.",
            headers: {
              'Idempotent-Replayed': {
                description:
                  'true when the idempotency key was used before for this same call: the result is the first one, and nothing was sent.',
                schema: { type: 'string', enum: ['true'] },
              },
            },
            content: json({
              oneOf: [
                {
                  type: 'object',
                  required: ['result'],
                  properties: { result: entry.command.outputSchema ?? {} },
                },
                { $ref: '#/components/schemas/DryRun' },
              ],
            }),
          },
          ...errors,
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'c-host', version, description: 'Every connector command over HTTP.' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { session: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'C_HOST_TOKEN' },
        session: { type: 'apiKey', in: 'cookie', name: 'c_host_session_<port>' },
      },
      schemas: { Error: errorBody, DryRun: dryRunResult },
    },
    paths,
  };
}
