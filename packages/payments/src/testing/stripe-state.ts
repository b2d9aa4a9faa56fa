import { randomBytes } from 'node:crypto';
import { SIMULATED_API_VERSION } from './stripe-versions.js';

/** A stored Stripe object: at least an id, its type and when it was created (Unix seconds). */
export interface StoredObject {
  id: string;
  object: string;
  created: number;
  [field: string]: unknown;
}

/** A saved response for idempotency replay. */
export interface SavedResponse {
  fingerprint: string;
  status: number;
  body: unknown;
  requestId: string;
}

/** Saved idempotent responses kept at most; the oldest go first (Stripe keeps keys for 24 hours). */
const MAX_SAVED_RESPONSES = 10_000;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id in Stripe's style: the prefix and `length` letters and digits. */
export function stripeStyleId(prefix: string, length = 14): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

/**
 * One kind of object, in creation order. Lists are newest first: by `created`, then by the order of
 * creation for objects made in the same second, as Stripe orders them.
 */
export class Collection<T extends StoredObject> {
  readonly #items = new Map<string, { value: T; seq: number }>();
  #seq = 0;
  /** The newest-first order, kept until the next change: lists are read far more than written. */
  #sorted: T[] | undefined;

  get size(): number {
    return this.#items.size;
  }

  get(id: string): T | undefined {
    return this.#items.get(id)?.value;
  }

  has(id: string): boolean {
    return this.#items.has(id);
  }

  /** Adds or replaces an object (a replaced one keeps its place in the order). */
  set(value: T): T {
    const existing = this.#items.get(value.id);
    if (!existing) this.#seq += 1;
    this.#items.set(value.id, { value, seq: existing?.seq ?? this.#seq });
    this.#sorted = undefined;
    return value;
  }

  delete(id: string): boolean {
    this.#sorted = undefined;
    return this.#items.delete(id);
  }

  clear(): void {
    this.#sorted = undefined;
    this.#items.clear();
  }

  /** Every object, newest first (a shared array: do not change it). */
  list(): readonly T[] {
    this.#sorted ??= [...this.#items.values()]
      .sort((a, b) => b.value.created - a.value.created || b.seq - a.seq)
      .map((entry) => entry.value);
    return this.#sorted;
  }

  /** True when `a` comes after `b` in the newest-first order (it is older). */
  isAfter(a: T, b: T): boolean {
    const sa = this.#items.get(a.id)?.seq ?? 0;
    const sb = this.#items.get(b.id)?.seq ?? 0;
    return a.created < b.created || (a.created === b.created && sa < sb);
  }
}

/** The format version of `StripeState.export()`; a snapshot of another version is refused. */
export const STRIPE_STATE_VERSION = 1;

/** The collections of a `StripeState`, by the name they have in a snapshot. */
const COLLECTIONS = [
  'customers',
  'products',
  'prices',
  'subscriptions',
  'invoices',
  'paymentMethods',
  'balanceTransactions',
  'events',
  'coupons',
  'eventDestinations',
  'webhookEndpoints',
  'paymentIntents',
  'charges',
  'refunds',
  'setupIntents',
  'invoiceItems',
  'checkoutSessions',
  'paymentLinks',
  'promotionCodes',
  'disputes',
  'payouts',
  'subscriptionSchedules',
  'meters',
  'meterEvents',
] as const;

/** Collections added after format version 1 was first written: a snapshot without them has none. */
const ADDED_COLLECTIONS: ReadonlySet<string> = new Set([
  'paymentIntents',
  'charges',
  'refunds',
  'setupIntents',
  'invoiceItems',
  'checkoutSessions',
  'paymentLinks',
  'promotionCodes',
  'disputes',
  'payouts',
  'subscriptionSchedules',
  'meters',
  'meterEvents',
]);

/** A JSON snapshot of a `StripeState` (see `StripeState.export`). */
export interface StripeStateSnapshot {
  version: typeof STRIPE_STATE_VERSION;
  /** Each collection's objects, oldest first, so that importing them keeps their order. */
  collections: Record<(typeof COLLECTIONS)[number], StoredObject[]>;
  deletedCustomers: string[];
  idempotency: [string, SavedResponse][];
}

/** Options of the simulator's state. */
export interface StripeStateOptions {
  /** The clock, in Unix seconds (tests can freeze it). */
  now?: () => number;
}

/**
 * The simulated Stripe account: customers and their payment methods, products, prices,
 * subscriptions and their invoices, payment intents, charges, refunds, setup intents, balance
 * transactions, events, coupons and (API v2) event destinations, plus the saved responses of
 * idempotent requests.
 */
export class StripeState {
  readonly customers = new Collection<StoredObject>();
  /** Ids of deleted customers: Stripe still answers for them with `{deleted: true}`. */
  readonly deletedCustomers = new Set<string>();
  readonly products = new Collection<StoredObject>();
  readonly prices = new Collection<StoredObject>();
  readonly subscriptions = new Collection<StoredObject>();
  readonly invoices = new Collection<StoredObject>();
  readonly paymentMethods = new Collection<StoredObject>();
  readonly balanceTransactions = new Collection<StoredObject>();
  readonly events = new Collection<StoredObject>();
  readonly coupons = new Collection<StoredObject>();
  /** API v2 event destinations, kept with Unix `created` and answered with ISO timestamps. */
  readonly eventDestinations = new Collection<StoredObject>();
  /** Webhook endpoints (`/v1/webhook_endpoints`), each with its signing secret. */
  readonly webhookEndpoints = new Collection<StoredObject>();
  readonly paymentIntents = new Collection<StoredObject>();
  readonly charges = new Collection<StoredObject>();
  readonly refunds = new Collection<StoredObject>();
  readonly setupIntents = new Collection<StoredObject>();
  /** Invoice items, kept with a `created` for their order (Stripe answers with `date`). */
  readonly invoiceItems = new Collection<StoredObject>();
  /** Checkout Sessions, each keeping its line items (answered through their own route). */
  readonly checkoutSessions = new Collection<StoredObject>();
  /** Payment links, each keeping its line items. */
  readonly paymentLinks = new Collection<StoredObject>();
  /** Promotion codes: the codes customers type for a coupon. */
  readonly promotionCodes = new Collection<StoredObject>();
  /** Disputes of charges, each with the balance transactions it made. */
  readonly disputes = new Collection<StoredObject>();
  /** Payouts to the account's bank account. */
  readonly payouts = new Collection<StoredObject>();
  /** Subscription schedules: a subscription's changes planned ahead. */
  readonly subscriptionSchedules = new Collection<StoredObject>();
  /** Billing meters: what usage-based prices count. */
  readonly meters = new Collection<StoredObject>();
  /** Meter events reported, kept by identifier (their `id` here) to refuse a duplicate. */
  readonly meterEvents = new Collection<StoredObject>();
  /** Saved responses by API key and idempotency key; see `saveResponse`. */
  readonly idempotency = new Map<string, SavedResponse>();
  readonly #now: () => number;
  readonly #eventListeners = new Set<(event: StoredObject) => void>();

  constructor(options: StripeStateOptions = {}) {
    this.#now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** The current time in Unix seconds. */
  now(): number {
    return this.#now();
  }

  /** Saves the response of an idempotent request, forgetting the oldest beyond a bound. */
  saveResponse(key: string, saved: SavedResponse): void {
    this.idempotency.set(key, saved);
    if (this.idempotency.size > MAX_SAVED_RESPONSES) {
      const oldest = this.idempotency.keys().next().value;
      if (oldest !== undefined) this.idempotency.delete(oldest);
    }
  }

  /** Forgets every object and saved response. */
  reset(): void {
    for (const name of COLLECTIONS) this[name].clear();
    this.deletedCustomers.clear();
    this.idempotency.clear();
  }

  /** A JSON copy of the account: every object (webhook secrets included) and saved response. */
  export(): StripeStateSnapshot {
    const collections = Object.fromEntries(
      COLLECTIONS.map((name) => [name, structuredClone([...this[name].list()].reverse())]),
    ) as StripeStateSnapshot['collections'];
    return {
      version: STRIPE_STATE_VERSION,
      collections,
      deletedCustomers: [...this.deletedCustomers],
      idempotency: structuredClone([...this.idempotency]),
    };
  }

  /**
   * Replaces the account with a snapshot `export` returned. Throws, changing nothing, when `snapshot`
   * is not one of this version.
   */
  import(snapshot: unknown): void {
    const saved = snapshot as Partial<StripeStateSnapshot> | null;
    if (saved?.version !== STRIPE_STATE_VERSION) {
      throw new Error(
        `Not a Stripe simulator state of version ${STRIPE_STATE_VERSION} (got version ${String(saved?.version)})`,
      );
    }
    const collections = saved.collections;
    if (
      !collections ||
      !COLLECTIONS.every(
        (name) => Array.isArray(collections[name]) || (ADDED_COLLECTIONS.has(name) && !collections[name]),
      ) ||
      !Array.isArray(saved.deletedCustomers) ||
      !Array.isArray(saved.idempotency)
    ) {
      throw new Error('The Stripe simulator state is incomplete');
    }
    this.reset();
    for (const name of COLLECTIONS) {
      for (const object of structuredClone(collections[name] ?? [])) this[name].set(object);
    }
    for (const id of saved.deletedCustomers) this.deletedCustomers.add(id);
    for (const [key, response] of structuredClone(saved.idempotency)) this.idempotency.set(key, response);
  }

  /**
   * Calls `listener` with every event recorded from now on (webhook delivery). Returns a function
   * that stops it.
   */
  onEvent(listener: (event: StoredObject) => void): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /** Records an event of the account, as Stripe does for every change. */
  recordEvent(
    type: string,
    object: StoredObject,
    request: { id: string | null; idempotencyKey: string | null },
    options: { previousAttributes?: Record<string, unknown> | undefined; created?: number } = {},
  ): StoredObject {
    const { previousAttributes } = options;
    const event = this.events.set({
      id: stripeStyleId('evt_1', 24),
      object: 'event',
      api_version: SIMULATED_API_VERSION,
      created: options.created ?? this.now(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    });
    for (const listener of this.#eventListeners) listener(event);
    return event;
  }
}
