import { type PaymentsSandbox, SEED_IDS, startPaymentsSimulator } from '@c/payments/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

// `POST /api/commands/{id}/run` with `idempotencyKey` and `dryRun`, and what the OpenAPI document
// says about them, against the Stripe simulator.

const TOKEN = 'commands-routes-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
let stripe: PaymentsSandbox;
let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  host = await tempHost(await loadConnectors(['payments']), {
    token: TOKEN,
    env: { C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey, C_PAYMENTS_BASE_URL: stripe.url },
  });
  await host.access.init();
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
  await stripe.close();
});

const run = (id: string, body: unknown) =>
  call(base, 'POST', `/api/commands/${id}/run`, { headers: auth, body });
const posts = () => stripe.server.calls.filter((call) => call.method === 'POST');

describe('POST /api/commands/{id}/run with an idempotency key', () => {
  it('answers a repeat with the first result (Idempotent-Replayed) and sends the key to Stripe once', async () => {
    stripe.server.reset();
    const body = { input: { email: 'grace@example.com', name: 'Grace' }, idempotencyKey: 'http-k-1' };
    const first = await run('payments.createCustomer', body);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await run('payments.createCustomer', body);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json.result.id).toBe(first.json.result.id);
    expect(posts().map((call) => call.headers['idempotency-key'])).toEqual(['http-k-1']);
  });

  it('refuses the key for another input with 409, naming idempotencyKey, and sends nothing', async () => {
    stripe.server.reset();
    await run('payments.createCustomer', { input: { email: 'a@example.com' }, idempotencyKey: 'http-k-2' });
    const other = await run('payments.createCustomer', {
      input: { email: 'b@example.com' },
      idempotencyKey: 'http-k-2',
    });
    expect(other.status).toBe(409);
    expect(other.json.error).toMatchObject({ kind: 'validation', parameter: 'idempotencyKey' });
    expect(posts()).toHaveLength(1);
  });

  it('refuses a key on a read-only command and a key that cannot be a header, with 400', async () => {
    for (const [id, body] of [
      ['payments.getCustomerById', { input: { customerId: SEED_IDS.customers.ada }, idempotencyKey: 'k' }],
      ['payments.createCustomer', { input: { email: 'c@example.com' }, idempotencyKey: 'x'.repeat(201) }],
    ] as const) {
      const response = await run(id, body);
      expect(response.status, id).toBe(400);
      expect(response.json.error.parameter).toBe('idempotencyKey');
    }
  });
});

describe('POST /api/commands/{id}/run with dryRun', () => {
  it('returns the Stripe request, key masked, and sends nothing', async () => {
    stripe.server.reset();
    const response = await run('payments.createCustomer', {
      input: { email: 'dry@example.com', metadata: { plan: 'gold' } },
      idempotencyKey: 'http-k-3',
      dryRun: true,
    });
    expect(response.status).toBe(200);
    expect(stripe.server.calls).toHaveLength(0);
    const [request] = response.json.requests;
    expect(response.json).toMatchObject({ dryRun: true, note: expect.stringContaining('Nothing was sent') });
    expect(request).toMatchObject({
      method: 'POST',
      url: `${stripe.url}/v1/customers`,
      headers: {
        authorization: 'Bearer [REDACTED]',
        'idempotency-key': 'http-k-3',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(new URLSearchParams(request.body).get('metadata[plan]')).toBe('gold');
    expect(response.text).not.toContain(stripe.connection.credentials.apiKey);
  });

  it('validates the input first', async () => {
    const response = await run('payments.getCustomerById', { input: {}, dryRun: true });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toMatch(/^Missing required parameter "customerId" \(string/);
  });
});

describe('the OpenAPI document', () => {
  it('types run bodies with idempotencyKey and dryRun, and responses with the result or a dry run', async () => {
    const doc = (await call(base, 'GET', '/api/openapi.json', { headers: auth })).json;
    const runPath = doc.paths['/api/commands/payments.createCustomer/run'].post;
    const body = runPath.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual([
      'connection',
      'input',
      'idempotencyKey',
      'dryRun',
      'lookup',
    ]);
    const ok = runPath.responses[200];
    expect(ok.headers['Idempotent-Replayed']).toBeDefined();
    expect(ok.content['application/json'].schema.oneOf[1]).toEqual({ $ref: '#/components/schemas/DryRun' });
    expect(doc.components.schemas.DryRun.required).toEqual(['dryRun', 'requests', 'note']);
  });
});

describe('GET /api/commands/{id}', () => {
  it('gives the lookups of parameters naming Stripe objects, their commands qualified, and OpenAPI types them', async () => {
    const detail = (await call(base, 'GET', '/api/commands/payments.createSubscription', { headers: auth }))
      .json;
    expect(Object.keys(detail.lookups)).toEqual(['customerId', 'plan']);
    expect(detail.lookups.plan).toMatchObject({
      noun: 'plans',
      command: 'payments.getPlans',
      input: { active: true, pagination: { limit: 100 } },
      items: 'data',
      where: 'recurring',
      value: 'id',
    });
    // The lookup names a command this host runs.
    const listed = await run(detail.lookups.plan.command, { input: detail.lookups.plan.input });
    expect(listed.status).toBe(200);
    expect(listed.json.result.data.map((price: { id: string }) => price.id)).toContain(
      SEED_IDS.prices.proMonthly,
    );

    const plain = (await call(base, 'GET', '/api/commands/payments.createCustomer', { headers: auth })).json;
    expect(plain.lookups).toEqual({});

    const doc = (await call(base, 'GET', '/api/openapi.json', { headers: auth })).json;
    const schema = doc.paths['/api/commands/{id}'].get.responses[200].content['application/json'].schema;
    expect(schema).toEqual({ $ref: '#/components/schemas/CommandDetail' });
    const { CommandDetail, Lookup } = doc.components.schemas;
    expect(CommandDetail.properties.lookups.additionalProperties).toEqual({
      $ref: '#/components/schemas/Lookup',
    });
    expect(Lookup.required).toEqual(['noun', 'command', 'items', 'value', 'label']);
  });
});
