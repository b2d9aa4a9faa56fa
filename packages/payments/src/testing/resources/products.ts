import { invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import { page, searchPage } from '../stripe-lists.js';
import { applyMetadata, bool, hash, list, nullableStr, str } from '../stripe-params.js';
import { type Call, changes, type Route, requestOf, retrieve, route } from '../stripe-route.js';
import { compileSearch, type SearchFields } from '../stripe-search.js';
import type { StoredObject } from '../stripe-state.js';
import { newPrice } from './prices.js';
import { buildProduct } from './product-object.js';

/** The query fields of `GET /v1/products/search`. */
export const PRODUCT_SEARCH_FIELDS: SearchFields = {
  active: { kind: 'boolean' },
  created: { kind: 'number' },
  description: { kind: 'text', substring: true },
  metadata: { kind: 'metadata' },
  name: { kind: 'text', substring: true },
  shippable: { kind: 'boolean' },
  url: { kind: 'text', substring: true },
};

/** `marketing_features[n][name]`. */
function marketingFeatures(call: Call): string[] | undefined {
  const raw = list(call.params, 'marketing_features');
  if (!raw) return undefined;
  return raw.map((entry, index) => {
    const name = typeof entry === 'object' && !Array.isArray(entry) ? str(entry, 'name', 80) : undefined;
    if (!name) throw missingParam(`marketing_features[${index}][name]`);
    return name;
  });
}

function update(call: Call, before: StoredObject): StoredObject {
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
  const features = marketingFeatures(call);
  if (features) after.marketing_features = features.map((feature) => ({ name: feature }));
  for (const [field, max] of [
    ['unit_label', 12],
    ['url', 5000],
    ['statement_descriptor', 22],
  ] as const) {
    const value = nullableStr(params, field, max);
    if (value !== undefined) after[field] = value;
  }
  after.metadata = applyMetadata(before.metadata as Record<string, string>, params);
  after.updated = call.state.now();
  return after;
}

/** `/v1/products`: create (with `default_price_data`), retrieve, update, delete, list and search. */
export function productRoutes(): Route[] {
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
    route('GET', '/v1/products/search', 'products', (call) => {
      const matches = compileSearch(str(call.params, 'query') ?? '', PRODUCT_SEARCH_FIELDS, 'product');
      return searchPage(call.state.products.list().filter(matches), call.params, '/v1/products/search');
    }),
    route('POST', '/v1/products', 'products', (call) => {
      const { params, state } = call;
      const name = str(params, 'name');
      if (name === undefined) throw missingParam('name');
      if (name === '') throw invalidRequest('You must provide a non-empty name.', { param: 'name' });
      const id = str(params, 'id');
      if (id && state.products.has(id)) {
        throw invalidRequest('Product already exists.', { param: 'id', code: 'resource_already_exists' });
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
        marketingFeatures: marketingFeatures(call),
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
      if (previous) {
        call.state.recordEvent('product.updated', after, requestOf(call), { previousAttributes: previous });
      }
      return { body: after };
    }),
    route('DELETE', '/v1/products/:id', 'products', (call) => {
      const { state } = call;
      const product = retrieve(state.products, call.ids[0] ?? '', 'product');
      if (state.prices.list().some((price) => price.product === product.id)) {
        throw invalidRequest(
          'This product cannot be deleted because it has one or more user-created prices.',
          {
            param: 'id',
          },
        );
      }
      state.products.delete(product.id);
      state.recordEvent('product.deleted', product, requestOf(call));
      return { body: { id: product.id, object: 'product', deleted: true } };
    }),
  ];
}
