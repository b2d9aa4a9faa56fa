import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { ConnectorError, contextOf } from '@c/core';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { HostStore } from '../store/host-store.js';
import type { StoredEvent, SubscriptionRecord } from '../store/trigger-store.js';
import type { HookUrls } from './hook-urls.js';
import { LOCAL_URL_SETTING, type RegisteredTrigger } from './trigger-views.js';

/** What renewal and polling use of the trigger service. */
export interface UpkeepParts {
  store: Pick<HostStore, 'settings' | 'locks' | 'triggers'>;
  connections: Pick<ConnectionManager, 'resolve' | 'withClient'>;
  hooks: HookUrls;
  triggers(): RegisteredTrigger[];
  require(id: string): RegisteredTrigger;
  get(id: string): Promise<SubscriptionRecord>;
  /** Aborts when the service stops: a poll in flight is cut off. */
  stopped(): AbortSignal;
  /** Tells the service's listeners (event streams, delivery) of stored events. */
  announce(stored: StoredEvent[]): void;
}

/**
 * The triggers' upkeep while a host serves: polling (the polling triggers, and the safety net of
 * push ones), and renewal of provider channels, which also moves webhook subscriptions to this
 * host's current hook URL.
 */
export class TriggerUpkeep {
  readonly #parts: UpkeepParts;
  readonly #polling = new Set<string>();
  /** Subscriptions asked to poll while their poll ran: polled again as soon as it ends. */
  readonly #pollAgain = new Set<string>();

  constructor(parts: UpkeepParts) {
    this.#parts = parts;
  }

  /** Polls the polling subscriptions whose interval has passed (or that have no cursor yet). */
  async pollDue(): Promise<void> {
    const subscriptions = await this.#parts.store.triggers.listSubscriptions();
    for (const record of subscriptions) {
      const entry = this.#parts.triggers().find((item) => item.id === record.trigger);
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
    const record = await this.#parts.get(id);
    if (this.#polling.has(record.id)) {
      this.#pollAgain.add(record.id);
      return;
    }
    this.#polling.add(record.id);
    try {
      await this.#parts.store.locks.withLock(
        `trigger-poll:${record.id}`,
        async () => {
          const current = await this.#parts.store.triggers.getSubscription(record.id);
          if (!current) return;
          const entry = this.#parts.require(current.trigger);
          const input = entry.trigger.parse(current.input);
          const result = await this.#parts.connections.withClient(
            entry.connectorId,
            current.connection,
            (client) =>
              entry.trigger.poll!(contextOf(client), {
                input,
                cursor: current.cursor,
                state: current.state,
                signal: this.#parts.stopped(),
              }),
          );
          const stored = (await this.#parts.store.triggers.addEvents(current.id, result.events)) ?? [];
          // A good poll clears a poll's error, never the failure of the push side (`failed`), which
          // stays shown until a renewal succeeds.
          await this.#parts.store.triggers.updateSubscription(
            current.id,
            current.status === 'failed'
              ? { cursor: result.cursor }
              : { cursor: result.cursor, status: 'active', error: undefined },
          );
          this.#parts.announce(stored);
        },
        { waitMs: 1000, ttlMs: 120_000 },
      );
    } catch (error) {
      if (ConnectorError.isInstance(error) && error.kind !== 'timeout') {
        await this.#parts.store.triggers.updateSubscription(record.id, { error: { ...error.toJSON() } });
      }
    } finally {
      this.#polling.delete(record.id);
    }
    if (this.#pollAgain.delete(record.id) && !this.#parts.stopped().aborted) await this.pollNow(record.id);
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
    const subscriptions = await this.#parts.store.triggers.listSubscriptions();
    for (const listed of subscriptions) {
      const entry = this.#parts.triggers().find((item) => item.id === listed.trigger);
      if (!entry?.trigger.renew && !entry?.trigger.subscribe) continue;
      const { trigger, connectorId } = entry;
      const target = await this.#targetHookUrl(entry, listed);
      if (!renewIsDue(listed) && !movesTo(listed, target)) continue;
      await this.#parts.store.locks
        .withLock(`trigger-renew:${listed.id}`, async () => {
          // Another instance may have renewed it since the listing: renewing the old state again
          // would open a second channel that nothing ever stops.
          const record = await this.#parts.store.triggers.getSubscription(listed.id);
          if (!record) return;
          const moving = movesTo(record, target);
          if (!renewIsDue(record) && !moving) return;
          const hookUrl =
            target ??
            this.#parts.hooks.url(
              await this.#parts.hooks.base(
                await this.#parts.connections.resolve(connectorId, record.connection),
              ),
              record.id,
            );
          const input = trigger.parse(record.input);
          const resubscribe = trigger.subscribe && (record.status === 'failed' || moving || !trigger.renew);
          const renewed = await this.#parts.connections.withClient(
            connectorId,
            record.connection,
            (client) =>
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
          await this.#parts.store.triggers.updateSubscription(record.id, {
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
          const now = await this.#parts.store.triggers.getSubscription(listed.id);
          // The same failure again is not written: each write moves `updatedAt`, which the poll's
          // schedule reads, so a renewal failing every minute would hold back a poll every minute.
          if (!now || (now.status === 'failed' && isDeepStrictEqual(now.error, failure))) return;
          await this.#parts.store.triggers.updateSubscription(listed.id, {
            status: 'failed',
            error: failure,
          });
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
    const connection = await this.#parts.connections
      .resolve(entry.connectorId, record.connection)
      .catch(() => undefined);
    if (!connection) return undefined;
    const base =
      connection.sandbox && !this.#parts.hooks.publicUrl
        ? await this.#parts.store.settings.getSetting(LOCAL_URL_SETTING).catch(() => undefined)
        : await this.#parts.hooks.base(connection).catch(() => undefined);
    return base ? this.#parts.hooks.url(base, record.id) : undefined;
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
