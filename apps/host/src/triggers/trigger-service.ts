import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { isDeepStrictEqual } from 'node:util';
import {
  type Connector,
  ConnectorError,
  contextOf,
  NotFoundError,
  signTimestamped,
  type Trigger,
  ValidationError,
  type WebhookRequest,
} from '@c/core';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { Registry } from '../registry.js';
import type { ConnectionRecord } from '../store/connection-store.js';
import type { HostStore } from '../store/host-store.js';
import type { StoredEvent, SubscriptionRecord } from '../store/trigger-store.js';
import { closestNames, didYouMean } from '../suggest.js';

/** One trigger of the registry under its qualified id (`payments.event`). */
export interface RegisteredTrigger {
  readonly id: string;
  readonly connectorId: string;
  readonly key: string;
  readonly connector: Connector;
  readonly trigger: Trigger;
}

/** An event as every surface shows it (`spec/TRIGGERS.md`). */
export interface EventView {
  id: string;
  trigger: string;
  subscription: string;
  type: string;
  occurredAt: string;
  receivedAt: string;
  data: unknown;
}

/** A subscription as every surface shows it: never its provider state or secrets. */
export interface SubscriptionView {
  id: string;
  trigger: string;
  connection: string;
  input: Record<string, unknown>;
  hookUrl: string | undefined;
  deliverTo: { url: string } | undefined;
  status: string;
  error?: Record<string, unknown> | undefined;
  createdAt: string;
}

/** What `subscribe` takes. */
export interface SubscribeRequest {
  trigger: string;
  connection?: string | undefined;
  input?: unknown;
  deliverTo?: { url: string } | undefined;
}

/** How long a delivery to a caller's URL keeps being retried. */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The first retry's wait; it doubles up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** The setting where a running server leaves its own URL, for hook URLs of sandbox subscriptions. */
export const LOCAL_URL_SETTING = 'trigger_local_url';

/** The wait before delivery attempt `attempts + 1`: 1 s, 2 s, 4 s… at most an hour. */
export function deliveryBackoff(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/** The event's public form. */
export function eventView(event: StoredEvent): EventView {
  const { seq: _seq, ...view } = event;
  return view;
}

/** Every trigger of the connectors, under qualified ids. */
export function registeredTriggers(registry: Registry): RegisteredTrigger[] {
  return registry.connectors().flatMap((connector) =>
    Object.values(connector.triggers ?? {}).map((trigger) => ({
      id: `${connector.id}.${trigger.key}`,
      connectorId: connector.id,
      key: trigger.key,
      connector,
      trigger,
    })),
  );
}

/**
 * Subscriptions, the webhook receiver's work, polling, renewal and delivery to callers' URLs. The
 * store holds everything (so a restart or another instance carries on); this class adds the loops a
 * serving host runs (`start`) and an in-process signal for event streams.
 */
export class TriggerService {
  readonly #registry: Registry;
  readonly #store: Pick<HostStore, 'settings' | 'locks' | 'triggers'>;
  readonly #connections: ConnectionManager;
  readonly #publicUrl: string | undefined;
  readonly #arrivals = new EventEmitter();
  #localUrl: string | undefined;
  #timers: NodeJS.Timeout[] = [];
  #delivering = false;
  #polling = new Set<string>();
  /** Subscriptions asked to poll while their poll ran: polled again as soon as it ends. */
  #pollAgain = new Set<string>();
  #stopped = new AbortController();

  constructor(options: {
    registry: Registry;
    store: Pick<HostStore, 'settings' | 'locks' | 'triggers'>;
    connections: ConnectionManager;
    publicUrl?: string | undefined;
  }) {
    this.#registry = options.registry;
    this.#store = options.store;
    this.#connections = options.connections;
    this.#publicUrl = options.publicUrl?.replace(/\/+$/, '');
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

  /** The base of hook URLs: the public URL, else (for a sandbox connection) this server's own. */
  async #hookBase(record: ConnectionRecord): Promise<string> {
    if (this.#publicUrl) return this.#publicUrl;
    if (record.sandbox) {
      const local = this.#localUrl ?? (await this.#store.settings.getSetting(LOCAL_URL_SETTING));
      if (local) return local;
    }
    throw new ValidationError(
      'Invalid parameter "publicUrl": webhook triggers need the address providers reach this host at: set C_HOST_PUBLIC_URL (or --public-url), https:// or a loopback http:// address',
      { parameter: 'publicUrl' },
    );
  }

  #hookUrl(base: string, id: string): string {
    return `${base}/hooks/${id}`;
  }

  /** The subscription's public form. */
  async view(record: SubscriptionRecord): Promise<SubscriptionView> {
    const entry = this.list().find((item) => item.id === record.trigger);
    const base = entry?.trigger.kinds.includes('webhook')
      ? (this.#publicUrl ?? this.#localUrl ?? (await this.#store.settings.getSetting(LOCAL_URL_SETTING)))
      : undefined;
    return {
      id: record.id,
      trigger: record.trigger,
      connection: record.connection,
      input: record.input,
      // Where the provider delivers: the URL it was given, until a move to this host's URL succeeds.
      hookUrl: record.hookUrl ?? (base ? this.#hookUrl(base, record.id) : undefined),
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
    const hookUrl = webhook ? this.#hookUrl(await this.#hookBase(record), id) : undefined;
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
    if (localUrl) {
      this.#localUrl = localUrl.replace(/\/+$/, '');
      await this.#store.settings.setSetting(LOCAL_URL_SETTING, this.#localUrl);
    }
    const every = (ms: number, work: () => Promise<void>) => {
      const timer = setInterval(() => void work().catch(() => {}), ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(1000, () => this.#deliverDue());
    every(1000, () => this.#pollDue());
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

  /** Sends the deliveries due now: each subscription's oldest pending event, signed with its secret. */
  async #deliverDue(): Promise<void> {
    if (this.#delivering) return;
    this.#delivering = true;
    try {
      for (;;) {
        const due = await this.#store.triggers.claimDueDeliveries({ leaseMs: 30_000 });
        if (due.length === 0 || this.#stopped.signal.aborted) return;
        let progressed = false;
        await Promise.all(
          due.map(async (delivery) => {
            const record = await this.#store.triggers.getSubscription(delivery.subscription);
            const [event] = await this.#store.triggers.listEvents({
              subscription: delivery.subscription,
              after: delivery.seq - 1,
              limit: 1,
            });
            if (!record?.deliverTo || !record.deliverSecret || !event || event.seq !== delivery.seq) {
              await this.#store.triggers.recordDeliveryAttempt(delivery.subscription, delivery.seq, {
                status: 'failed',
                lastError: 'the subscription or event is gone',
              });
              return;
            }
            const outcome = await sendDelivery(
              record.deliverTo.url,
              record.deliverSecret,
              eventView(event),
              this.#stopped.signal,
            );
            const attempts = delivery.attempts + 1;
            const expired = Date.now() - Date.parse(delivery.createdAt) > DELIVERY_WINDOW_MS;
            if (outcome.ok) progressed = true;
            await this.#store.triggers.recordDeliveryAttempt(delivery.subscription, delivery.seq, {
              status: outcome.ok ? 'delivered' : expired ? 'failed' : 'pending',
              lastStatus: outcome.status,
              ...(outcome.error ? { lastError: outcome.error } : {}),
              nextAttemptAt: Date.now() + deliveryBackoff(attempts),
            });
          }),
        );
        // Only delivered ones make the next event of a subscription due at once.
        if (!progressed) return;
      }
    } finally {
      this.#delivering = false;
    }
  }

  async #pollDue(): Promise<void> {
    const subscriptions = await this.#store.triggers.listSubscriptions();
    for (const record of subscriptions) {
      const entry = this.list().find((item) => item.id === record.trigger);
      // A `failed` one is polled too: its push side (a Drive channel whose renewal failed) is what
      // failed, and the poll is the safety net that catches the changes it misses meanwhile.
      if (!entry?.trigger.kinds.includes('polling')) continue;
      const interval = entry.trigger.pollIntervalMs ?? 60_000;
      const last = Date.parse(record.updatedAt);
      if (record.cursor !== undefined && Date.now() - last < interval) continue;
      await this.pollNow(record.id).catch(() => {});
    }
  }

  /**
   * Polls one subscription now, one instance at a time (a lock shared by the fleet): its events
   * since the saved cursor are stored, then the new cursor. A failure is recorded on it. Asked again
   * while its poll runs (a notification of a later change), it polls once more right after, since
   * the running poll may have read the change list before that change.
   */
  async pollNow(id: string): Promise<void> {
    const record = await this.get(id);
    if (this.#polling.has(record.id)) {
      this.#pollAgain.add(record.id);
      return;
    }
    this.#polling.add(record.id);
    try {
      await this.#store.locks.withLock(
        `trigger-poll:${record.id}`,
        async () => {
          const current = await this.#store.triggers.getSubscription(record.id);
          if (!current) return;
          const entry = this.require(current.trigger);
          const input = entry.trigger.parse(current.input);
          const result = await this.#connections.withClient(entry.connectorId, current.connection, (client) =>
            entry.trigger.poll!(contextOf(client), {
              input,
              cursor: current.cursor,
              state: current.state,
              signal: this.#stopped.signal,
            }),
          );
          const stored = (await this.#store.triggers.addEvents(current.id, result.events)) ?? [];
          // A good poll clears a poll's error, never the failure of the push side (`failed`), which
          // stays shown until a renewal succeeds.
          await this.#store.triggers.updateSubscription(
            current.id,
            current.status === 'failed'
              ? { cursor: result.cursor }
              : { cursor: result.cursor, status: 'active', error: undefined },
          );
          this.#announce(stored);
        },
        { waitMs: 1000, ttlMs: 120_000 },
      );
    } catch (error) {
      if (ConnectorError.isInstance(error) && error.kind !== 'timeout') {
        await this.#store.triggers.updateSubscription(record.id, { error: { ...error.toJSON() } });
      }
    } finally {
      this.#polling.delete(record.id);
    }
    if (this.#pollAgain.delete(record.id) && !this.#stopped.signal.aborted) await this.pollNow(record.id);
  }

  /**
   * Renews the provider channels whose `renewAt` has come (Drive's watch channels): the trigger sets
   * it before the channel expires, with room for a late renewal. Also moves webhook subscriptions
   * registered at another hook URL than this host's (the host restarted behind a tunnel with a new
   * public URL, or a subscription stored before its hook URL was): they would otherwise be delivered
   * to an address nobody answers. The serving host calls this at start and every minute; each
   * subscription is renewed by one instance of the fleet, once. A failed renewal or move marks the
   * subscription `failed` (its polling carries on) and is retried on the next call, by subscribing
   * again with the stored state as `previous`: the provider's side may be what broke (or sits at the
   * old URL), and `previous` lets the trigger update, replace or reuse it rather than leave it
   * behind. A trigger without `renew` is renewed that way too. The subscription keeps its id, its
   * delivery secret, its events and its cursor.
   */
  async renewDue(): Promise<void> {
    const subscriptions = await this.#store.triggers.listSubscriptions();
    for (const listed of subscriptions) {
      const entry = this.list().find((item) => item.id === listed.trigger);
      if (!entry?.trigger.renew && !entry?.trigger.subscribe) continue;
      const { trigger, connectorId } = entry;
      const target = await this.#targetHookUrl(entry, listed);
      if (!renewIsDue(listed) && !movesTo(listed, target)) continue;
      await this.#store.locks
        .withLock(`trigger-renew:${listed.id}`, async () => {
          // Another instance may have renewed it since the listing: renewing the old state again
          // would open a second channel that nothing ever stops.
          const record = await this.#store.triggers.getSubscription(listed.id);
          if (!record) return;
          const moving = movesTo(record, target);
          if (!renewIsDue(record) && !moving) return;
          const hookUrl =
            target ??
            this.#hookUrl(
              await this.#hookBase(await this.#connections.resolve(connectorId, record.connection)),
              record.id,
            );
          const input = trigger.parse(record.input);
          const resubscribe = trigger.subscribe && (record.status === 'failed' || moving || !trigger.renew);
          const renewed = await this.#connections.withClient(connectorId, record.connection, (client) =>
            resubscribe
              ? trigger.subscribe!(contextOf(client), {
                  hookUrl,
                  input,
                  secret: randomBytes(32).toString('hex'),
                  previous: record.state ?? undefined,
                })
              : trigger.renew!(contextOf(client), { hookUrl, input, state: record.state }),
          );
          // The stored cursor is kept: a new subscription's starting point would skip what changed
          // since the last poll.
          await this.#store.triggers.updateSubscription(record.id, {
            state: renewed.state,
            renewAt: renewed.renewAt,
            hookUrl,
            ...(record.cursor === undefined && renewed.cursor !== undefined
              ? { cursor: renewed.cursor }
              : {}),
            status: 'active',
            error: undefined,
          });
        })
        .catch(async (error: unknown) => {
          if (!ConnectorError.isInstance(error)) return;
          // As the store gives it back (no undefined fields), so an unchanged failure compares equal.
          const failure = JSON.parse(JSON.stringify(error.toJSON())) as Record<string, unknown>;
          const now = await this.#store.triggers.getSubscription(listed.id);
          // The same failure again is not written: each write moves `updatedAt`, which the poll's
          // schedule reads, so a renewal failing every minute would hold back a poll every minute.
          if (!now || (now.status === 'failed' && isDeepStrictEqual(now.error, failure))) return;
          await this.#store.triggers.updateSubscription(listed.id, { status: 'failed', error: failure });
        });
    }
  }

  /**
   * The hook URL a webhook subscription should be registered at now, or undefined when there is
   * none to move it to (not a webhook trigger, or no public URL and no sandbox address): then it
   * stays where it is, since its old address may well still reach this host. A sandbox one goes to
   * the local address every server on this store reads (the one started last), not to this server's
   * own: two servers on one data directory would otherwise move it back and forth every minute.
   */
  async #targetHookUrl(entry: RegisteredTrigger, record: SubscriptionRecord): Promise<string | undefined> {
    if (!entry.trigger.kinds.includes('webhook') || !entry.trigger.subscribe) return undefined;
    const connection = await this.#connections
      .resolve(entry.connectorId, record.connection)
      .catch(() => undefined);
    if (!connection) return undefined;
    const base =
      connection.sandbox && !this.#publicUrl
        ? await this.#store.settings.getSetting(LOCAL_URL_SETTING).catch(() => undefined)
        : await this.#hookBase(connection).catch(() => undefined);
    return base ? this.#hookUrl(base, record.id) : undefined;
  }
}

/**
 * Whether a webhook subscription must move to `target`: it was registered at another URL, or at one
 * not recorded (stored before hook URLs were), which a re-subscribe with `previous` sets right.
 */
function movesTo(record: SubscriptionRecord, target: string | undefined): boolean {
  return target !== undefined && record.hookUrl !== target;
}

/** Whether a subscription's provider channel is due for renewal: its `renewAt` has come. */
function renewIsDue(record: SubscriptionRecord): boolean {
  return record.renewAt !== undefined && Date.parse(record.renewAt) <= Date.now();
}

/** A cursor (`nextCursor`, `Last-Event-ID`): a non-negative integer, or a `ValidationError` on `after`. */
export function parseCursor(text: string | undefined): number {
  if (text === undefined || text === '') return 0;
  if (!/^\d{1,15}$/.test(text)) {
    throw new ValidationError('Invalid parameter "after": expected a cursor from nextCursor (digits)', {
      parameter: 'after',
    });
  }
  return Number(text);
}

function checkDeliverTo(deliverTo: { url: string }): void {
  let url: URL | undefined;
  try {
    url = new URL(deliverTo.url);
  } catch {
    url = undefined;
  }
  const loopback = url && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) {
    throw new ValidationError(
      'Invalid parameter "deliverTo.url": expected an https:// URL (plain http:// only for a loopback address)',
      { parameter: 'deliverTo.url' },
    );
  }
}

/**
 * POSTs one event to a caller's URL, signed like Stripe signs: `C-Signature: t=<unix>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">` with the subscription's secret. Never follows a redirect.
 */
export async function sendDelivery(
  url: string,
  secret: string,
  event: EventView,
  signal?: AbortSignal,
): Promise<{ ok: boolean; status: number; error?: string }> {
  const body = JSON.stringify(event);
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'c-host',
        'c-signature': signTimestamped(secret, body),
        'c-event-id': event.id,
      },
      body,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ok: response.status >= 200 && response.status < 300, status: response.status };
  } catch (error) {
    return { ok: false, status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}
