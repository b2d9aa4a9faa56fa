import { contractsDir } from '@c/core/testing';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../payments-connector.js';
import {
  buildCustomer,
  NO_PAYMENT_METHOD_MESSAGE,
  type PaymentsSandbox,
  paymentsSimulator,
  SEED_IDS,
  startPaymentsSimulator,
  stripeFaults,
} from './index.js';

let sim: PaymentsSandbox;
let now = 1_750_000_000;

beforeAll(async () => {
  sim = await startPaymentsSimulator({ seed: true, checkResponses: true, now: () => now });
});
afterEach(() => {
  const violations = [...sim.server.violations];
  sim.reset();
  now = 1_750_000_000;
  expect(violations).toEqual([]);
});
afterAll(() => sim.close());

interface Sent {
  body?: string;
  headers?: Record<string, string>;
  key?: string | null;
}

/** A raw call to the simulator, as any HTTP client would make it. */
async function stripe(method: string, path: string, sent: Sent = {}) {
  const key = sent.key === undefined ? sim.connection.credentials.apiKey : sent.key;
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(sent.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...sent.headers,
    },
    ...(sent.body !== undefined ? { body: sent.body } : {}),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as any };
}

describe('Stripe simulator: protocol', () => {
  it('puts a request-id and the API version on every response, errors included', async () => {
    const ok = await stripe('GET', '/v1/customers?limit=1');
    const missing = await stripe('GET', '/v1/customers/cus_Nope');
    const unknownRoute = await stripe('GET', '/v1/customers/cus_Nope/unknown_thing');
    for (const response of [ok, missing, unknownRoute]) {
      expect(response.headers.get('request-id')).toMatch(/^req_[A-Za-z0-9]{14}$/);
    }
    expect(ok.headers.get('stripe-version')).toBe('2026-10-28.endive');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({
      code: 'resource_missing',
      param: 'id',
      type: 'invalid_request_error',
      message: "No such customer: 'cus_Nope'",
    });
    expect(unknownRoute.status).toBe(404);
    sim.server.reset();
  });

  it('refuses requests without a key or with an unknown key, masking the key', async () => {
    const none = await stripe('GET', '/v1/customers', { key: null });
    expect(none.status).toBe(401);
    expect(none.json.error.message).toMatch(/^You did not provide an API key/);
    const wrong = await stripe('GET', '/v1/customers', { key: 'sk_test_abcdefghijklmnop1234' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toBe('Invalid API Key provided: sk_test_****************1234');
    const basic = await stripe('GET', '/v1/customers', {
      key: null,
      headers: {
        authorization: `Basic ${Buffer.from(`${sim.connection.credentials.apiKey}:`).toString('base64')}`,
      },
    });
    expect(basic.status).toBe(200);
    sim.server.reset();
  });

  it('answers unknown or mistyped parameters with Stripe’s 400, and records the contract violation', async () => {
    const unknown = await stripe('POST', '/v1/customers', { body: 'email=a%40b.c&favourite_colour=blue' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ code: 'parameter_unknown', param: 'favourite_colour' });
    const typed = await stripe('GET', '/v1/customers?limit=ten');
    expect(typed.status).toBe(400);
    expect(typed.json.error.param).toBe('limit');
    if (sim.contract) {
      expect(sim.server.violations).toEqual([
        expect.stringContaining('parameter_unknown favourite_colour'),
        expect.stringContaining('parameter_invalid limit'),
      ]);
    }
    expect(sim.state.customers.size).toBe(5);
    sim.server.reset();
  });
});

describe('Stripe simulator: lists', () => {
  it('lists newest first with limit, starting_after, ending_before and has_more', async () => {
    const all = await stripe('GET', '/v1/customers?limit=100');
    const ids: string[] = all.json.data.map((c: { id: string }) => c.id);
    expect(ids).toEqual([
      SEED_IDS.customers.linus,
      SEED_IDS.customers.katherine,
      SEED_IDS.customers.alan,
      SEED_IDS.customers.grace,
      SEED_IDS.customers.ada,
    ]);
    expect(all.json).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers' });
    const second = await stripe('GET', `/v1/customers?limit=2&starting_after=${ids[1]}`);
    expect(second.json.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(2, 4));
    expect(second.json.has_more).toBe(true);
    const before = await stripe('GET', `/v1/customers?limit=2&ending_before=${ids[3]}`);
    expect(before.json.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(1, 3));
    expect(before.json.has_more).toBe(true);
    const defaultPage = await stripe('GET', '/v1/balance_transactions');
    expect(defaultPage.json.data).toHaveLength(10);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['starting_after=cus_Unknown', 'starting_after'],
    [`starting_after=${SEED_IDS.customers.ada}&ending_before=${SEED_IDS.customers.linus}`, 'ending_before'],
  ])('refuses %s with a 400 on %s', async (query, param) => {
    const response = await stripe('GET', `/v1/customers?${query}`);
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it('filters by created (exact and ranges) and exact, case-sensitive email', async () => {
    sim.state.reset();
    for (const [id, created, email] of [
      ['cus_T1', 100, 'a@example.com'],
      ['cus_T2', 200, 'A@example.com'],
      ['cus_T3', 300, 'a@example.com'],
    ] as const) {
      sim.state.customers.set(buildCustomer({ id, created, email }));
    }
    const ids = async (query: string) =>
      (await stripe('GET', `/v1/customers?${query}`)).json.data.map((c: { id: string }) => c.id);
    expect(await ids('created[gte]=200')).toEqual(['cus_T3', 'cus_T2']);
    expect(await ids('created[gt]=100&created[lte]=200')).toEqual(['cus_T2']);
    expect(await ids('created[lt]=300')).toEqual(['cus_T2', 'cus_T1']);
    expect(await ids('created=300')).toEqual(['cus_T3']);
    expect(await ids('email=a%40example.com')).toEqual(['cus_T3', 'cus_T1']);
  });

  it('lists subscriptions without canceled ones unless asked, and cancels with DELETE', async () => {
    const ids = async (query: string) =>
      (await stripe('GET', `/v1/subscriptions?${query}`)).json.data.map((s: { id: string }) => s.id);
    expect(await ids('')).not.toContain(SEED_IDS.subscriptions.alanStarter);
    expect(await ids('status=all')).toContain(SEED_IDS.subscriptions.alanStarter);
    expect(await ids('status=canceled')).toEqual([SEED_IDS.subscriptions.alanStarter]);
    const canceled = await stripe('DELETE', `/v1/subscriptions/${SEED_IDS.subscriptions.adaPro}`);
    expect(canceled.json).toMatchObject({ status: 'canceled', canceled_at: now });
    expect(await ids('')).not.toContain(SEED_IDS.subscriptions.adaPro);
    const events = await stripe('GET', '/v1/events?type=customer.subscription.deleted');
    expect(events.json.data.map((e: any) => e.data.object.id)).toEqual([SEED_IDS.subscriptions.adaPro]);
  });

  it('serves every seeded list and object in shapes that match Stripe’s schemas', async () => {
    for (const path of [
      '/v1/customers',
      '/v1/products',
      '/v1/prices',
      '/v1/plans',
      '/v1/subscriptions?status=all',
      '/v1/balance_transactions?limit=100',
      '/v1/events?limit=100',
      '/v1/coupons',
      '/v1/balance',
      `/v1/plans/${SEED_IDS.prices.proMonthly}`,
      `/v1/subscriptions/${SEED_IDS.subscriptions.graceStarter}`,
    ]) {
      const response = await stripe('GET', path);
      expect(response.status, path).toBe(200);
    }
    const events = await stripe('GET', '/v1/events?limit=100');
    expect(events.json.data.length).toBeGreaterThan(15);
  });
});

describe('Stripe simulator: writes', () => {
  it('merges metadata, unsets a key sent empty, and clears all with metadata=', async () => {
    const id = SEED_IDS.customers.ada;
    const merged = await stripe('POST', `/v1/customers/${id}`, { body: 'metadata[tier]=1&metadata[plan]=' });
    expect(merged.json.metadata).toEqual({ region: 'eu', tier: '1' });
    const updated = await stripe('GET', '/v1/events?type=customer.updated&limit=1');
    expect(updated.json.data[0].data.previous_attributes).toEqual({
      metadata: { plan: 'pro', region: 'eu' },
    });
    const cleared = await stripe('POST', `/v1/customers/${id}`, { body: 'metadata=' });
    expect(cleared.json.metadata).toEqual({});
  });

  it('refuses metadata beyond Stripe’s limits', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `metadata[k${i}]=v`).join('&');
    const response = await stripe('POST', '/v1/customers', { body: many });
    expect(response.status).toBe(400);
    expect(response.json.error.param).toBe('metadata');
    expect(sim.state.customers.size).toBe(5);
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const headers = { 'idempotency-key': 'key-1' };
    const first = await stripe('POST', '/v1/customers', { body: 'name=One', headers });
    const replay = await stripe('POST', '/v1/customers', { body: 'name=One', headers });
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('original-request')).toBe(first.headers.get('request-id'));
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const other = await stripe('POST', '/v1/customers', { body: 'name=Two', headers });
    expect(other.status).toBe(400);
    expect(other.json.error.type).toBe('idempotency_error');
    const otherPath = await stripe('POST', '/v1/products', { body: 'name=One', headers });
    expect(otherPath.status).toBe(400);
    expect(sim.state.customers.size).toBe(6);
    expect(sim.state.products.size).toBe(3);
  });

  it('replays a saved error too, but does not save a refusal of the parameters', async () => {
    const headers = { 'idempotency-key': 'key-2' };
    const missing = await stripe('POST', '/v1/subscriptions', {
      body: `customer=cus_Nobody&items[0][price]=${SEED_IDS.prices.proMonthly}`,
      headers,
    });
    expect(missing.status).toBe(400);
    const again = await stripe('POST', '/v1/subscriptions', {
      body: `customer=cus_Nobody&items[0][price]=${SEED_IDS.prices.proMonthly}`,
      headers,
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(missing.json);

    const refused = await stripe('POST', '/v1/products', {
      body: 'description=no+name',
      headers: { 'idempotency-key': 'key-3' },
    });
    expect(refused.json.error).toMatchObject({ code: 'parameter_missing', param: 'name' });
    const fixed = await stripe('POST', '/v1/products', {
      body: 'name=Named',
      headers: { 'idempotency-key': 'key-3' },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    if (sim.contract)
      expect(sim.server.violations).toEqual([expect.stringContaining('parameter_missing name')]);
    sim.server.reset();
  });

  it('creates prices, products with a default price, coupons, and subscriptions with a trial', async () => {
    const product = await stripe('POST', '/v1/products', {
      body: 'name=Team&default_price_data[currency]=usd&default_price_data[unit_amount]=1500&default_price_data[recurring][interval]=month',
    });
    expect(product.json.default_price).toMatch(/^price_/);
    const price = await stripe('GET', `/v1/prices/${product.json.default_price}`);
    expect(price.json).toMatchObject({ product: product.json.id, unit_amount: 1500, type: 'recurring' });
    const trial = await stripe('POST', '/v1/subscriptions', {
      body: `customer=${SEED_IDS.customers.linus}&items[0][price]=${price.json.id}&trial_period_days=7`,
    });
    expect(trial.json).toMatchObject({ status: 'trialing', trial_end: now + 7 * 86_400 });
    const coupon = await stripe('POST', '/v1/coupons', { body: 'amount_off=500' });
    expect(coupon.status).toBe(400);
    expect(coupon.json.error).toMatchObject({ code: 'parameter_missing', param: 'currency' });
  });
});

describe('Stripe simulator: faults and sandbox', () => {
  it('serves a 429 with Retry-After and Stripe’s rate-limit body', async () => {
    sim.server.fault(stripeFaults.rateLimited({ retryAfterSeconds: 3 }));
    const limited = await stripe('GET', '/v1/customers');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.headers.get('request-id')).toMatch(/^req_/);
    expect(limited.json.error).toMatchObject({ code: 'rate_limit', type: 'invalid_request_error' });
    sim.server.fault(stripeFaults.serverError({ status: 503, shouldRetry: true }));
    const unavailable = await stripe('GET', '/v1/customers');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('stripe-should-retry')).toBe('true');
    sim.server.fault(stripeFaults.slow(20));
    expect((await stripe('GET', '/v1/customers')).status).toBe(200);
  });

  it('resets to the seeded account, forgetting calls, violations, faults and added handlers', async () => {
    await stripe('POST', '/v1/customers', { body: 'name=Extra' });
    sim.server.fault(stripeFaults.serverError({ status: 500 }));
    sim.server.use(http.get(`${sim.url}/v1/balance`, () => HttpResponse.json({ object: 'overridden' })));
    sim.server.addViolation('a violation of this test');
    expect(sim.state.customers.size).toBe(6);
    sim.reset();
    expect(sim.server.calls).toEqual([]);
    expect(sim.server.violations).toEqual([]);
    expect(sim.state.customers.size).toBe(5);
    expect(sim.state.customers.get(SEED_IDS.customers.ada)).toBeDefined();
    expect((await stripe('GET', '/v1/customers')).status).toBe(200);
    expect((await stripe('GET', '/v1/balance')).json.object).toBe('balance');
  });

  it('is what the connector needs: connect with `connection` and run a command', async () => {
    const sandbox = await paymentsSimulator.start({ seed: true, contracts: false });
    try {
      expect(sandbox.connectorId).toBe('payments');
      expect(sandbox.url).toBe(sandbox.connection.options.baseUrl);
      expect(sandbox.contract).toBeUndefined();
      expect(sandbox.connection.credentials.apiKey).toMatch(/^sk_test_/);
      const client = payments.connect({
        credentials: sandbox.connection.credentials,
        ...sandbox.connection.options,
      });
      const product = await client.run('getProductById', { productId: SEED_IDS.products.pro });
      expect(product.prices).toHaveLength(2);
      await client.close();
    } finally {
      await sandbox.close();
    }
  });
});

describe.skipIf(!contractsDir())('Stripe simulator: the contract check itself', () => {
  it('flags what the real API would refuse', () => {
    const check = (
      method: string,
      path: string,
      search: string,
      body = '',
      headers: Record<string, string> = {},
    ) =>
      sim.contract?.checkRequest({
        method,
        path,
        url: new URL(`${sim.url}${path}?${search}`),
        query: new URLSearchParams(search),
        headers: {
          authorization: 'Bearer sk_test_x',
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        bodyText: body,
        bodyJson: undefined,
        bodyForm: new URLSearchParams(body),
      });
    expect(check('GET', '/v1/customers', 'created[gt]=1&limit=5&email=a')).toBeUndefined();
    expect(
      check('POST', '/v1/subscriptions', '', 'customer=cus_1&items[0][price]=price_1&metadata[a]=b'),
    ).toBeUndefined();
    expect(check('GET', '/v1/customers', 'created[gt]=yesterday')).toMatch(/parameter_invalid created\[gt\]/);
    expect(check('GET', '/v1/customers', 'sort=asc')).toMatch(/parameter_unknown sort/);
    expect(check('POST', '/v1/products', '', 'description=x')).toMatch(/parameter_missing name/);
    expect(check('POST', '/v1/customers', '', 'metadata[a][b]=c')).toMatch(/parameter_invalid metadata/);
    expect(check('PATCH', '/v1/customers/cus_1', '')).toMatch(/no operation PATCH/);
    expect(check('GET', '/v1/customers', '', '', { authorization: '' })).toMatch(/no credentials/);
    expect(check('POST', '/v1/customers', '', '{"a":1}', { 'content-type': 'application/json' })).toMatch(
      /x-www-form-urlencoded/,
    );
  });

  it('flags responses that do not match Stripe’s schemas', () => {
    const customer = buildCustomer({ created: 1 });
    expect(sim.contract?.checkResponse('GET', '/v1/customers/cus_1', 200, customer)).toBeUndefined();
    const { id: _id, ...withoutId } = customer;
    expect(sim.contract?.checkResponse('GET', '/v1/customers/cus_1', 200, withoutId)).toMatch(/id/);
    expect(sim.contract?.checkResponse('GET', '/v1/customers', 200, { object: 'list', data: [] })).toMatch(
      /has_more/,
    );
  });
});

describe('Stripe simulator: API versions', () => {
  it('answers in the pinned version’s shapes, and renders basil’s subscription change for older versions', async () => {
    const id = SEED_IDS.subscriptions.adaPro;
    const pinned = await stripe('GET', `/v1/subscriptions/${id}`);
    expect(pinned.json).not.toHaveProperty('current_period_end');
    expect(pinned.json.items.data[0].current_period_end).toBeGreaterThan(now);
    expect(pinned.json.discounts).toEqual([]);
    const old = await stripe('GET', `/v1/subscriptions/${id}`, {
      headers: { 'stripe-version': '2023-08-16' },
    });
    expect(old.headers.get('stripe-version')).toBe('2023-08-16');
    expect(old.json.current_period_end).toBe(pinned.json.items.data[0].current_period_end);
    expect(old.json.discount).toBeNull();
    expect(old.json.items.data[0]).not.toHaveProperty('current_period_end');
    const bad = await stripe('GET', '/v1/customers', { headers: { 'stripe-version': 'latest' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('api_version_invalid');
  });

  it('uses the account’s default version for a request without Stripe-Version', async () => {
    const legacy = await startPaymentsSimulator({ seed: true, accountApiVersion: '2023-08-16' });
    try {
      const raw = await fetch(`${legacy.url}/v1/subscriptions/${SEED_IDS.subscriptions.adaPro}`, {
        headers: { authorization: `Bearer ${legacy.connection.credentials.apiKey}` },
      });
      expect(raw.headers.get('stripe-version')).toBe('2023-08-16');
      expect(await raw.json()).toHaveProperty('current_period_end');
      // The connector pins its version, so the account's default does not change what it returns.
      const client = payments.connect({ credentials: legacy.connection.credentials, baseUrl: legacy.url });
      const list = await client.run('getSubscriptions', { customerId: SEED_IDS.customers.ada });
      expect(list.data[0]).not.toHaveProperty('current_period_end');
      expect(legacy.server.calls.at(-1)?.headers['stripe-version']).toBe('2026-10-28.endive');
      await client.close();
    } finally {
      await legacy.close();
    }
  });
});

describe('Stripe simulator: search', () => {
  const ids = async (path: string, query: string) =>
    (await stripe('GET', `${path}?query=${encodeURIComponent(query)}`)).json.data.map(
      (o: { id: string }) => o.id,
    );

  it('reads Stripe’s query language: exact, substring, metadata, numbers, negation, AND and OR', async () => {
    const c = SEED_IDS.customers;
    expect(await ids('/v1/customers/search', "email:'ADA@example.com'")).toEqual([c.ada]);
    expect(await ids('/v1/customers/search', 'name~"hopp"')).toEqual([c.grace]);
    expect(await ids('/v1/customers/search', "metadata['region']:'eu'")).toEqual([c.ada]);
    expect(await ids('/v1/customers/search', `created>${now - 15 * 86_400}`)).toEqual([c.linus, c.katherine]);
    expect(
      await ids('/v1/customers/search', `-metadata['region']:null AND created<${now - 20 * 86_400}`),
    ).toEqual([c.ada]);
    expect(await ids('/v1/customers/search', "name:'Alan Turing' OR email:'linus@example.com'")).toEqual([
      c.linus,
      c.alan,
    ]);
    expect(await ids('/v1/subscriptions/search', "status:'paused'")).toEqual([
      SEED_IDS.subscriptions.linusStarter,
    ]);
    expect(await ids('/v1/products/search', "active:'true' AND name~'sta'")).toEqual([
      SEED_IDS.products.starter,
    ]);
    expect(await ids('/v1/prices/search', "product:'prod_SeedPro' AND type:'recurring'")).toEqual([
      SEED_IDS.prices.proYearly,
      SEED_IDS.prices.proMonthly,
    ]);
  });

  it('pages with next_page and counts with expand[]=total_count', async () => {
    const first = await stripe(
      'GET',
      `/v1/customers/search?query=${encodeURIComponent("email~'example'")}&limit=2&expand[]=total_count`,
    );
    expect(first.json).toMatchObject({
      object: 'search_result',
      has_more: true,
      total_count: 5,
      url: '/v1/customers/search',
    });
    const second = await stripe(
      'GET',
      `/v1/customers/search?query=${encodeURIComponent("email~'example'")}&limit=2&page=${first.json.next_page}`,
    );
    expect(second.json.data.map((o: { id: string }) => o.id)).toEqual([
      SEED_IDS.customers.alan,
      SEED_IDS.customers.grace,
    ]);
    expect(second.json).not.toHaveProperty('total_count');
  });

  it.each([
    ["colour:'red'", /unsupported search field/],
    ["name~'ab'", /at least 3 characters/],
    ["name:'a' AND email:'b' OR phone:'c'", /AND and OR/],
    ['name:"open', /closing quote/],
    ["email>'a'", /does not support the > operator/],
  ])('refuses the query %s with a 400 on query', async (query, message) => {
    const response = await stripe('GET', `/v1/customers/search?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({ type: 'invalid_request_error', param: 'query' });
    expect(response.json.error.message).toMatch(message);
  });
});

describe('Stripe simulator: expand', () => {
  it('expands ids into objects on a retrieve, in lists and through nested lists', async () => {
    const subscription = await stripe(
      'GET',
      `/v1/subscriptions/${SEED_IDS.subscriptions.adaPro}?expand[]=customer&expand[]=latest_invoice&expand[]=items.data.price.product`,
    );
    expect(subscription.json.customer).toMatchObject({ id: SEED_IDS.customers.ada, object: 'customer' });
    expect(subscription.json.latest_invoice).toMatchObject({ object: 'invoice', status: 'paid' });
    expect(subscription.json.items.data[0].price.product).toMatchObject({
      id: SEED_IDS.products.pro,
      object: 'product',
    });
    const list = await stripe('GET', '/v1/subscriptions?expand[]=data.customer&limit=2');
    expect(list.json.data.map((s: { customer: { object: string } }) => s.customer.object)).toEqual([
      'customer',
      'customer',
    ]);
    const product = await stripe('GET', `/v1/products/${SEED_IDS.products.pro}?expand[]=default_price`);
    expect(product.json.default_price).toMatchObject({ id: SEED_IDS.prices.proMonthly, object: 'price' });
    // A later call without expand gets ids again: expansion never changes the stored object.
    expect((await stripe('GET', `/v1/products/${SEED_IDS.products.pro}`)).json.default_price).toBe(
      SEED_IDS.prices.proMonthly,
    );
  });

  it('refuses what cannot be expanded, before a write', async () => {
    const list = await stripe('GET', '/v1/subscriptions?expand[]=customer');
    expect(list.status).toBe(400);
    expect(list.json.error.message).toMatch(/try expanding 'data\.customer'/);
    const write = await stripe('POST', '/v1/customers', { body: 'name=X&expand[]=email' });
    expect(write.status).toBe(400);
    expect(write.json.error.message).toBe('This property cannot be expanded (email).');
    expect(sim.state.customers.size).toBe(5);
  });
});

describe('Stripe simulator: subscriptions', () => {
  it('updates metadata, quantity and price of an item, and cancellation at period end', async () => {
    const id = SEED_IDS.subscriptions.adaPro;
    const before = (await stripe('GET', `/v1/subscriptions/${id}`)).json;
    const itemId = before.items.data[0].id;
    const updated = await stripe('POST', `/v1/subscriptions/${id}`, {
      body: `metadata[seats]=3&items[0][id]=${itemId}&items[0][quantity]=3&items[0][price]=${SEED_IDS.prices.proYearly}&cancel_at_period_end=true`,
    });
    expect(updated.status).toBe(200);
    expect(updated.json.items.data).toHaveLength(1);
    expect(updated.json.items.data[0]).toMatchObject({
      id: itemId,
      quantity: 3,
      price: { id: SEED_IDS.prices.proYearly },
    });
    expect(updated.json).toMatchObject({
      metadata: { seats: '3' },
      cancel_at_period_end: true,
      cancel_at: before.items.data[0].current_period_end,
    });
    const event = await stripe('GET', '/v1/events?type=customer.subscription.updated&limit=1');
    expect(event.json.data[0].data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
  });

  it('ends a trial now: paid with a card, paused or refused without one', async () => {
    const paid = await stripe('POST', `/v1/subscriptions/${SEED_IDS.subscriptions.graceStarter}`, {
      body: 'trial_end=now',
    });
    expect(paid.json).toMatchObject({ status: 'active', trial_end: now });
    expect(sim.state.invoices.get(paid.json.latest_invoice)).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
    });
    const customer = await stripe('POST', '/v1/customers', { body: 'name=No+card' });
    const trial = await stripe('POST', '/v1/subscriptions', {
      body: `customer=${customer.json.id}&items[0][price]=${SEED_IDS.prices.starterMonthly}&trial_period_days=7&trial_settings[end_behavior][missing_payment_method]=pause`,
    });
    const paused = await stripe('POST', `/v1/subscriptions/${trial.json.id}`, { body: 'trial_end=now' });
    expect(paused.json.status).toBe('paused');
    const other = await stripe('POST', '/v1/subscriptions', {
      body: `customer=${customer.json.id}&items[0][price]=${SEED_IDS.prices.starterMonthly}&trial_period_days=7`,
    });
    const refused = await stripe('POST', `/v1/subscriptions/${other.json.id}`, { body: 'trial_end=now' });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: 'resource_missing',
      message: NO_PAYMENT_METHOD_MESSAGE,
    });
  });

  it('cancels once, then answers as Stripe does for a canceled subscription', async () => {
    const id = SEED_IDS.subscriptions.adaPro;
    const canceled = await stripe('DELETE', `/v1/subscriptions/${id}`);
    expect(canceled.json).toMatchObject({
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect((await stripe('DELETE', `/v1/subscriptions/${id}`)).status).toBe(404);
    expect((await stripe('GET', `/v1/subscriptions/${id}`)).json.status).toBe('canceled');
    const metadata = await stripe('POST', `/v1/subscriptions/${id}`, { body: 'metadata[reason]=moved' });
    expect(metadata.status).toBe(200);
    const refused = await stripe('POST', `/v1/subscriptions/${id}`, { body: 'description=again' });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      param: 'description',
      code: 'invalid_canceled_subscription_fields',
    });
  });

  it('attaches a test card on customer creation and makes it the default that subscriptions charge', async () => {
    const customer = await stripe('POST', '/v1/customers', {
      body: 'email=card%40example.com&payment_method=pm_card_visa&invoice_settings[default_payment_method]=pm_card_visa',
    });
    const pm = customer.json.invoice_settings.default_payment_method;
    expect(pm).toMatch(/^pm_1/);
    expect(sim.state.paymentMethods.get(pm)).toMatchObject({
      customer: customer.json.id,
      card: { last4: '4242' },
    });
    const methods = await stripe('GET', `/v1/customers/${customer.json.id}/payment_methods`);
    expect(methods.json.data.map((m: { id: string }) => m.id)).toEqual([pm]);
    const subscription = await stripe('POST', '/v1/subscriptions', {
      body: `customer=${customer.json.id}&items[0][price]=${SEED_IDS.prices.proMonthly}`,
    });
    expect(subscription.json.status).toBe('active');
    const charge = await stripe('GET', '/v1/balance_transactions?limit=1');
    expect(charge.json.data[0]).toMatchObject({ type: 'charge', amount: 2900, fee: 114, status: 'pending' });
  });
});

describe('Stripe simulator: API v2', () => {
  it('creates, reads, lists and deletes event destinations with JSON bodies', async () => {
    const headers = { 'content-type': 'application/json', 'stripe-version': '2026-10-28.endive' };
    const created = await fetch(`${sim.url}/v2/core/event_destinations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.connection.credentials.apiKey}`, ...headers },
      body: JSON.stringify({
        name: 'Billing',
        type: 'webhook_endpoint',
        event_payload: 'snapshot',
        snapshot_api_version: '2026-10-28.endive',
        enabled_events: ['customer.created'],
        webhook_endpoint: { url: 'https://example.com/hook' },
      }),
    });
    const destination = (await created.json()) as { id: string; webhook_endpoint: object };
    expect(created.status).toBe(200);
    expect(destination.webhook_endpoint).toEqual({});
    const read = await stripe(
      'GET',
      `/v2/core/event_destinations/${destination.id}?include=webhook_endpoint.url`,
      { headers },
    );
    expect(read.json.webhook_endpoint).toEqual({ url: 'https://example.com/hook' });
    const gone = await stripe('DELETE', `/v2/core/event_destinations/${destination.id}`, { headers });
    expect(gone.json).toEqual({ id: destination.id, object: 'v2.core.event_destination' });
    expect((await stripe('GET', '/v2/core/event_destinations', { headers })).json.data).toEqual([]);
  });
});
