import { HttpResponse, http, type RequestHandler } from 'msw';
import type { StripeContract } from './stripe-contract.js';
import {
  buildCoupon,
  buildCustomer,
  buildPrice,
  buildProduct,
  buildSubscription,
  planOf,
  type Recurring,
  type SubscriptionItemFields,
} from './stripe-objects.js';
import { decodeStripeParams, type StripeParam, type StripeParams } from './stripe-params.js';
import { type Collection, type StoredObject, type StripeState, stripeStyleId } from './stripe-state.js';

/** The API version the simulator speaks (the one its contract describes). */
export const SIMULATED_API_VERSION = '2023-08-16';

/** Access of a restricted key to one resource; `write` includes `read`. */
export type RestrictedAccess = 'read' | 'write';

/** Options of `createStripeHandlers`. */
export interface StripeHandlersOptions {
  state: StripeState;
  /** Secret keys the account accepts (`sk_test_…`). */
  apiKeys: readonly string[];
  /**
   * Restricted keys and what each may do, by resource: `customers`, `products`, `prices`,
   * `subscriptions`, `balance`, `events`, `coupons`. A call beyond that is a 403.
   */
  restrictedKeys?: Readonly<Record<string, Readonly<Record<string, RestrictedAccess>>>>;
  /** Stripe's OpenAPI document: unknown or mistyped parameters get Stripe's 400. */
  contract?: StripeContract | undefined;
  /** Checks every response against the document too, reporting mismatches here. */
  onResponseViolation?: ((message: string) => void) | undefined;
  /** The account id in messages. */
  accountId?: string;
}

interface StripeErrorFields {
  type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
}

/** A refusal in Stripe's terms. `saved` says whether the idempotency layer keeps it for replay. */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly fields: StripeErrorFields,
    readonly saved = true,
  ) {
    super(fields.message);
  }
}

const invalidRequest = (
  message: string,
  more: { param?: string; code?: string; status?: number; saved?: boolean } = {},
) =>
  new StripeFailure(
    more.status ?? 400,
    {
      type: 'invalid_request_error',
      message,
      ...(more.code ? { code: more.code } : {}),
      ...(more.param ? { param: more.param } : {}),
    },
    more.saved ?? true,
  );

/** A parameter of the wrong kind: refused before the operation runs, so idempotency keeps nothing. */
const invalidParam = (message: string, param: string, code?: string) =>
  invalidRequest(message, { param, saved: false, ...(code ? { code } : {}) });

const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing', saved: false });

const noSuch = (kind: string, id: string, param: string, status = 404) =>
  invalidRequest(`No such ${kind}: '${id}'`, { param, code: 'resource_missing', status });

interface Call {
  state: StripeState;
  params: StripeParams;
  /** Decoded path segments captured by the route. */
  ids: string[];
  requestId: string;
  idempotencyKey: string | null;
}

interface Reply {
  status?: number;
  body: unknown;
}

interface Route {
  method: string;
  pattern: RegExp;
  /** The permission a restricted key needs. */
  resource: string;
  run(call: Call): Reply;
}

/** Serves the simulated Stripe API: one msw handler routing every `/v1/` call. */
export function createStripeHandlers(options: StripeHandlersOptions): RequestHandler[] {
  return [http.all('*', ({ request }) => handleStripeRequest(options, request))];
}

/**
 * Answers one request as Stripe would: authentication, version header, route, parameter checks,
 * permissions of restricted keys, idempotency replay, then the operation, with `request-id` on
 * every response.
 */
export async function handleStripeRequest(
  options: StripeHandlersOptions,
  request: Request,
): Promise<Response> {
  const requestId = stripeStyleId('req_');
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const version = request.headers.get('stripe-version') ?? SIMULATED_API_VERSION;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'request-id': requestId,
    'stripe-version': version,
  };
  const idempotencyKey = method === 'POST' ? request.headers.get('idempotency-key') : null;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
    if (options.onResponseViolation && options.contract) {
      const violation = options.contract.checkResponse(method, url.pathname, status, body);
      if (violation) options.onResponseViolation(violation);
    }
    return new HttpResponse(JSON.stringify(body), { status, headers: { ...headers, ...extra } });
  };
  const fail = (failure: StripeFailure) => reply(failure.status, errorBody(failure, requestId));

  const apiKey = readApiKey(request.headers.get('authorization'));
  if (!apiKey) {
    return fail(
      invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        { status: 401 },
      ),
    );
  }
  const restricted = options.restrictedKeys?.[apiKey];
  if (!options.apiKeys.includes(apiKey) && !restricted) {
    return fail(invalidRequest(`Invalid API Key provided: ${maskKey(apiKey)}`, { status: 401 }));
  }
  if (!/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(version)) {
    delete headers['stripe-version'];
    return fail(invalidRequest(`Invalid Stripe API version: ${version}`, { code: 'api_version_invalid' }));
  }

  const match = findRoute(method, url.pathname);
  if (!match) {
    return fail(
      invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        { status: 404 },
      ),
    );
  }
  const bodyText = method === 'GET' || method === 'DELETE' ? '' : await request.text();
  const query = decodeStripeParams(url.searchParams);
  const body = decodeStripeParams(new URLSearchParams(bodyText));

  const op = options.contract?.find(method, url.pathname);
  if (op && options.contract) {
    const issue = options.contract.checkParams(op, query, body);
    if (issue) return fail(invalidRequest(issue.message, { param: issue.param, code: issue.code }));
  }
  if (restricted) {
    const needed: RestrictedAccess = method === 'GET' ? 'read' : 'write';
    const granted = restricted[match.route.resource];
    if (!granted || (needed === 'write' && granted !== 'write')) {
      return fail(
        invalidRequest(
          `The provided key '${maskKey(apiKey)}' does not have the required permissions for this endpoint on account '${options.accountId ?? 'acct_simulated'}'. Having the 'rak_${match.route.resource}_${needed}' permission would allow this request to continue.`,
          { status: 403 },
        ),
      );
    }
  }

  const params = method === 'POST' ? { ...query, ...body } : query;
  const fingerprint = `${method} ${url.pathname} ${stableJson(params)}`;
  const savedKey = idempotencyKey ? `${apiKey}\n${idempotencyKey}` : undefined;
  if (savedKey) {
    const saved = options.state.idempotency.get(savedKey);
    if (saved && saved.fingerprint !== fingerprint) {
      return fail(
        new StripeFailure(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        }),
      );
    }
    if (saved) {
      return reply(saved.status, saved.body, {
        'idempotent-replayed': 'true',
        'original-request': saved.requestId,
      });
    }
  }

  let status: number;
  let result: unknown;
  let save = true;
  try {
    const outcome = match.route.run({
      state: options.state,
      params,
      ids: match.ids,
      requestId,
      idempotencyKey,
    });
    status = outcome.status ?? 200;
    result = outcome.body;
  } catch (caught) {
    if (!(caught instanceof StripeFailure)) throw caught;
    status = caught.status;
    result = errorBody(caught, requestId);
    save = caught.saved;
  }
  if (savedKey && save) {
    options.state.saveResponse(savedKey, { fingerprint, status, body: result, requestId });
  }
  return reply(status, result);
}

function errorBody(failure: StripeFailure, requestId: string) {
  const { code } = failure.fields;
  return {
    error: {
      ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
      message: failure.fields.message,
      ...(failure.fields.param ? { param: failure.fields.param } : {}),
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      type: failure.fields.type,
    },
  };
}

/** The key of `Bearer <key>`, or of Basic auth with the key as user name (Stripe accepts both). */
function readApiKey(authorization: string | null): string | undefined {
  if (!authorization) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] || undefined;
  return undefined;
}

/** Masks a key the way Stripe's messages do: its kind, stars, and the last four characters. */
export function maskKey(key: string): string {
  const kind = /^[a-z]{2}_(test|live)_/.exec(key)?.[0] ?? '';
  return `${kind}${'*'.repeat(Math.max(4, key.length - kind.length - 4))}${key.slice(-4)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

// ---- Parameter readers: Stripe's own 400s for values of the wrong kind ----

function str(params: StripeParams, name: string, max = 5000): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(`Invalid string: ${name}`, name);
  if (value.length > max) {
    throw invalidParam(`Invalid ${name}: must be at most ${max} characters`, name);
  }
  return value;
}

/** A string field that an empty value clears. */
function nullableStr(params: StripeParams, name: string, max?: number): string | null | undefined {
  const value = str(params, name, max);
  return value === '' ? null : value;
}

function int(params: StripeParams, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalidParam(
      `Invalid integer: ${typeof value === 'string' ? value : name}`,
      name,
      'parameter_invalid_integer',
    );
  }
  return Number(value);
}

function num(params: StripeParams, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) {
    throw invalidParam(`Invalid decimal: ${typeof value === 'string' ? value : name}`, name);
  }
  return Number(value);
}

function bool(params: StripeParams, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParam(`Invalid boolean: ${typeof value === 'string' ? value : name}`, name);
}

function hash(params: StripeParams, name: string): StripeParams | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParam(`Invalid hash: ${name}`, name);
  }
  return value;
}

function list(params: StripeParams, name: string): StripeParam[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalidParam(`Invalid array: ${name}`, name);
  return value;
}

/**
 * Metadata as Stripe applies it: `metadata=` clears everything; `metadata[key]=` unsets one key; any
 * other value sets it. Limits: 50 keys, keys up to 40 characters, values up to 500.
 */
function applyMetadata(current: Record<string, string>, params: StripeParams): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest('Invalid hash: metadata', { param: 'metadata' });
  }
  const next = { ...current };
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') {
      throw invalidRequest(`Invalid value for metadata[${key}]: metadata values must be strings`, {
        param: `metadata[${key}]`,
      });
    }
    if (key.length > 40) {
      throw invalidRequest(
        `Invalid metadata: metadata keys can be at most 40 characters long, but you passed in a key that is ${key.length} characters.`,
        { param: 'metadata' },
      );
    }
    if (item.length > 500) {
      throw invalidRequest(
        `Invalid metadata: metadata values can be at most 500 characters long, but you passed in a value that is ${item.length} characters.`,
        { param: `metadata[${key}]` },
      );
    }
    if (item === '') delete next[key];
    else next[key] = item;
  }
  const count = Object.keys(next).length;
  if (count > 50) {
    throw invalidRequest(
      `Invalid metadata: metadata can have up to 50 keys, but you passed in ${count} keys.`,
      { param: 'metadata' },
    );
  }
  return next;
}

// ---- Lists ----

/** `created` as an exact time or a range `created[gt|gte|lt|lte]`. */
function createdFilter(params: StripeParams, name = 'created'): (object: StoredObject) => boolean {
  const value = params[name];
  if (value === undefined) return () => true;
  if (typeof value === 'string') {
    const exact = int(params, name);
    return (object) => exact === undefined || object.created === exact;
  }
  const range = hash(params, name) ?? {};
  const bound = (key: string) => int(range, key);
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  return (object) =>
    (gt === undefined || object.created > gt) &&
    (gte === undefined || object.created >= gte) &&
    (lt === undefined || object.created < lt) &&
    (lte === undefined || object.created <= lte);
}

/**
 * One page of a list, as Stripe pages: newest first, `limit` 1 to 100 (default 10), `starting_after`
 * or `ending_before` an object id, `has_more` when further items exist in that direction.
 */
function page(
  collection: Collection<StoredObject>,
  items: readonly StoredObject[],
  params: StripeParams,
  url: string,
  kind: string,
  view: (object: StoredObject) => unknown = (object) => object,
): Reply {
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1) {
    throw invalidRequest('This value must be greater than or equal to 1.', {
      param: 'limit',
      code: 'parameter_invalid_integer',
    });
  }
  if (limit > 100) {
    throw invalidRequest('This value must be less than or equal to 100.', {
      param: 'limit',
      code: 'parameter_invalid_integer',
    });
  }
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  if (after && before) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', {
      param: 'ending_before',
    });
  }
  const cursorOf = (id: string, param: string) => {
    const cursor = collection.get(id);
    if (!cursor) throw noSuch(kind, id, param, 400);
    return cursor;
  };
  const filtered = items.filter(createdFilter(params));
  let data: StoredObject[];
  let hasMore: boolean;
  if (before) {
    const cursor = cursorOf(before, 'ending_before');
    const newer = filtered.filter((item) => collection.isAfter(cursor, item));
    data = newer.slice(Math.max(0, newer.length - limit));
    hasMore = newer.length > limit;
  } else {
    const cursor = after ? cursorOf(after, 'starting_after') : undefined;
    const older = cursor ? filtered.filter((item) => collection.isAfter(item, cursor)) : filtered;
    data = older.slice(0, limit);
    hasMore = older.length > limit;
  }
  return { body: { object: 'list', data: data.map(view), has_more: hasMore, url } };
}

function retrieve(
  collection: Collection<StoredObject>,
  id: string,
  kind: string,
  param = 'id',
): StoredObject {
  const object = collection.get(id);
  if (!object) throw noSuch(kind, id, param);
  return object;
}

// ---- Routes ----

const ID = '([^/]+)';

function route(method: string, path: string, resource: string, run: Route['run']): Route {
  return { method, pattern: new RegExp(`^${path.replace(/:id/g, ID)}$`), resource, run };
}

function findRoute(method: string, path: string): { route: Route; ids: string[] } | undefined {
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue;
    const found = candidate.pattern.exec(path);
    if (found) {
      try {
        return { route: candidate, ids: found.slice(1).map((part) => decodeURIComponent(part)) };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const requestOf = (call: Call) => ({ id: call.requestId, idempotencyKey: call.idempotencyKey });

/** Fields that changed, with their old values, for `previous_attributes`. */
function changes(before: StoredObject, after: StoredObject): Record<string, unknown> | undefined {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) previous[key] = before[key] ?? null;
  }
  return Object.keys(previous).length > 0 ? previous : undefined;
}

function customerRoutes(): Route[] {
  const read = (call: Call): StoredObject => {
    const [id = ''] = call.ids;
    const customer = call.state.customers.get(id);
    if (!customer) throw noSuch('customer', id, 'id');
    return customer;
  };
  return [
    route('GET', '/v1/customers', 'customers', (call) => {
      const email = str(call.params, 'email', 512);
      const items = call.state.customers.list().filter((item) => email === undefined || item.email === email);
      return page(call.state.customers, items, call.params, '/v1/customers', 'customer');
    }),
    route('POST', '/v1/customers', 'customers', (call) => {
      const { params, state } = call;
      const customer = buildCustomer({
        created: state.now(),
        email: nullableStr(params, 'email', 512),
        name: nullableStr(params, 'name', 256),
        description: nullableStr(params, 'description'),
        phone: nullableStr(params, 'phone', 20),
        balance: int(params, 'balance'),
        metadata: applyMetadata({}, params),
      });
      state.customers.set(customer);
      state.recordEvent('customer.created', customer, requestOf(call));
      return { body: customer };
    }),
    route('GET', '/v1/customers/:id', 'customers', (call) => {
      const [id = ''] = call.ids;
      if (call.state.deletedCustomers.has(id)) return { body: { id, object: 'customer', deleted: true } };
      return { body: read(call) };
    }),
    route('POST', '/v1/customers/:id', 'customers', (call) => {
      const { params, state } = call;
      const before = read(call);
      const after: StoredObject = { ...before };
      for (const [field, max] of [
        ['email', 512],
        ['name', 256],
        ['description', 5000],
        ['phone', 20],
      ] as const) {
        const value = nullableStr(params, field, max);
        if (value !== undefined) after[field] = value;
      }
      const balance = int(params, 'balance');
      if (balance !== undefined) after.balance = balance;
      after.metadata = applyMetadata(before.metadata as Record<string, string>, params);
      state.customers.set(after);
      const previous = changes(before, after);
      if (previous)
        state.recordEvent('customer.updated', after, requestOf(call), { previousAttributes: previous });
      return { body: after };
    }),
    route('DELETE', '/v1/customers/:id', 'customers', (call) => {
      const { state } = call;
      const customer = read(call);
      state.customers.delete(customer.id);
      state.deletedCustomers.add(customer.id);
      for (const subscription of state.subscriptions.list()) {
        if (subscription.customer === customer.id && subscription.status !== 'canceled') {
          cancel(state, subscription, call);
        }
      }
      state.recordEvent('customer.deleted', customer, requestOf(call));
      return { body: { id: customer.id, object: 'customer', deleted: true } };
    }),
  ];
}

/** The interval of `recurring[…]` parameters. */
function recurringParam(params: StripeParams, name: string): Recurring | undefined {
  const recurring = hash(params, name);
  if (!recurring) return undefined;
  const interval = str(recurring, 'interval');
  if (!interval) throw missingParam(`${name}[interval]`);
  if (!['day', 'week', 'month', 'year'].includes(interval)) {
    throw invalidRequest(`Invalid ${name}[interval]: must be one of day, week, month, or year`, {
      param: `${name}[interval]`,
    });
  }
  const count = int(recurring, 'interval_count') ?? 1;
  if (count < 1) {
    throw invalidRequest('Invalid interval_count: must be at least 1', { param: `${name}[interval_count]` });
  }
  return { interval: interval as Recurring['interval'], intervalCount: count };
}

function productRoutes(): Route[] {
  const update = (call: Call, before: StoredObject): StoredObject => {
    const { params } = call;
    const after: StoredObject = { ...before };
    const name = str(params, 'name');
    if (name === '') throw invalidRequest('You must provide a non-empty name.', { param: 'name' });
    if (name !== undefined) after.name = name;
    const description = nullableStr(params, 'description', 40000);
    if (description !== undefined) after.description = description;
    const active = bool(params, 'active');
    if (active !== undefined) after.active = active;
    const defaultPrice = str(params, 'default_price');
    if (defaultPrice !== undefined) {
      const price = call.state.prices.get(defaultPrice);
      if (!price || price.product !== before.id) throw noSuch('price', defaultPrice, 'default_price', 400);
      after.default_price = defaultPrice;
    }
    after.metadata = applyMetadata(before.metadata as Record<string, string>, params);
    after.updated = call.state.now();
    return after;
  };
  return [
    route('GET', '/v1/products', 'products', (call) => {
      const active = bool(call.params, 'active');
      const ids = list(call.params, 'ids');
      const items = call.state.products
        .list()
        .filter(
          (item) => (active === undefined || item.active === active) && (!ids || ids.includes(item.id)),
        );
      return page(call.state.products, items, call.params, '/v1/products', 'product');
    }),
    route('POST', '/v1/products', 'products', (call) => {
      const { params, state } = call;
      const name = str(params, 'name');
      if (name === undefined) throw missingParam('name');
      if (name === '') throw invalidRequest('You must provide a non-empty name.', { param: 'name' });
      const id = str(params, 'id');
      if (id && state.products.has(id)) {
        throw invalidRequest(`Product already exists.`, { param: 'id', code: 'resource_already_exists' });
      }
      const images = list(params, 'images')?.filter((image): image is string => typeof image === 'string');
      const product = buildProduct({
        id: id || undefined,
        created: state.now(),
        name,
        description: nullableStr(params, 'description', 40000),
        active: bool(params, 'active'),
        metadata: applyMetadata({}, params),
        unitLabel: nullableStr(params, 'unit_label', 12),
        url: nullableStr(params, 'url'),
        statementDescriptor: nullableStr(params, 'statement_descriptor', 22),
        images,
      });
      const priceData = hash(params, 'default_price_data');
      let price: StoredObject | undefined;
      if (priceData) {
        price = newPrice(call, priceData, product.id, 'default_price_data');
        product.default_price = price.id;
      }
      state.products.set(product);
      state.recordEvent('product.created', product, requestOf(call));
      if (price) {
        state.prices.set(price);
        state.recordEvent('price.created', price, requestOf(call));
      }
      return { body: product };
    }),
    route('GET', '/v1/products/:id', 'products', (call) => ({
      body: retrieve(call.state.products, call.ids[0] ?? '', 'product'),
    })),
    route('POST', '/v1/products/:id', 'products', (call) => {
      const before = retrieve(call.state.products, call.ids[0] ?? '', 'product');
      const after = update(call, before);
      call.state.products.set(after);
      const previous = changes(before, after);
      if (previous)
        call.state.recordEvent('product.updated', after, requestOf(call), { previousAttributes: previous });
      return { body: after };
    }),
  ];
}

/** A price from `POST /v1/prices` parameters (or a product's `default_price_data`). */
function newPrice(call: Call, params: StripeParams, product: string, prefix = ''): StoredObject {
  const name = (field: string) => (prefix ? `${prefix}[${field}]` : field);
  const currency = str(params, 'currency');
  if (!currency) throw missingParam(name('currency'));
  if (!/^[a-z]{3}$/.test(currency)) {
    throw invalidRequest(`Invalid currency: ${currency}.`, { param: name('currency') });
  }
  const unitAmount = int(params, 'unit_amount');
  if (unitAmount === undefined) throw missingParam(name('unit_amount'));
  if (unitAmount < 0) {
    throw invalidRequest('This value must be greater than or equal to 0.', { param: name('unit_amount') });
  }
  return buildPrice({
    created: call.state.now(),
    product,
    currency,
    unitAmount,
    recurring: recurringParam(params, 'recurring'),
    active: bool(params, 'active'),
    nickname: nullableStr(params, 'nickname'),
    lookupKey: nullableStr(params, 'lookup_key', 200),
    metadata: applyMetadata({}, params),
  });
}

function priceRoutes(): Route[] {
  return [
    route('GET', '/v1/prices', 'prices', (call) => {
      const { params, state } = call;
      const active = bool(params, 'active');
      const product = str(params, 'product');
      const type = str(params, 'type');
      const currency = str(params, 'currency');
      const lookupKeys = list(params, 'lookup_keys');
      const interval = str(hash(params, 'recurring') ?? {}, 'interval');
      const items = state.prices
        .list()
        .filter(
          (item) =>
            (active === undefined || item.active === active) &&
            (product === undefined || item.product === product) &&
            (type === undefined || item.type === type) &&
            (currency === undefined || item.currency === currency) &&
            (!lookupKeys || lookupKeys.includes(item.lookup_key as string)) &&
            (interval === undefined ||
              (item.recurring as { interval?: string } | null)?.interval === interval),
        );
      return page(state.prices, items, params, '/v1/prices', 'price');
    }),
    route('POST', '/v1/prices', 'prices', (call) => {
      const { params, state } = call;
      let product = str(params, 'product');
      const productData = hash(params, 'product_data');
      if (product && productData) {
        throw invalidRequest('You may only specify one of these parameters: product, product_data.', {
          param: 'product',
        });
      }
      let created: StoredObject | undefined;
      if (productData) {
        const name = str(productData, 'name');
        if (!name) throw missingParam('product_data[name]');
        created = buildProduct({ created: state.now(), name, metadata: applyMetadata({}, productData) });
        product = created.id;
      }
      if (!product) throw missingParam('product');
      if (!created && !state.products.has(product)) throw noSuch('product', product, 'product', 400);
      const price = newPrice(call, params, product);
      if (created) {
        state.products.set(created);
        state.recordEvent('product.created', created, requestOf(call));
      }
      state.prices.set(price);
      state.recordEvent('price.created', price, requestOf(call));
      return { body: price };
    }),
    route('GET', '/v1/prices/:id', 'prices', (call) => ({
      body: retrieve(call.state.prices, call.ids[0] ?? '', 'price', 'price'),
    })),
    route('GET', '/v1/plans', 'prices', (call) => {
      const { params, state } = call;
      const active = bool(params, 'active');
      const product = str(params, 'product');
      const items = state.prices
        .list()
        .filter(
          (item) =>
            item.type === 'recurring' &&
            (active === undefined || item.active === active) &&
            (product === undefined || item.product === product),
        );
      return page(state.prices, items, params, '/v1/plans', 'plan', planOf);
    }),
    route('GET', '/v1/plans/:id', 'prices', (call) => {
      const price = call.state.prices.get(call.ids[0] ?? '');
      if (price?.type !== 'recurring') throw noSuch('plan', call.ids[0] ?? '', 'plan');
      return { body: planOf(price) };
    }),
  ];
}

function cancel(state: StripeState, subscription: StoredObject, call: Call): StoredObject {
  const now = state.now();
  const canceled: StoredObject = {
    ...subscription,
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
  };
  state.subscriptions.set(canceled);
  state.recordEvent('customer.subscription.deleted', canceled, requestOf(call));
  return canceled;
}

const SUBSCRIPTION_STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
];

function subscriptionRoutes(): Route[] {
  return [
    route('GET', '/v1/subscriptions', 'subscriptions', (call) => {
      const { params, state } = call;
      const customer = str(params, 'customer');
      const price = str(params, 'price');
      const status = str(params, 'status');
      if (status !== undefined && !SUBSCRIPTION_STATUSES.includes(status)) {
        throw invalidRequest(`Invalid status: must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`, {
          param: 'status',
        });
      }
      // Without a status Stripe lists every subscription that is not canceled.
      const statusMatches = (value: unknown) =>
        status === undefined
          ? value !== 'canceled'
          : status === 'all' ||
            value === status ||
            (status === 'ended' && (value === 'canceled' || value === 'incomplete_expired'));
      const items = state.subscriptions
        .list()
        .filter(
          (item) =>
            statusMatches(item.status) &&
            (customer === undefined || item.customer === customer) &&
            (price === undefined ||
              (item.items as { data: { price: { id: string } }[] }).data.some(
                (entry) => entry.price.id === price,
              )),
        );
      return page(state.subscriptions, items, params, '/v1/subscriptions', 'subscription');
    }),
    route('POST', '/v1/subscriptions', 'subscriptions', (call) => {
      const { params, state } = call;
      const customerId = str(params, 'customer');
      if (!customerId) throw missingParam('customer');
      const rawItems = list(params, 'items');
      if (!rawItems || rawItems.length === 0) throw missingParam('items');
      if (!state.customers.has(customerId)) throw noSuch('customer', customerId, 'customer', 400);
      if (rawItems.length > 20) {
        throw invalidRequest('A subscription can have at most 20 items.', { param: 'items' });
      }
      const items: SubscriptionItemFields[] = rawItems.map((raw, index) => {
        if (typeof raw !== 'object' || Array.isArray(raw)) {
          throw invalidRequest(`Invalid hash: items[${index}]`, { param: `items[${index}]` });
        }
        const field = raw.price !== undefined ? 'price' : 'plan';
        const param = `items[${index}][${field}]`;
        const priceId = str(raw, field);
        if (!priceId) throw missingParam(`items[${index}][price]`);
        const price = state.prices.get(priceId);
        if (!price) throw noSuch(field, priceId, param, 400);
        if (!price.active) {
          throw invalidRequest('The price specified is inactive. This field only accepts active prices.', {
            param,
          });
        }
        if (price.type !== 'recurring') {
          throw invalidRequest(
            'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
            { param },
          );
        }
        const quantity = int(raw, 'quantity');
        if (quantity !== undefined && quantity < 0) {
          throw invalidRequest('This value must be greater than or equal to 0.', {
            param: `items[${index}][quantity]`,
          });
        }
        return { price, quantity };
      });
      const trialDays = int(params, 'trial_period_days');
      const subscription = buildSubscription({
        created: state.now(),
        customer: customerId,
        items,
        metadata: applyMetadata({}, params),
        description: nullableStr(params, 'description', 500),
        trialDays,
      });
      state.subscriptions.set(subscription);
      state.recordEvent('customer.subscription.created', subscription, requestOf(call));
      return { body: subscription };
    }),
    route('GET', '/v1/subscriptions/:id', 'subscriptions', (call) => ({
      body: retrieve(call.state.subscriptions, call.ids[0] ?? '', 'subscription', 'subscription_exposed_id'),
    })),
    route('DELETE', '/v1/subscriptions/:id', 'subscriptions', (call) => {
      const subscription = retrieve(call.state.subscriptions, call.ids[0] ?? '', 'subscription', 'id');
      if (subscription.status === 'canceled') return { body: subscription };
      return { body: cancel(call.state, subscription, call) };
    }),
  ];
}

function balanceRoutes(): Route[] {
  return [
    route('GET', '/v1/balance_transactions', 'balance', (call) => {
      const { params, state } = call;
      const type = str(params, 'type');
      const currency = str(params, 'currency');
      const source = str(params, 'source');
      const items = state.balanceTransactions
        .list()
        .filter(
          (item) =>
            (type === undefined || item.type === type) &&
            (currency === undefined || item.currency === currency) &&
            (source === undefined || item.source === source),
        );
      return page(
        state.balanceTransactions,
        items,
        params,
        '/v1/balance_transactions',
        'balance transaction',
      );
    }),
    route('GET', '/v1/balance_transactions/:id', 'balance', (call) => ({
      body: retrieve(call.state.balanceTransactions, call.ids[0] ?? '', 'balance transaction'),
    })),
    route('GET', '/v1/balance', 'balance', (call) => {
      const sums = { available: 0, pending: 0 };
      for (const txn of call.state.balanceTransactions.list()) {
        sums[txn.status === 'pending' ? 'pending' : 'available'] += txn.net as number;
      }
      const amounts = (amount: number) => [{ amount, currency: 'usd', source_types: { card: amount } }];
      return {
        body: {
          object: 'balance',
          available: amounts(sums.available),
          livemode: false,
          pending: amounts(sums.pending),
        },
      };
    }),
  ];
}

function eventRoutes(): Route[] {
  const matches = (pattern: string, type: string) =>
    pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
  return [
    route('GET', '/v1/events', 'events', (call) => {
      const { params, state } = call;
      const type = str(params, 'type');
      const types = list(params, 'types')?.filter((item): item is string => typeof item === 'string');
      if (type && types) {
        throw invalidRequest('You may only specify one of these parameters: type, types.', { param: 'type' });
      }
      const items = state.events
        .list()
        .filter(
          (item) =>
            (type === undefined || matches(type, item.type as string)) &&
            (!types || types.some((pattern) => matches(pattern, item.type as string))),
        );
      return page(state.events, items, params, '/v1/events', 'event');
    }),
    route('GET', '/v1/events/:id', 'events', (call) => ({
      body: retrieve(call.state.events, call.ids[0] ?? '', 'event'),
    })),
  ];
}

function couponRoutes(): Route[] {
  return [
    route('GET', '/v1/coupons', 'coupons', (call) =>
      page(call.state.coupons, call.state.coupons.list(), call.params, '/v1/coupons', 'coupon'),
    ),
    route('POST', '/v1/coupons', 'coupons', (call) => {
      const { params, state } = call;
      const percentOff = num(params, 'percent_off');
      const amountOff = int(params, 'amount_off');
      if (percentOff === undefined && amountOff === undefined) {
        throw invalidRequest('Must provide either percent_off or amount_off.', { param: 'percent_off' });
      }
      if (percentOff !== undefined && amountOff !== undefined) {
        throw invalidRequest('You may only specify one of these parameters: amount_off, percent_off.', {
          param: 'amount_off',
        });
      }
      if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) {
        throw invalidRequest('Invalid percent_off: must be greater than 0 and at most 100', {
          param: 'percent_off',
        });
      }
      const currency = str(params, 'currency');
      if (amountOff !== undefined && !currency) throw missingParam('currency');
      const duration = str(params, 'duration') ?? 'once';
      if (!['forever', 'once', 'repeating'].includes(duration)) {
        throw invalidRequest('Invalid duration: must be one of forever, once, or repeating', {
          param: 'duration',
        });
      }
      const months = int(params, 'duration_in_months');
      if (duration === 'repeating' && months === undefined) throw missingParam('duration_in_months');
      const id = str(params, 'id');
      if (id && state.coupons.has(id)) {
        throw invalidRequest('Coupon already exists.', { param: 'id', code: 'resource_already_exists' });
      }
      const coupon = buildCoupon({
        id: id || undefined,
        created: state.now(),
        percentOff,
        amountOff,
        currency: amountOff !== undefined ? currency : null,
        duration: duration as 'forever' | 'once' | 'repeating',
        durationInMonths: duration === 'repeating' ? months : null,
        name: nullableStr(params, 'name', 40),
        maxRedemptions: int(params, 'max_redemptions'),
        redeemBy: int(params, 'redeem_by'),
        metadata: applyMetadata({}, params),
      });
      state.coupons.set(coupon);
      state.recordEvent('coupon.created', coupon, requestOf(call));
      return { body: coupon };
    }),
    route('GET', '/v1/coupons/:id', 'coupons', (call) => ({
      body: retrieve(call.state.coupons, call.ids[0] ?? '', 'coupon', 'coupon'),
    })),
    route('DELETE', '/v1/coupons/:id', 'coupons', (call) => {
      const coupon = retrieve(call.state.coupons, call.ids[0] ?? '', 'coupon', 'coupon');
      call.state.coupons.delete(coupon.id);
      call.state.recordEvent('coupon.deleted', coupon, requestOf(call));
      return { body: { id: coupon.id, object: 'coupon', deleted: true } };
    }),
  ];
}

const ROUTES: Route[] = [
  ...customerRoutes(),
  ...productRoutes(),
  ...priceRoutes(),
  ...subscriptionRoutes(),
  ...balanceRoutes(),
  ...eventRoutes(),
  ...couponRoutes(),
];
