import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

// Issue 29: what the OpenAPI document publishes compiles with Ajv in strict mode (draft 2020-12),
// every schema of it, the four connectors' commands included; the view hints of the host's UI are
// beside the schemas (`x-c-views` on a run path), not in them.

const TOKEN = 'openapi-strict-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let doc: Record<string, any>;

beforeAll(async () => {
  host = await tempHost(await loadConnectors(), { token: TOKEN });
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  doc = (await call(base, 'GET', '/api/openapi.json', { headers: auth })).json;
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
});

type Json = Record<string, any>;
const COMPONENTS = 'https://c-host.invalid/components.json';

/** Every schema of the document with where it is: parameters, headers, bodies and responses. */
function documentSchemas(document: Json): { where: string; schema: object }[] {
  const found: { where: string; schema: object }[] = [];
  for (const [path, methods] of Object.entries<Json>(document.paths)) {
    for (const [method, operation] of Object.entries<Json>(methods)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? [])
        found.push({ where: `${at} ${parameter.in} ${parameter.name}`, schema: parameter.schema });
      for (const [type, media] of Object.entries<Json>(operation.requestBody?.content ?? {}))
        if (media.schema) found.push({ where: `${at} body ${type}`, schema: media.schema });
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        for (const [name, header] of Object.entries<Json>(response.headers ?? {}))
          found.push({ where: `${at} ${status} header ${name}`, schema: header.schema });
        for (const [type, media] of Object.entries<Json>(response.content ?? {}))
          if (media.schema) found.push({ where: `${at} ${status} ${type}`, schema: media.schema });
      }
    }
  }
  return found;
}

/** A schema whose references to the document's components point at them, compiled on their own. */
const resolved = (schema: object) =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`));

describe('the OpenAPI document, compiled strictly', () => {
  it('compiles every schema with a strict Ajv (draft 2020-12), each command’s input and result included', () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    ajv.addSchema({ $id: COMPONENTS, $defs: resolved(doc.components.schemas) });
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.getSchema(`${COMPONENTS}#/$defs/${name}`), `component ${name}`).not.toThrow();
    }
    const schemas = documentSchemas(doc);
    const runs = Object.keys(doc.paths).filter((path) => path.match(/^\/api\/commands\/[^{]+\/run$/));
    expect(runs.length).toBe(host.registry.commands().length);
    for (const { where, schema } of schemas) {
      expect(() => ajv.compile(resolved(schema)), where).not.toThrow();
    }
    expect(JSON.stringify(doc.components.schemas)).not.toMatch(/"x-[a-z-]+":/);
    console.info(
      `OpenAPI: ${schemas.length} schemas and ${Object.keys(doc.components.schemas).length} components compiled strictly, ${runs.length} run paths`,
    );
  }, 60_000);

  it('says the view hints beside the schemas, by input and result, under their JSON Pointers', async () => {
    const runs = Object.entries<Json>(doc.paths).filter(([path]) => path.endsWith('/run'));
    for (const [path, { post }] of runs) {
      const { 'x-c-views': _views, ...operation } = post;
      expect(JSON.stringify(operation), path).not.toMatch(/"x-[a-z-]+":/);
    }
    const registry = host.registry;
    const search = registry.command('issues.searchIssues')!;
    const views = doc.paths['/api/commands/issues.searchIssues/run'].post['x-c-views'];
    const filter = (search.command.inputSchema as Json).properties.filter;
    expect(filter['x-filter-fields'].length).toBeGreaterThan(0);
    expect(views.input['/properties/filter']).toEqual({ 'x-filter-fields': filter['x-filter-fields'] });
    const hinted = runs.filter(([, { post }]) => post['x-c-views']?.output?.['']?.['x-view']);
    expect(hinted.length).toBeGreaterThan(10);
    for (const [path, { post }] of hinted) {
      const entry = registry.command(path.split('/')[3]!)!;
      expect(post['x-c-views'].output[''], path).toMatchObject({
        'x-view': (entry.command.outputSchema as Json)['x-view'],
      });
    }
  });
});
