import { randomBytes } from 'node:crypto';
import { noSuch } from '../stripe-errors.js';
import { page, searchPage } from '../stripe-lists.js';
import { applyMetadata, hash, int, list, nullableStr, type StripeParams, str } from '../stripe-params.js';
import { type Call, changes, type Route, requestOf, route } from '../stripe-route.js';
import { compileSearch, type SearchFields } from '../stripe-search.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { attachPaymentMethod, customerPaymentMethod } from './payment-methods.js';
import { cancelSubscription } from './subscriptions.js';

/** Fields of a new customer. */
export interface CustomerFields {
  id?: string;
  created: number;
  email?: string | null;
  name?: string | null;
  description?: string | null;
  phone?: string | null;
  balance?: number;
  metadata?: Record<string, string>;
  /** The payment method invoices charge: `invoice_settings.default_payment_method`. */
  defaultPaymentMethod?: string | null;
  preferredLocales?: string[];
}

/** A customer in the pinned version's shape (the fields of Stripe's current fixture). */
export function buildCustomer(fields: CustomerFields): StoredObject {
  return {
    id: fields.id ?? stripeStyleId('cus_'),
    object: 'customer',
    address: null,
    balance: fields.balance ?? 0,
    created: fields.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    discount: null,
    email: fields.email ?? null,
    invoice_prefix: randomBytes(4).toString('hex').slice(0, 7).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: fields.defaultPaymentMethod ?? null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: fields.preferredLocales ?? [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** The query fields of `GET /v1/customers/search`. */
export const CUSTOMER_SEARCH_FIELDS: SearchFields = {
  created: { kind: 'number' },
  email: { kind: 'text', substring: true },
  metadata: { kind: 'metadata' },
  name: { kind: 'text', substring: true },
  phone: { kind: 'text', substring: true },
};

/** The fields every write of a customer may set, with their length limits. */
const TEXT_FIELDS = [
  ['email', 512],
  ['name', 256],
  ['description', 5000],
  ['phone', 20],
] as const;

function preferredLocales(params: StripeParams): string[] | undefined {
  return list(params, 'preferred_locales')?.filter((item): item is string => typeof item === 'string');
}

/**
 * `invoice_settings[default_payment_method]`: a payment method attached to the customer (or the test
 * id just attached with `payment_method` on create, which Stripe resolves to the new one).
 */
function defaultPaymentMethod(
  call: Call,
  customerId: string,
  attached: { testId: string; id: string } | undefined,
): string | null | undefined {
  const settings = hash(call.params, 'invoice_settings');
  if (!settings) return undefined;
  const id = nullableStr(settings, 'default_payment_method');
  if (id === undefined || id === null) return id;
  if (attached && id === attached.testId) return attached.id;
  return customerPaymentMethod(call.state, id, customerId, 'invoice_settings[default_payment_method]').id;
}

/** `/v1/customers`: create, retrieve, update, delete, list and search. */
export function customerRoutes(): Route[] {
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
    route('GET', '/v1/customers/search', 'customers', (call) => {
      const query = str(call.params, 'query') ?? '';
      const matches = compileSearch(query, CUSTOMER_SEARCH_FIELDS, 'customer');
      return searchPage(call.state.customers.list().filter(matches), call.params, '/v1/customers/search');
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
        preferredLocales: preferredLocales(params),
      });
      state.customers.set(customer);
      state.recordEvent('customer.created', customer, requestOf(call));
      const testId = str(params, 'payment_method');
      let attached: { testId: string; id: string } | undefined;
      if (testId) {
        attached = { testId, id: attachPaymentMethod(call, testId, customer.id, 'payment_method').id };
      }
      const chosen = defaultPaymentMethod(call, customer.id, attached);
      if (chosen) {
        customer.invoice_settings = {
          ...(customer.invoice_settings as object),
          default_payment_method: chosen,
        };
        state.customers.set(customer);
      }
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
      for (const [field, max] of TEXT_FIELDS) {
        const value = nullableStr(params, field, max);
        if (value !== undefined) after[field] = value;
      }
      const balance = int(params, 'balance');
      if (balance !== undefined) after.balance = balance;
      const locales = preferredLocales(params);
      if (locales) after.preferred_locales = locales;
      after.metadata = applyMetadata(before.metadata as Record<string, string>, params);
      const chosen = defaultPaymentMethod(call, before.id, undefined);
      if (chosen !== undefined) {
        after.invoice_settings = {
          ...(before.invoice_settings as object),
          default_payment_method: chosen,
        };
      }
      state.customers.set(after);
      const previous = changes(before, after);
      if (previous) {
        state.recordEvent('customer.updated', after, requestOf(call), { previousAttributes: previous });
      }
      return { body: after };
    }),
    route('DELETE', '/v1/customers/:id', 'customers', (call) => {
      const { state } = call;
      const customer = read(call);
      for (const subscription of state.subscriptions.list()) {
        if (subscription.customer === customer.id && !ENDED.has(subscription.status as string)) {
          cancelSubscription(call, subscription);
        }
      }
      state.customers.delete(customer.id);
      state.deletedCustomers.add(customer.id);
      state.recordEvent('customer.deleted', customer, requestOf(call));
      return { body: { id: customer.id, object: 'customer', deleted: true } };
    }),
  ];
}

/** Statuses a subscription never leaves. */
const ENDED = new Set(['canceled', 'incomplete_expired']);
