import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { contextOf, NotFoundError, type WebhookRequest } from '@c/core';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { Registry } from '../registry.js';
import type { HostStore } from '../store/host-store.js';
import type { StoredEvent, SubscriptionRecord } from '../store/trigger-store.js';
import { closestNames, didYouMean } from '../suggest.js';
import { checkDeliverTo } from './deliver-to.js';
import { deliverDue } from './delivery.js';
import { HookUrls } from './hook-urls.js';
import {
  eventView,
  parseCursor,
  type RegisteredTrigger,
  registeredTriggers,
  type SubscribeRequest,
  type SubscriptionView,
} from './trigger-views.js';
import { TriggerUpkeep } from './upkeep.js';

export { DELIVERY_WINDOW_MS, deliveryBackoff, sendDelivery } from './delivery.js';
export {
  type EventView,
  eventView,
  LOCAL_URL_SETTING,
  parseCursor,
  type RegisteredTrigger,
  registeredTriggers,
  type SubscribeRequest,
  type SubscriptionView,
} from './trigger-views.js';

/** The store's roles triggers use. */
export type TriggerRoles = Pick<HostStore, 'settings' | 'locks' | 'triggers'>;

/**
 * Subscriptions, the webhook receiver's work, polling, renewal and delivery to callers' URLs. The
 * store holds everything (so a restart or another instance carries on); this class adds the loops a
 * serving host runs (`start`) and an in-process signal for event streams.
 */
export class TriggerService {
  readonly #registry: Registry;
  readonly #store: TriggerRoles;
  readonly #connections: Pick<ConnectionManager, 'resolve' | 'withClient'>;
  readonly #hooks: HookUrls;
  readonly #upkeep: TriggerUpkeep;
  readonly #arrivals = new EventEmitter();
  #timers: NodeJS.Timeout[] = [];
  #delivering = false;
  #stopped = new AbortController();

  constructor(options: {
    registry: Registry;
    store: TriggerRoles;
    connections: Pick<ConnectionManager, 'resolve' | 'withClient'>;
    publicUrl?: string | undefined;
  }) {
    this.#registry = options.registry;
    this.#store = options.store;
    this.#connections = options.connections;
    this.#hooks = new HookUrls(options.store, options.publicUrl);
    this.#upkeep = new TriggerUpkeep({
      store: options.store,
      connections: options.connections,
      hooks: this.#hooks,
      triggers: () => this.list(),
      require: (id) => this.require(id),
      get: (id) => this.get(id),
      stopped: () => this.#stopped.signal,
      announce: (stored) => this.#announce(stored),
    });
    this.#arrivals.setMaxListeners(0);
  }

  /** Every trigger, connector by connector. */
  list(): RegisteredTrigger[] {
    return registeredTriggers(this.#registry);
  }

  /** A trigger by qualified id, or a `NotFoundError` naming the closest ones. */
  require(id: string): RegisteredTrigger {
    const all = this.list();
    const found = all.find((entry) => entry.id === id);
    if (found) return found;
    const suggestions = closestNames(
      id,
      all.map((entry) => entry.id),
    );
    throw new NotFoundError(
      `Unknown trigger "${id}".${didYouMean(suggestions)} List them with \`c-host triggers\`.`,
      {
        details: suggestions.length > 0 ? { suggestions } : undefined,
      },
    );
  }

  /** The subscription's public form. */
  async view(record: SubscriptionRecord): Promise<SubscriptionView> {
    const entry = this.list().find((item) => item.id === record.trigger);
    const base = entry?.trigger.kinds.includes('webhook') ? await this.#hooks.shownBase() : undefined;
    return {
      id: record.id,
      trigger: record.trigger,
      connection: record.connection,
      input: record.input,
      // Where the provider delivers: the URL it was given, until a move to this host's URL succeeds.
      hookUrl: record.hookUrl ?? (base ? this.#hooks.url(base, record.id) : undefined),
      deliverTo: record.deliverTo,
      status: record.status,
      ...(record.error ? { error: record.error } : {}),
      createdAt: record.createdAt,
    };
  }

  /**
   * Subscribes: validates the filters (nothing is sent when they are wrong), registers the hook URL
   * with the provider (webhook triggers), and stores the subscription with the provider's state.
   * Returns it with its delivery secret, shown this once.
   */
  async subscribe(
    request: SubscribeRequest,
  ): Promise<{ subscription: SubscriptionView; deliverSecret?: string }> {
    const entry = this.require(request.trigger);
    const input = entry.trigger.parse(request.input ?? {}) as Record<string, unknown>;
    if (request.deliverTo !== undefined) checkDeliverTo(request.deliverTo);
    const record = await this.#connections.resolve(entry.connectorId, request.connection);
    const id = `sub_${randomBytes(12).toString('base64url')}`;
    const webhook = entry.trigger.kinds.includes('webhook');
    const hookUrl = webhook ? this.#hooks.url(await this.#hooks.base(record), id) : undefined;
    const subscribed =
      webhook && entry.trigger.subscribe
        ? await this.#connections.withClient(entry.connectorId, record.name, (client) =>
            entry.trigger.subscribe!(contextOf(client), {
              hookUrl: hookUrl as string,
              input,
              secret: randomBytes(32).toString('hex'),
            }),
          )
        : undefined;
    const deliverSecret = request.deliverTo ? `c_whsec_${randomBytes(24).toString('base64url')}` : undefined;
    const stored = await this.#store.triggers
      .createSubscription({
        id,
        trigger: entry.id,
        connection: record.name,
        input,
        state: subscribed?.state ?? null,
        deliverTo: request.deliverTo ? { url: request.deliverTo.url } : undefined,
        deliverSecret,
        cursor: subscribed?.cursor,
        renewAt: subscribed?.renewAt,
        hookUrl,
      })
      .catch(async (error: unknown) => {
        // Not stored, the provider's side would be known to nobody (a webhook firing at a hook URL
        // that answers 404, a channel open for a week): it is removed before the failure is reported.
        if (subscribed && entry.trigger.unsubscribe) {
          await this.#connections
            .withClient(entry.connectorId, record.name, (client) =>
              entry.trigger.unsubscribe!(contextOf(client), subscribed.state),
            )
            .catch(() => {});
        }
        throw error;
      });
    // A polling trigger's first poll sets its watermark now, so what happened before is not news.
    if (entry.trigger.kinds.includes('polling') && stored.cursor === undefined) await this.pollNow(stored.id);
    const view = await this.view(stored);
    return { subscription: { ...view, hookUrl }, ...(deliverSecret ? { deliverSecret } : {}) };
  }

  /** Every subscription in its public form, oldest first. */
  async subscriptions(): Promise<SubscriptionView[]> {
    const records = await this.#store.triggers.listSubscriptions();
    return Promise.all(records.map((record) => this.view(record)));
  }

  /** A subscription, or a `NotFoundError`. */
  async get(id: string): Promise<SubscriptionRecord> {
    const record = await this.#store.triggers.getSubscription(id);
    if (!record) throw new NotFoundError(`No subscription "${id}"`);
    return record;
  }

  /** Removes the provider's side (its webhook, its channel), then the subscription and its events. */
  async unsubscribe(id: string): Promise<void> {
    const record = await this.get(id);
    const entry = this.require(record.trigger);
    if (entry.trigger.unsubscribe && record.state !== null) {
      await this.#connections.withClient(entry.connectorId, record.connection, (client) =>
        entry.trigger.unsubscribe!(contextOf(client), record.state),
      );
    }
    await this.#store.triggers.deleteSubscription(id);
  }

  /**
   * The webhook receiver's work: verify the delivery with the subscription's state, then store its
   * events durably: each provider id once, and each signed delivery once (its `replay` key), so a
   * captured delivery resent under another unsigned delivery id counts as a duplicate. It
   * is acknowledged like one (2xx) rather than refused: the sender learns nothing from the answer,
   * and a 4xx would make a provider that ever sent such a copy itself retry it and count failures
   * against its webhook. Throws a `SignatureError` (nothing stored) for a bad or
   * stale signature and a `NotFoundError` for an unknown subscription.
   */
  async receive(id: string, request: WebhookRequest): Promise<{ stored: number; duplicates: number }> {
    const record = await this.#store.triggers.getSubscription(id);
    if (!record) throw new NotFoundError('No such subscription');
    const entry = this.require(record.trigger);
    if (!entry.trigger.verify) throw new NotFoundError('This subscription takes no webhook deliveries');
    const input = entry.trigger.parse(record.input);
    const events = await entry.trigger.verify(request, record.state, input);
    if (events.length === 0 && entry.trigger.kinds.includes('polling')) {
      // A notification that something changed (Drive): fetch the changes now, after answering.
      setImmediate(() => void this.pollNow(record.id).catch(() => {}));
      return { stored: 0, duplicates: 0 };
    }
    const stored = (await this.#store.triggers.addEvents(id, events)) ?? [];
    this.#announce(stored);
    return { stored: stored.length, duplicates: events.length - stored.length };
  }

  #announce(stored: StoredEvent[]): void {
    if (stored.length === 0) return;
    this.#arrivals.emit('events');
    this.#kickDelivery();
  }

  /** Events in arrival order after a cursor, with the cursor of the last one. */
  async events(query: { subscription?: string | undefined; after?: string | undefined; limit?: number }) {
    const after = parseCursor(query.after);
    const stored = await this.#store.triggers.listEvents({
      subscription: query.subscription,
      after,
      limit: query.limit ?? 100,
    });
    const last = stored.at(-1);
    return {
      events: stored.map(eventView),
      stored,
      nextCursor: last ? String(last.seq) : query.after && after > 0 ? String(after) : null,
    };
  }

  /** Resolves when new events may have arrived (in this process), or after `ms`, or on abort. */
  waitForEvents(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#arrivals.off('events', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#arrivals.once('events', done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /**
   * Starts the serving host's background work: delivery to callers' URLs, polling and renewal, which
   * begins at once so that webhook subscriptions registered at another public URL (a tunnel's new
   * address after a restart) move to this one without waiting a minute. `localUrl` is this server's
   * own address, for hook URLs of sandbox subscriptions.
   */
  async start(localUrl?: string): Promise<void> {
    this.#stopped = new AbortController();
    if (localUrl) await this.#hooks.setLocal(localUrl);
    const every = (ms: number, work: () => Promise<void>) => {
      const timer = setInterval(() => void work().catch(() => {}), ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(1000, () => this.#deliverDue());
    every(1000, () => this.#upkeep.pollDue());
    every(60_000, () => this.renewDue());
    setImmediate(() => {
      if (!this.#stopped.signal.aborted) void this.renewDue().catch(() => {});
    });
  }

  /** Stops the background work. */
  stop(): void {
    this.#stopped.abort();
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
  }

  #kickDelivery(): void {
    if (this.#timers.length > 0) setImmediate(() => void this.#deliverDue().catch(() => {}));
  }

  /** Sends the deliveries due now, one sender at a time in this process (see `deliverDue`). */
  async #deliverDue(): Promise<void> {
    if (this.#delivering) return;
    this.#delivering = true;
    try {
      await deliverDue(this.#store, this.#stopped.signal);
    } finally {
      this.#delivering = false;
    }
  }

  /**
   * Polls one subscription now, one instance at a time: its events since the saved cursor are
   * stored, then the new cursor (see `TriggerUpkeep.pollNow`).
   */
  pollNow(id: string): Promise<void> {
    return this.#upkeep.pollNow(id);
  }

  /**
   * Renews the provider channels due for renewal and moves webhook subscriptions to this host's hook
   * URL (see `TriggerUpkeep.renewDue`); the serving host calls it at start and every minute.
   */
  renewDue(): Promise<void> {
    return this.#upkeep.renewDue();
  }
}
