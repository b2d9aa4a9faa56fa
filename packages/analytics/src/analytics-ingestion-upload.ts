import { randomUUID } from 'node:crypto';
import {
  type ConnectorError,
  NetworkError,
  ProviderError,
  RateLimitError,
  sleep,
  TimeoutError,
} from '@c/core';
import { type AnalyticsContext, namedThrottleError } from './analytics-client.js';
import { Parking } from './analytics-ingestion-parking.js';
import {
  batches,
  eventProblem,
  type IngestionTimers,
  type Item,
  keyedInsertId,
  keysOf,
  laneOf,
  record,
  refusedEvents,
  type SendEventStreamOptions,
} from './analytics-ingestion-parts.js';
import type { SendEventsResult } from './analytics-schemas.js';

/** The settings of one upload, resolved from `SendEventStreamOptions` and Amplitude's limits. */
export interface UploadSettings {
  maxEvents: number;
  maxBytes: number;
  laneCount: number;
  pauseMs: number;
  maxPauses: number;
  apiKey: string;
  /** The retry policy of each request. */
  retry: NonNullable<SendEventStreamOptions['retry']>;
}

interface Lane {
  items: Item[];
  bytes: number;
  sending: Promise<void>;
}

const REAL_TIMERS: IngestionTimers = { now: Date.now, sleep };

/**
 * One call of `ingestEvents`: reads events into lanes, delivers batches, pauses throttled devices
 * and users in a parking drained in input order, and accounts for every event. Each step is a method.
 */
export class Upload {
  readonly result: SendEventsResult = { ingested: 0, rejected: [], batches: 0 };
  #read = 0;
  #stopped: string | undefined;
  #fatal: unknown;
  readonly #parking = new Parking();
  #draining: Promise<void> | undefined;
  readonly #lanes: Lane[];
  readonly #head: string;
  readonly #envelope: number;
  readonly #timers: IngestionTimers;

  constructor(
    readonly ctx: AnalyticsContext,
    readonly settings: UploadSettings,
    readonly options: SendEventStreamOptions,
  ) {
    this.#head = `{"api_key":${JSON.stringify(settings.apiKey)},"events":[`;
    this.#envelope = Buffer.byteLength(this.#head) + 2;
    this.#timers = options.timers ?? REAL_TIMERS;
    this.#lanes = Array.from({ length: settings.laneCount }, () => ({
      items: [],
      bytes: this.#envelope,
      sending: Promise.resolve(),
    }));
  }

  /** Reads every event, sends them, waits for the parking to empty; throws what cannot be recovered. */
  async run(events: Iterable<unknown> | AsyncIterable<unknown>): Promise<SendEventsResult> {
    try {
      for await (const event of events as AsyncIterable<unknown>) {
        this.#check();
        await this.#readEvent(event);
      }
      await this.#finish();
    } finally {
      // Settle every lane and the parking before returning or rethrowing, so no request outlives the call.
      await Promise.allSettled([...this.#lanes.map((lane) => lane.sending), this.#draining]);
    }
    this.result.rejected.sort((a, b) => a.index - b.index);
    return this.result;
  }

  /** Takes one event: reported at once when it cannot be sent, else queued in its device's lane. */
  async #readEvent(event: unknown): Promise<void> {
    const index = this.#read;
    this.#read += 1;
    if (this.#stopped) {
      this.result.rejected.push({ index, reason: this.#stopped });
      return;
    }
    const problem = eventProblem(event);
    if (problem) {
      this.result.rejected.push({ index, reason: problem.reason });
      return;
    }
    const source = event as Record<string, unknown>;
    const { idempotencyKey } = this.options;
    const withId =
      typeof source.insert_id === 'string' && source.insert_id
        ? source
        : {
            ...source,
            insert_id: idempotencyKey === undefined ? randomUUID() : keyedInsertId(idempotencyKey, index),
          };
    const json = JSON.stringify(withId);
    const bytes = Buffer.byteLength(json);
    const { maxBytes, maxEvents, laneCount } = this.settings;
    if (this.#envelope + bytes > maxBytes) {
      this.result.rejected.push({
        index,
        reason: `event is ${bytes} bytes of JSON, more than Amplitude accepts in one request`,
      });
      return;
    }
    const device = typeof source.device_id === 'string' && source.device_id ? source.device_id : undefined;
    const user = typeof source.user_id === 'string' && source.user_id ? source.user_id : undefined;
    const lane = this.#lanes[laneOf(device ?? user ?? '', laneCount)]!;
    if (lane.items.length >= maxEvents || lane.bytes + bytes + 1 > maxBytes) await this.#flush(lane);
    lane.items.push({ index, json, bytes, device, user, pauses: 0, held: false });
    lane.bytes += bytes + (lane.items.length > 1 ? 1 : 0);
    // Held events wait in memory: past a few batches of them, reading waits for the pauses to end.
    if (this.#parking.size >= maxEvents * laneCount && this.#draining) await this.#draining;
  }

  /**
   * What the lanes still hold goes out together once nothing is in flight: lanes hold disjoint
   * devices, so one request keeps each device's order, and a small call costs one request. Then the
   * parking is drained.
   */
  async #finish(): Promise<void> {
    await Promise.all(this.#lanes.map((lane) => lane.sending));
    this.#check();
    const rest = this.#lanes.flatMap((lane) => lane.items).sort((a, b) => a.index - b.index);
    for (const batch of this.#batches(rest)) await this.#deliver(batch);
    while ((this.#parking.size > 0 || this.#draining) && this.#fatal === undefined) {
      this.#startDraining();
      await this.#draining;
    }
    this.#check();
  }

  #check(): void {
    if (this.#fatal !== undefined) throw this.#fatal;
  }

  #batches(items: Item[]): Item[][] {
    return batches(items, this.settings.maxEvents, this.settings.maxBytes, this.#envelope);
  }

  #progress(): void {
    this.options.onProgress?.({
      message: 'events sent',
      current: this.result.ingested + this.result.rejected.length,
    });
  }

  async #flush(lane: Lane): Promise<void> {
    if (lane.items.length === 0) return;
    const batch = lane.items;
    lane.items = [];
    lane.bytes = this.#envelope;
    // One request in flight per lane keeps that lane's events in order and bounds memory.
    await lane.sending;
    lane.sending = this.#deliver(batch);
  }

  #reject(item: Item, reason: string): void {
    this.#letGo(item);
    this.result.rejected.push({ index: item.index, reason });
  }

  #letGo(item: Item): void {
    this.#parking.letGo(item);
  }

  #park(item: Item): void {
    this.#parking.hold(item);
    this.#startDraining();
  }

  async #post(items: Item[]): Promise<void> {
    let body = this.#head;
    for (let i = 0; i < items.length; i += 1) body += i === 0 ? items[i]!.json : `,${items[i]!.json}`;
    body += ']}';
    await this.ctx.http.request({
      method: 'POST',
      api: 'ingestion',
      path: '/2/httpapi',
      body,
      contentType: 'application/json',
      auth: false,
      idempotent: true,
      retry: this.settings.retry,
      parseError: namedThrottleError,
      signal: this.options.signal,
    });
  }

  /**
   * Pauses the throttled events of a refused request (entries: each event and its position in the
   * request) and returns the others, to send at once. Events that share a device or user with a
   * paused one, and come after it, wait with it, so that device's or user's order holds.
   */
  #throttle(error: ConnectorError, entries: [Item, number][]): Item[] {
    const details = record(error.details);
    const quotaUsers = new Set(Object.keys(record(details.exceeded_daily_quota_users)));
    const quotaDevices = new Set(Object.keys(record(details.exceeded_daily_quota_devices)));
    const users = new Set(Object.keys(record(details.throttled_users)));
    const devices = new Set(Object.keys(record(details.throttled_devices)));
    const positions = new Set(Array.isArray(details.throttled_events) ? details.throttled_events : []);
    const overQuota = (item: Item) =>
      (item.user !== undefined && quotaUsers.has(item.user)) ||
      (item.device !== undefined && quotaDevices.has(item.device));
    const named = (item: Item, position: number) =>
      positions.has(position) ||
      (item.user !== undefined && users.has(item.user)) ||
      (item.device !== undefined && devices.has(item.device));
    // A 429 that names no event of this request (or nobody) throttles the request as a whole;
    // sending it again at once could only meet the same answer.
    const whole = !entries.some(([item, position]) => overQuota(item) || named(item, position));
    const hinted = RateLimitError.isInstance(error) ? error.retryAfterMs : Number(details.retryAfterMs);
    const until = this.#timers.now() + Math.max(this.settings.pauseMs, hinted || 0);
    const waiting = new Set<string>();
    const rest: Item[] = [];
    for (const [item, position] of entries) {
      if (overQuota(item)) {
        const who = item.user !== undefined && quotaUsers.has(item.user) ? 'user' : 'device';
        this.#reject(item, `Amplitude refused it: the ${who} is over its daily event quota (429)`);
        continue;
      }
      const throttled = whole || named(item, position);
      if (!throttled && !keysOf(item).some((key) => waiting.has(key))) {
        rest.push(item);
        continue;
      }
      for (const key of keysOf(item)) waiting.add(key);
      if (!throttled) {
        this.#park(item);
        continue;
      }
      const keys = [
        ...(item.device !== undefined && devices.has(item.device) ? [`device ${item.device}`] : []),
        ...(item.user !== undefined && users.has(item.user) ? [`user ${item.user}`] : []),
      ];
      this.#pause(item, keys.length > 0 ? keys : keysOf(item), until);
    }
    return rest;
  }

  /** Pauses a throttled event's keys until `until` and parks it, or reports it past its last pause. */
  #pause(item: Item, paused: string[], until: number): void {
    const { maxPauses, pauseMs } = this.settings;
    this.#parking.pause(paused, until);
    item.pauses += 1;
    if (item.pauses > maxPauses) {
      this.#reject(
        item,
        `Amplitude kept throttling ${paused.join(' and ')} (over its events-per-second limit) through ${maxPauses} pauses of ${pauseMs / 1000} s (429)`,
      );
    } else this.#park(item);
  }

  /** What to do after a failed request: the events to send again now (the rest were reported or parked). */
  #recover(error: ConnectorError, items: Item[]): { retry: Item[][]; stop?: string } {
    const status = error?.status;
    if (ProviderError.isInstance(error) && status === 413) {
      if (items.length === 1) {
        this.#reject(items[0]!, 'Amplitude refused the event as too large (413 Payload too large)');
        return { retry: [] };
      }
      const half = Math.ceil(items.length / 2);
      return { retry: [items.slice(0, half), items.slice(half)] };
    }
    if (ProviderError.isInstance(error) && status === 400) return this.#recoverRefused(error, items);
    // A 429 naming devices or users arrives as a final ProviderError (see namedThrottleError); one
    // that names nobody is a RateLimitError that core already retried with backoff: below, it ends
    // the upload like any other failure that retrying did not cure.
    if (status === 429 && !RateLimitError.isInstance(error)) {
      const rest = this.#throttle(
        error,
        items.map((item, position) => [item, position]),
      );
      return { retry: rest.length > 0 ? [rest] : [] };
    }
    const transient =
      RateLimitError.isInstance(error) ||
      NetworkError.isInstance(error) ||
      TimeoutError.isInstance(error) ||
      (ProviderError.isInstance(error) && status !== undefined && status >= 500);
    if (transient) return { retry: [], stop: error.message };
    throw error;
  }

  /** A 400 that names events: those are reported, the others sent again (throttled ones wait). */
  #recoverRefused(error: ConnectorError, items: Item[]): { retry: Item[][] } {
    const details = record(error.details);
    const reasons = refusedEvents(details);
    const throttled = Array.isArray(details.throttled_events) && details.throttled_events.length > 0;
    const remaining: [Item, number][] = [];
    items.forEach((item, position) => {
      const reason = reasons.get(position);
      if (reason) this.#reject(item, reason);
      else remaining.push([item, position]);
    });
    // A 400 that names none of these events cannot be cured by sending them again.
    if (remaining.length === items.length && !throttled) throw error;
    // A silenced-devices 400 may also name throttled events: those wait, the others go again.
    const rest = throttled ? this.#throttle(error, remaining) : remaining.map(([item]) => item);
    return { retry: rest.length > 0 ? [rest] : [] };
  }

  async #deliver(batch: Item[]): Promise<void> {
    const queue: Item[][] = [batch];
    while (queue.length > 0) {
      const taken = queue.shift()!;
      if (this.#stopped) {
        for (const item of taken) this.#reject(item, this.#stopped);
        continue;
      }
      const now = this.#timers.now();
      const items: Item[] = [];
      for (const item of taken) {
        // Events of a paused device or user wait behind its held events, keeping its order.
        if (!item.held && this.#parking.mustWait(item, now)) this.#park(item);
        else items.push(item);
      }
      if (items.length === 0) continue;
      try {
        await this.#post(items);
        for (const item of items) this.#letGo(item);
        this.result.ingested += items.length;
        this.result.batches += 1;
      } catch (error) {
        let next: { retry: Item[][]; stop?: string };
        try {
          next = this.#recover(error as ConnectorError, items);
        } catch (unrecoverable) {
          this.#fatal ??= unrecoverable;
          this.#stopped = 'not sent: the upload was abandoned';
          return;
        }
        if (next.stop) {
          this.#stopped = `not sent: an earlier request failed (${next.stop})`;
          for (const item of items) this.#reject(item, `not confirmed: ${next.stop}`);
        }
        queue.unshift(...next.retry);
      }
      this.#progress();
    }
  }

  /** Sends held events once their devices' and users' pauses are over, in input order. */
  async #drain(): Promise<void> {
    while (this.#parking.size > 0 && this.#fatal === undefined) {
      if (this.#stopped) {
        for (const item of this.#parking.takeAll()) this.#reject(item, this.#stopped);
        return;
      }
      const now = this.#timers.now();
      const { ready, wake } = this.#parking.takeReady(now);
      if (ready.length === 0) {
        await this.#timers.sleep(wake - now, this.options.signal);
        continue;
      }
      for (const batch of this.#batches(ready)) await this.#deliver(batch);
    }
  }

  #startDraining(): void {
    this.#draining ??= this.#drain()
      .catch((error: unknown) => {
        this.#fatal ??= error;
      })
      .finally(() => {
        this.#draining = undefined;
        if (this.#parking.size > 0 && this.#fatal === undefined) this.#startDraining();
      });
  }
}
