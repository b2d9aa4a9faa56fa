// The API's zod schemas (`../api`) as JSON Schema: standalone for Fastify's validator, and with `$ref`s
// to the OpenAPI document's components for the document.
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { API_ROUTES, type ApiRouteKey } from '../api/routes.js';
import { requestSchemas, responseSchemas } from '../api/schemas.js';

/** A JSON Schema object. */
export type Json = Record<string, unknown>;

/** Which side of a schema: what a client may send, or what the host sends. */
export type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';

/** A request schema as Fastify's validator (ajv) reads it: self-contained, no `$schema`. */
export function requestJsonSchema(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

const routeSchemas = new Map<ApiRouteKey, FastifySchema>();

/** The Fastify `schema` of a route (params, query string, body), converted once from `API_ROUTES`. */
export function routeSchema(key: ApiRouteKey): FastifySchema {
  let schema = routeSchemas.get(key);
  if (!schema) {
    const route = API_ROUTES[key];
    schema = {
      ...(route.params && { params: requestJsonSchema(route.params) }),
      ...(route.query && { querystring: requestJsonSchema(route.query) }),
      ...(route.body && { body: requestJsonSchema(route.body) }),
    };
    routeSchemas.set(key, schema);
  }
  return schema;
}

/**
 * A schema for the OpenAPI document: the schemas the API registers as components (`Error`, `Run`,
 * `Connection`…) become `$ref`s wherever they appear beneath it, so each is written once.
 */
export function documentSchema(schema: z.ZodType, io: Io): Json {
  const registry = io === 'input' ? requestSchemas : responseSchemas;
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const id = registry.get(zodSchema as z.core.$ZodType)?.id;
      if (id === undefined || (zodSchema as z.core.$ZodType) === schema) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Json)[key];
      (jsonSchema as Json).$ref = `${COMPONENTS}${id}`;
    },
  }) as Json;
  delete json.$schema;
  return json;
}

/** A reference to a schema registered as a component, or the schema itself when it is not one. */
export function documentRef(schema: z.ZodType, io: Io): Json {
  const id = (io === 'input' ? requestSchemas : responseSchemas).get(schema)?.id;
  return id === undefined ? documentSchema(schema, io) : { $ref: `${COMPONENTS}${id}` };
}

/** The OpenAPI document's `components.schemas`: every schema the API registers, by its id. */
export function componentSchemas(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [registry, io] of [
    [requestSchemas, 'input'],
    [responseSchemas, 'output'],
  ] as const) {
    for (const [id, schema] of registryEntries(registry)) out[id] = documentSchema(schema, io);
  }
  return out;
}

/** The schemas of a registry with their ids. */
function registryEntries(registry: z.core.$ZodRegistry<{ id: string }>): [string, z.ZodType][] {
  const entries: [string, z.ZodType][] = [];
  // A registry is not iterable; its `_idmap` holds the schemas by id.
  for (const [id, schema] of registry._idmap) entries.push([id, schema as z.ZodType]);
  return entries;
}
