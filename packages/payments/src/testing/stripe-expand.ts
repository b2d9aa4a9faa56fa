import { invoicePayments } from './resources/invoice-payments.js';
import { invalidRequest } from './stripe-errors.js';
import type { StripeState } from './stripe-state.js';

type Resolver = (state: StripeState, id: string) => Readonly<Record<string, unknown>> | undefined;

const customer: Resolver = (state, id) =>
  state.customers.get(id) ??
  (state.deletedCustomers.has(id) ? { id, object: 'customer', deleted: true } : undefined);
const invoice: Resolver = (state, id) => state.invoices.get(id);
const paymentMethod: Resolver = (state, id) => state.paymentMethods.get(id);
const price: Resolver = (state, id) => state.prices.get(id);
const product: Resolver = (state, id) => state.products.get(id);
const subscription: Resolver = (state, id) => state.subscriptions.get(id);
const balanceTransaction: Resolver = (state, id) => state.balanceTransactions.get(id);
const charge: Resolver = (state, id) => state.charges.get(id);
const paymentIntent: Resolver = (state, id) => state.paymentIntents.get(id);
const schedule: Resolver = (state, id) => state.subscriptionSchedules.get(id);

/**
 * The expandable fields of each object type the simulator serves, by their path inside the object,
 * as Stripe's API reference marks them ("Expandable").
 */
const EXPANDABLE: Record<string, Record<string, Resolver>> = {
  charge: { balance_transaction: balanceTransaction, customer, payment_intent: paymentIntent },
  customer: { 'invoice_settings.default_payment_method': paymentMethod },
  dispute: { charge, payment_intent: paymentIntent },
  invoice: {
    customer,
    default_payment_method: paymentMethod,
    'parent.subscription_details.subscription': subscription,
  },
  line_item: { 'pricing.price_details.price': price },
  payment_intent: { customer, latest_charge: charge, payment_method: paymentMethod },
  payment_method: { customer },
  payout: { balance_transaction: balanceTransaction, failure_balance_transaction: balanceTransaction },
  plan: { product },
  price: { product },
  product: { default_price: price },
  refund: { balance_transaction: balanceTransaction, charge, payment_intent: paymentIntent },
  setup_intent: { customer, payment_method: paymentMethod },
  subscription: {
    customer,
    default_payment_method: paymentMethod,
    latest_invoice: invoice,
    schedule,
  },
  subscription_schedule: { customer, subscription },
  invoice_payment: { invoice, 'payment.charge': charge, 'payment.payment_intent': paymentIntent },
};

/**
 * Fields Stripe leaves out unless `expand[]` asks for them ("includable"), computed from the object:
 * an open invoice's `confirmation_secret` is what Stripe's Payment Element confirms its payment with
 * (the `default_incomplete` flow: `expand: ['latest_invoice.confirmation_secret']`); its `payments`
 * are the attempts to collect it (`expand: ['payments']`).
 */
const INCLUDABLE: Record<
  string,
  Record<string, (object: Record<string, unknown>, state: StripeState) => unknown>
> = {
  invoice: {
    payments: invoicePayments,
    confirmation_secret: (invoice) =>
      invoice.status === 'open' && (invoice.amount_remaining as number) > 0
        ? {
            client_secret: `pi_${String(invoice.id).slice(3)}_secret_${String(invoice.id).slice(-12)}`,
            type: 'payment_intent',
          }
        : null,
  },
};

/**
 * The names an `expand[]` path can end on, anywhere (and a search's `total_count`): a path ending
 * elsewhere is refused before any write.
 */
const EXPANDABLE_NAMES = new Set([
  'total_count',
  ...Object.values(EXPANDABLE).flatMap((fields) => Object.keys(fields).map((path) => path.split('.').pop())),
  ...Object.values(INCLUDABLE).flatMap((fields) => Object.keys(fields)),
]);

/** Whether an `expand[]` path ends on a field some object lets you expand. */
export function mayExpand(path: string): boolean {
  return EXPANDABLE_NAMES.has(path.split('.').pop() ?? '');
}

/** Stripe expands at most four levels deep. */
const MAX_DEPTH = 4;

/**
 * Applies `expand[]` to a response: each path names an expandable id field, reached through objects,
 * lists (`data.customer` in a list, `items.data.price.product` in a subscription) and fields expanded
 * on the way. A path that names no expandable field is Stripe's 400. `total_count` belongs to search
 * results and is left to them.
 */
export function expandResponse(body: unknown, paths: readonly string[], state: StripeState): unknown {
  if (paths.length === 0 || !body || typeof body !== 'object') return body;
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const path of paths) {
    if (path === 'total_count' && copy.object === 'search_result') continue;
    const segments = path.split('.');
    if (segments.length > MAX_DEPTH + 1 || segments.some((segment) => segment === '')) {
      throw cannotExpand(path);
    }
    if ((copy.object === 'list' || copy.object === 'search_result') && segments[0] !== 'data') {
      throw invalidRequest(
        `This property cannot be expanded (${path}). You may want to try expanding 'data.${path}' instead.`,
      );
    }
    walk(copy, segments, path, state, String(copy.object ?? ''), []);
  }
  return copy;
}

function cannotExpand(path: string) {
  return invalidRequest(`This property cannot be expanded (${path}).`);
}

function walk(
  node: Record<string, unknown>,
  segments: string[],
  path: string,
  state: StripeState,
  owner: string,
  within: string[],
): void {
  const [head, ...rest] = segments as [string, ...string[]];
  if (node.object === 'list' || node.object === 'search_result') {
    if (head !== 'data') throw cannotExpand(path);
    for (const item of (node.data as Record<string, unknown>[] | undefined) ?? []) {
      if (rest.length === 0) throw cannotExpand(path);
      walk(item, rest, path, state, String(item.object ?? owner), []);
    }
    return;
  }
  const include = within.length === 0 ? INCLUDABLE[owner]?.[head] : undefined;
  if (include && rest.length === 0) {
    node[head] = include(node, state);
    return;
  }
  if (!Object.hasOwn(node, head)) throw cannotExpand(path);
  const resolver = EXPANDABLE[owner]?.[[...within, head].join('.')];
  let value = node[head];
  if (typeof value === 'string' && resolver) {
    const found = resolver(state, value);
    if (!found) throw cannotExpand(path);
    value = structuredClone(found);
    node[head] = value;
  } else if (rest.length === 0 && !resolver) {
    throw cannotExpand(path);
  }
  if (rest.length === 0 || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item && typeof item === 'object') {
        const record = item as Record<string, unknown>;
        walk(record, rest, path, state, String(record.object ?? owner), []);
      }
    }
    return;
  }
  if (!value || typeof value !== 'object') throw cannotExpand(path);
  const record = value as Record<string, unknown>;
  if (typeof record.object === 'string') walk(record, rest, path, state, record.object, []);
  else walk(record, rest, path, state, owner, [...within, head]);
}
