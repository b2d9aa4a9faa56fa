// The API is defined once (`./schemas.ts`, `./routes.ts`): these tests fail when the server's routes,
// the OpenAPI document or what the host actually sends drift from it. The type checks at the end fail
// `pnpm typecheck` when a host view gains a field the API does not declare.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthDescriptor as CoreAuth, ErrorJson as CoreErrorJson, Lookup as CoreLookup } from '@c/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ConnectionView as HostConnectionView } from '../connections/connection-manager.js';
import { loadConnectors } from '../connectors.js';
import { componentSchemas, requestJsonSchema } from '../http/schemas.js';
import { createHttpServer } from '../http/server.js';
import type { RunView as HostRunView } from '../runs/run-service.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import type { SandboxView as HostSandboxView } from '../sandbox/sandbox-env.js';
import type { AuditEntry as HostAuditEntry } from '../store/audit-store.js';
import type { StoreReadiness } from '../store/host-store.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import type {
  EventView as HostEventView,
  SubscriptionView as HostSubscriptionView,
} from '../triggers/trigger-service.js';
import * as api from './index.js';

const TOKEN = 'api-contract-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };
let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
let app: FastifyInstance;
let base: string;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  host = await tempHost(await loadConnectors(['payments']), { token: TOKEN });
  await host.access.init();
  sandbox = await startSandbox(host);
  app = await createHttpServer({
    host,
    bind: '127.0.0.1',
    webDir: '/nonexistent',
    onRoute: (route) => routes.push(route),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await host?.cleanup();
});

/**
 * Routes that are not the JSON API: MCP's own protocol, the provider-facing webhook receiver, the
 * reference page's files, and the web UI with its icon.
 */
const OUTSIDE_API = /^\/(mcp|hooks\/|api\/reference|$|index\.html|favicon\.|assets\/|\*)/;

function served(): Map<string, RouteOptions> {
  const out = new Map<string, RouteOptions>();
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || OUTSIDE_API.test(route.url)) continue;
      out.set(`${method} ${route.url}`, route);
    }
  }
  return out;
}

describe('the routes', () => {
  it('are exactly API_ROUTES, each validating its params, query and body with the API schemas', () => {
    const table = served();
    expect([...table.keys()].sort()).toEqual(Object.keys(api.API_ROUTES).sort());
    for (const [key, route] of table) {
      const spec = api.API_ROUTES[key as api.ApiRouteKey];
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      expect(schema.params, key).toEqual(spec.params && requestJsonSchema(spec.params));
      expect(schema.querystring, key).toEqual(spec.query && requestJsonSchema(spec.query));
      expect(schema.body, key).toEqual(spec.body && requestJsonSchema(spec.body));
    }
  });

  it('refuse what the API schema refuses, naming the parameter', async () => {
    const response = await call(base, 'POST', '/api/connections', {
      headers: auth,
      body: { name: '-bad', connector: 'payments', credentials: {} },
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({ kind: 'validation', parameter: 'name' });
    expect(
      api.CreateConnectionRequest.safeParse({ name: '-bad', connector: 'x', credentials: {} }).success,
    ).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('documents every route of API_ROUTES, with the API schemas as its components', async () => {
    const doc = (await call(base, 'GET', '/api/openapi.json', { headers: auth })).json;
    expect(doc.components.schemas).toEqual(componentSchemas());
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Error',
        'ErrorJson',
        'Connection',
        'CommandDetail',
        'Run',
        'Subscription',
        'Event',
      ]),
    );
    for (const route of Object.values(api.API_ROUTES)) {
      if (route.url === '/api/commands/:id/run') continue;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toMatchObject({ summary: route.summary });
      expect(Object.keys(operation.responses).sort()).toEqual(
        [...Object.keys(route.responses), ...(route.public ? [] : ['default'])].filter(unique).sort(),
      );
      // Each `{name}` of the path is a declared path parameter.
      const declared = (operation.parameters ?? []).filter((p: { in: string }) => p.in === 'path');
      expect(declared.map((p: { name: string }) => p.name)).toEqual(
        [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
      );
    }
    expect(doc.paths['/api/runs/{id}'].get.responses.default.description).toContain('404 for an unknown run');
    const runs = Object.keys(doc.paths).filter((path) => path.endsWith('/run'));
    expect(runs).toContain('/api/commands/payments.createCustomer/run');
  });

  it('names every operation with a unique operationId and files it under a declared area', async () => {
    const doc = (await call(base, 'GET', '/api/openapi.json', { headers: auth })).json;
    const declared = new Set(doc.tags.map((tag: { name: string; description: string }) => tag.name));
    for (const tag of doc.tags) expect(tag.description, tag.name).toEqual(expect.any(String));
    const ids: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        operations += 1;
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[A-Za-z][\w]*$/);
        ids.push(operation.operationId);
        expect(operation.tags, `${method} ${path}`).toHaveLength(1);
        expect(declared.has(operation.tags[0]), `${method} ${path}: ${operation.tags[0]}`).toBe(true);
      }
    }
    expect(operations).toBeGreaterThan(Object.keys(api.API_ROUTES).length);
    expect(new Set(ids).size).toBe(ids.length);
    // The host's own routes by their area, a command by its connector's and its area's titles.
    expect(doc.paths['/api/connections'].get).toMatchObject({
      operationId: 'listConnections',
      tags: ['Connections'],
    });
    expect(doc.paths['/api/runs/{id}/cancel'].post.tags).toEqual(['Async runs']);
    expect(doc.paths['/api/commands/payments.createRefund/run'].post).toMatchObject({
      operationId: 'payments_createRefund',
      tags: ['Stripe · Refunds'],
    });
    expect(doc.info.description).toContain('(/)');
  });

  it('has no $ref that does not resolve to one of its components', async () => {
    const doc = (await call(base, 'GET', '/api/openapi.json', { headers: auth })).json;
    const refs = new Set<string>();
    JSON.stringify(doc, (key, value) => {
      if (key === '$ref') refs.add(value);
      return value;
    });
    expect(refs.size).toBeGreaterThan(5);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
  });
});

/** Asserts the body is what the schema says: nothing missing, nothing undeclared (zod drops unknown keys). */
function exactly(schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues, JSON.stringify(body).slice(0, 400)).toBeUndefined();
  expect(parsed.data).toEqual(body);
}

async function get(path: string) {
  const response = await call(base, 'GET', path, { headers: auth });
  expect(response.status, path).toBe(200);
  return response.json;
}

describe('what the host sends', () => {
  it('is what the API declares, route by route', async () => {
    exactly(api.HealthResponse, await get('/api/health'));
    exactly(api.ReadinessResponse, await get('/api/ready'));
    const connectors = await get('/api/connectors');
    exactly(api.ConnectorSummary.array().min(1), connectors);
    const commands = await get('/api/commands');
    exactly(api.CommandSummary.array().min(1), commands);
    // Listed under its connector's area (its toolset, `core` aside).
    expect(commands.find((entry: { id: string }) => entry.id === 'payments.createRefund').area).toEqual({
      id: 'refunds',
      title: 'Refunds',
    });
    const detail = await get('/api/commands/payments.createSubscription');
    expect(Object.keys(detail.lookups).length).toBeGreaterThan(0);
    exactly(api.CommandDetail, detail);
    exactly(api.ConnectionView.array().min(1), await get('/api/connections'));
    const tested = await call(base, 'POST', '/api/connections/sandbox-payments/test', { headers: auth });
    exactly(api.ConnectionView, tested.json);
    const session = await call(base, 'POST', '/api/session', { body: { token: TOKEN } });
    exactly(api.SessionResponse, session.json);

    const ran = await call(base, 'POST', '/api/commands/payments.createCustomer/run', {
      headers: auth,
      body: { input: { email: 'ada@example.com' } },
    });
    exactly(api.RunCommandResponse, ran.json);
    const dry = await call(base, 'POST', '/api/commands/payments.createCustomer/run', {
      headers: auth,
      body: { input: { email: 'ada@example.com' }, dryRun: true },
    });
    exactly(api.DryRunResult, dry.json);
    const unknown = await call(base, 'POST', '/api/commands/payments.nope/run', { headers: auth, body: {} });
    expect(unknown.status).toBe(404);
    exactly(api.ErrorBody, unknown.json);
    exactly(api.AuditEntry.array().min(1), await get('/api/audit'));
    const sandboxView = await get('/api/sandbox');
    expect(sandboxView.simulators.map((entry: { connector: string }) => entry.connector)).toEqual([
      'payments',
    ]);
    exactly(api.SandboxView, sandboxView);
  });

  it('is what the API declares for async runs', async () => {
    const accepted = await call(base, 'POST', '/api/runs', {
      headers: auth,
      body: { command: 'payments.getCustomers', input: {} },
    });
    expect(accepted.status).toBe(202);
    exactly(api.RunAccepted, accepted.json);
    let run = await get(`/api/runs/${accepted.json.id}`);
    while (run.status === 'queued' || run.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = await get(`/api/runs/${accepted.json.id}`);
    }
    expect(run.status).toBe('succeeded');
    exactly(api.RunView, run);
  });

  it('is what the API declares for triggers, subscriptions and events', async () => {
    exactly(api.TriggerSummary.array().min(1), await get('/api/triggers'));
    const created = await call(base, 'POST', '/api/subscriptions', {
      headers: auth,
      body: {
        trigger: 'payments.event',
        input: { events: ['customer.created'] },
        // Nothing listens there: its deliveries stay pending, which is what the detail shows.
        deliverTo: { url: 'http://127.0.0.1:9/in' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.json.deliverSecret).toEqual(expect.any(String));
    exactly(api.SubscriptionCreated, created.json);
    await call(base, 'POST', '/api/commands/payments.createCustomer/run', {
      headers: auth,
      body: { input: { email: 'grace@example.com' } },
    });
    let page = await get(`/api/events?subscription=${created.json.id}`);
    while (page.events.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      page = await get(`/api/events?subscription=${created.json.id}`);
    }
    exactly(api.EventsPage, page);
    exactly(api.SubscriptionView.array().min(1), await get('/api/subscriptions'));
    const detail = await get(`/api/subscriptions/${created.json.id}`);
    expect(detail.deliveries.length).toBeGreaterThan(0);
    exactly(api.SubscriptionDetail, detail);
    const removed = await call(base, 'DELETE', `/api/subscriptions/${created.json.id}`, { headers: auth });
    expect(removed.status).toBe(204);
  });
});

describe('the module the web UI imports', () => {
  it("imports nothing of Node: only zod, core's error kinds and its own files", () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const sources = readdirSync(here).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(sources).toContain('index.ts');
    const imported = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(join(here, file), 'utf8');
      for (const match of text.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) imported.add(match[1]!);
    }
    expect([...imported].filter((name) => !name.startsWith('./')).sort()).toEqual([
      '@c/core/error-kinds',
      'zod',
    ]);
    const kinds = readFileSync(fileURLToPath(import.meta.resolve('@c/core/error-kinds')), 'utf8');
    expect(kinds).not.toMatch(/^\s*(import|export .* from)/m);
  });
});

describe('the host types', () => {
  it('are the API types (checked by tsc: a field added on either side fails the type check)', () => {
    expectTypeOf<HostConnectionView>().toEqualTypeOf<api.ConnectionView>();
    expectTypeOf<HostRunView>().toEqualTypeOf<api.RunView>();
    // The host's view keeps `hookUrl` and `deliverTo` as keys set to undefined, which JSON leaves out.
    expectTypeOf<HostSubscriptionView>().toExtend<api.SubscriptionView>();
    expectTypeOf<HostEventView>().toEqualTypeOf<api.EventView>();
    expectTypeOf<HostAuditEntry>().toEqualTypeOf<api.AuditEntry>();
    expectTypeOf<HostSandboxView>().toEqualTypeOf<api.SandboxView>();
    expectTypeOf<StoreReadiness & { ok: boolean }>().toExtend<api.ReadinessResponse>();
    expectTypeOf<CoreErrorJson>().toEqualTypeOf<api.ErrorJson>();
    expectTypeOf<CoreLookup>().toEqualTypeOf<api.Lookup>();
    expectTypeOf<CoreAuth>().toEqualTypeOf<api.AuthDescriptor>();
  });
});

function unique<T>(value: T, index: number, all: T[]): boolean {
  return all.indexOf(value) === index;
}
