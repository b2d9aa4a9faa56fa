import type { z } from 'zod';
import { API_ROUTES, API_TAGS, type ApiResponse, type ApiRoute } from '../api/routes.js';
import { DryRunResult, RunCommandRequest } from '../api/schemas.js';
import { commandArea, connectorAreas } from '../areas.js';
import type { RegisteredCommand, Registry } from '../registry.js';
import { type ViewHints, viewHints, withoutViewHints } from '../strict-schema.js';
import { commandSummary as summarize } from '../views.js';
import { componentSchemas, documentRef, documentSchema, type Json } from './schemas.js';

/** `/api/runs/:id` as OpenAPI writes it: `/api/runs/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function parameters(route: ApiRoute): Json[] {
  const of = (schema: z.ZodObject | undefined, where: 'path' | 'query') => {
    const json = schema ? documentSchema(schema, 'input') : {};
    const properties = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required ?? []) as string[]);
    return Object.entries(properties).map(([name, { description, ...property }]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description !== undefined && { description }),
      schema: property,
    }));
  };
  return [...of(route.params, 'path'), ...of(route.query, 'query')];
}

function response({ description, body, media, headers }: ApiResponse): Json {
  const content: Record<string, Json> = {
    ...(body && { 'application/json': { schema: documentRef(body, 'output') } }),
    ...Object.fromEntries(
      Object.entries(media ?? {}).map(([type, schema]) => [
        type,
        schema ? { schema: documentSchema(schema, 'output') } : {},
      ]),
    ),
  };
  return {
    description,
    ...(headers && {
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, header]) => [
          name,
          { description: header.description, schema: documentSchema(header.schema, 'output') },
        ]),
      ),
    }),
    ...(Object.keys(content).length > 0 && { content }),
  };
}

function operation(route: ApiRoute): Json {
  const params = parameters(route);
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description && { description: route.description }),
    ...(route.public && { security: [] }),
    ...(params.length > 0 && { parameters: params }),
    ...(route.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: documentRef(route.body, 'input') } },
      },
    }),
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, spec]) => [status, response(spec)]),
    ),
  };
}

/**
 * The view hints of a command's schemas for the host's UI, which are no JSON Schema keywords: the
 * document publishes the schemas without them, and its run path says them here, by input and
 * result, each node's under its JSON Pointer (OpenAPI allows `x-` extensions on an operation).
 */
function viewsOf(entry: RegisteredCommand): Json {
  const input = viewHints(entry.command.inputSchema);
  const output: ViewHints = entry.command.outputSchema ? viewHints(entry.command.outputSchema) : {};
  const views = {
    ...(Object.keys(input).length > 0 && { input }),
    ...(Object.keys(output).length > 0 && { output }),
  };
  return Object.keys(views).length > 0 ? { 'x-c-views': views } : {};
}

/** The section of a command's run path: its connector's title and its area's ("Stripe · Refunds"). */
function commandTag(connectorTitle: string, areaTitle: string | undefined): string {
  return areaTitle ? `${connectorTitle} · ${areaTitle}` : connectorTitle;
}

/** Every section with what it holds: the host's own areas, then each connector's in its order. */
function documentTags(registry: Registry): Json[] {
  const own = Object.entries(API_TAGS).map(([name, description]) => ({ name, description }));
  const commands = registry.connectors().flatMap((connector) => {
    const areas = connectorAreas(connector);
    if (areas.length === 0) return [{ name: connector.title, description: connector.description }];
    return areas.map((area) => ({
      name: commandTag(connector.title, area.title),
      description: area.description,
    }));
  });
  return [...own, ...commands];
}

/**
 * The OpenAPI 3.1 document of the API, built from the API's zod schemas and routes (`../api`), the
 * same ones Fastify validates with, and, for each command, a run path whose body holds that command's
 * own input schema and whose result its output schema.
 */
export function buildOpenApi(registry: Registry, version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, Json>> = {};
  const generic = API_ROUTES['POST /api/commands/:id/run'];
  for (const route of Object.values(API_ROUTES)) {
    if (route === generic) continue;
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  // One path per command, its own input and output schemas in place of the generic ones.
  const { parameters: _id, ...run } = operation(generic);
  const runBody = documentSchema(RunCommandRequest, 'input');
  const ok = response({ ...generic.responses[200]!, body: undefined });
  for (const entry of registry.commands()) {
    const summary = summarize(entry);
    const result = {
      type: 'object',
      required: ['result'],
      properties: { result: withoutViewHints(entry.command.outputSchema ?? {}) },
    };
    paths[`/api/commands/${entry.id}/run`] = {
      post: {
        ...run,
        operationId: entry.toolName,
        summary: summary.title,
        description: summary.description,
        tags: [commandTag(entry.connector.title, commandArea(entry.connector, entry.key)?.title)],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                ...runBody,
                properties: {
                  ...(runBody.properties as Json),
                  input: withoutViewHints(entry.command.inputSchema),
                },
              },
            },
          },
        },
        responses: {
          ...(run.responses as Json),
          200: {
            ...ok,
            content: {
              'application/json': { schema: { oneOf: [result, documentRef(DryRunResult, 'output')] } },
            },
          },
        },
        ...viewsOf(entry),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'c-host',
      version,
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Every connector command over HTTP, sectioned by connector and area. The same commands in the web UI: [open the app](/).',
    },
    tags: documentTags(registry),
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { session: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'C_HOST_TOKEN' },
        session: { type: 'apiKey', in: 'cookie', name: 'c_host_session_<port>' },
      },
      schemas: componentSchemas(),
    },
    paths,
  };
}
