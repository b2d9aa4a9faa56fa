import { createHash, randomUUID } from 'node:crypto';
import {
  type ConnectorError,
  NetworkError,
  type Progress,
  ProviderError,
  RateLimitError,
  type RetryPolicy,
  registerSecret,
  sleep,
  TimeoutError,
} from '@c/core';
import { type AnalyticsContext, namedThrottleError } from './analytics-client.js';
import type { SendEventsResult } from './analytics-schemas.js';

/** Amplitude's HTTP V2 limits per request: events, and bytes of JSON body (documented as "under 1 MB"). */
export const ANALYTICS_INGESTION_LIMITS = { maxEventsPerBatch: 2000, maxBatchBytes: 1_000_000 } as const;

/** How long a throttled device or user is paused: Amplitude asks senders to wait 30 s. */
export const THROTTLE_PAUSE_MS = 30_000;

/** Pauses one event may wait through before it is reported as rejected (10 × 30 s = 5 minutes). */
const MAX_THROTTLE_PAUSES = 10;

/** Requests in flight at once: one per lane, each lane keeping its devices' events in order. */
const DEFAULT_LANES = 4;

/**
 * Retries of one ingestion request by core: 5xx, and a 429 that names no device or user, with
 * full-jitter backoff. Every event carries an `insert_id`, so a repeated request is deduplicated by
 * Amplitude rather than counted twice. (A 429 that names devices or users is not retried whole:
 * only their events are paused.)
 */
const INGESTION_RETRY = { maxRetries: 5, baseDelayMs: 1000, maxDelayMs: 30_000, maxTotalWaitMs: 120_000 };

/** The clock and the wait behind throttling pauses; tests pass a fake clock so that nothing waits. */
export interface IngestionTimers {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Options of `ingestEvents`. */
export interface SendEventStreamOptions {
  /** The project API key to send in the body; the connection's by default. */
  apiKey?: string | undefined;
  /**
   * The caller's idempotency key. Each event without an `insert_id` then gets one derived from the
   * key and the event's position, so sending the same events again with the same key (after a
   * crash, a lost answer, a retry by an agent) ingests none of them twice: Amplitude drops an
   * `insert_id` it has seen from the same device within 7 days. Without a key the ids are random,
   * which dedupes only the retries within this call.
   */
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: Progress) => void) | undefined;
  /** Most events per request (Amplitude: 2000). */
  maxEventsPerBatch?: number;
  /** Most bytes per request body (Amplitude: under 1 MB). */
  maxBatchBytes?: number;
  /**
   * Requests in flight at once. Events are spread over this many lanes by device (or user), and each
   * lane sends in order, so one device's events reach Amplitude in the order given. Default 4.
   */
  lanes?: number;
  /** Retry policy of each request (default: 5 retries, 1 s doubling up to 30 s, 2 min of waiting in all). */
  retry?: Partial<RetryPolicy>;
  /** How long a throttled device or user is paused before its events are sent again (default 30 s). */
  throttlePauseMs?: number;
  /** Pauses one event may wait through before it is reported as rejected (default 10). */
  maxThrottlePauses?: number;
  /** Clock and sleep of the pauses (default: the real ones). */
  timers?: IngestionTimers;
}

interface Item {
  index: number;
  json: string;
  bytes: number;
  device: string | undefined;
  user: string | undefined;
  /** Throttling pauses this event has waited through. */
  pauses: number;
  /** Whether it is held back for a throttled device or user (parked, or sent from the parking). */
  held: boolean;
}

interface Lane {
  items: Item[];
  bytes: number;
  sending: Promise<void>;
}

const REAL_TIMERS: IngestionTimers = { now: Date.now, sleep };

/** The throttling keys of an event: its device and its user. */
const keysOf = (item: Item) => [
  ...(item.device ? [`device ${item.device}`] : []),
  ...(item.user ? [`user ${item.user}`] : []),
];

/**
 * Why an event cannot be sent as it is, or undefined when it can: Amplitude needs `event_type` and
 * a `user_id` or `device_id`, all strings.
 */
export function eventProblem(event: unknown): { field: string; reason: string } | undefined {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    return { field: '', reason: 'must be an event object' };
  }
  const record = event as Record<string, unknown>;
  if (typeof record.event_type !== 'string' || record.event_type.trim() === '') {
    return { field: 'event_type', reason: 'event_type is required (a non-empty string)' };
  }
  for (const field of ['user_id', 'device_id'] as const) {
    if (record[field] !== undefined && record[field] !== null && typeof record[field] !== 'string') {
      return { field, reason: `${field} must be a string` };
    }
  }
  const hasId = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (!hasId(record.user_id) && !hasId(record.device_id)) {
    return { field: 'user_id', reason: 'user_id or device_id is required' };
  }
  return undefined;
}

/**
 * Sends events to Amplitude's HTTP V2 API (`POST /2/httpapi`) without losing or duplicating any,
 * and without rejecting any event for another event's fault:
 *
 * - batches within Amplitude's limits (events and bytes per request); a 413 splits the batch;
 * - sets an `insert_id` on every event that has none, so that a repeated request is deduplicated;
 * - on a 429 that names throttled devices or users, pauses only their events (30 s, as Amplitude
 *   asks; later events of the same device or user wait behind them, in order) and sends the other
 *   events of the request at once; events of devices or users over their daily quota are reported;
 * - on a 400 that names events (Amplitude names the first bad event per field; also short ids and
 *   silenced devices), reports those and sends the others again, until none is named;
 * - retries 5xx and a 429 that names nobody with backoff (the whole request);
 * - consumes `events` lazily (an array, any iterable or async iterable), holding a few batches only.
 *
 * Every event is accounted for: `ingested + rejected.length` equals the number of events read.
 * Invalid events (see `eventProblem`) are reported as rejected without being sent. An event still
 * throttled after `maxThrottlePauses` pauses is reported as rejected. When a request still fails
 * after its retries (5xx, network, a 429 naming nobody), its events and all events not yet sent are
 * reported as rejected with the reason. A refused key (`AuthError`) or a refused request shape throws.
 */
export async function ingestEvents(
  ctx: AnalyticsContext,
  events: Iterable<unknown> | AsyncIterable<unknown>,
  options: SendEventStreamOptions = {},
): Promise<SendEventsResult> {
  const maxEvents = Math.min(options.maxEventsPerBatch ?? ANALYTICS_INGESTION_LIMITS.maxEventsPerBatch, 2000);
  const maxBytes = options.maxBatchBytes ?? ANALYTICS_INGESTION_LIMITS.maxBatchBytes;
  const { idempotencyKey } = options;
  const laneCount = Math.max(1, options.lanes ?? DEFAULT_LANES);
  const pauseMs = options.throttlePauseMs ?? THROTTLE_PAUSE_MS;
  const maxPauses = options.maxThrottlePauses ?? MAX_THROTTLE_PAUSES;
  const timers = options.timers ?? REAL_TIMERS;
  const release = registerSecret(options.apiKey);
  const apiKey = options.apiKey ?? ctx.apiKey.reveal();
  const head = `{"api_key":${JSON.stringify(apiKey)},"events":[`;
  const envelope = Buffer.byteLength(head) + 2;
  const result: SendEventsResult = { ingested: 0, rejected: [], batches: 0 };
  let read = 0;
  let stopped: string | undefined;
  let fatal: unknown;
  const progress = () =>
    options.onProgress?.({ message: 'events sent', current: result.ingested + result.rejected.length });

  // Throttling: paused keys (device or user) until a time; events held back, in input order; and per
  // key, how many of its events are held, so that its later events queue behind them.
  const pausedUntil = new Map<string, number>();
  const heldPerKey = new Map<string, number>();
  let parking: Item[] = [];
  let draining: Promise<void> | undefined;

  const letGo = (item: Item) => {
    if (!item.held) return;
    item.held = false;
    for (const key of keysOf(item)) {
      const left = (heldPerKey.get(key) ?? 1) - 1;
      if (left > 0) heldPerKey.set(key, left);
      else heldPerKey.delete(key);
    }
  };
  const reject = (item: Item, reason: string) => {
    letGo(item);
    result.rejected.push({ index: item.index, reason });
  };
  const park = (item: Item) => {
    if (!item.held) {
      item.held = true;
      for (const key of keysOf(item)) heldPerKey.set(key, (heldPerKey.get(key) ?? 0) + 1);
    }
    // Keep the parking in input order: a re-parked event goes back before later ones of its device.
    let at = parking.length;
    while (at > 0 && parking[at - 1]!.index > item.index) at -= 1;
    parking.splice(at, 0, item);
    startDraining();
  };
  const mustWait = (item: Item, now: number) =>
    keysOf(item).some((key) => heldPerKey.has(key) || (pausedUntil.get(key) ?? 0) > now);

  const post = async (items: Item[]): Promise<void> => {
    let body = head;
    for (let i = 0; i < items.length; i += 1) body += i === 0 ? items[i]!.json : `,${items[i]!.json}`;
    body += ']}';
    await ctx.http.request({
      method: 'POST',
      api: 'ingestion',
      path: '/2/httpapi',
      body,
      contentType: 'application/json',
      auth: false,
      idempotent: true,
      retry: { ...INGESTION_RETRY, ...ctx.retry, ...options.retry },
      parseError: namedThrottleError,
      signal: options.signal,
    });
  };

  /**
   * Pauses the throttled events of a refused request (entries: each event and its position in the
   * request) and returns the others, to send at once. Events that share a device or user with a
   * paused one, and come after it, wait with it, so that device's or user's order holds.
   */
  const throttle = (error: ConnectorError, entries: [Item, number][]): Item[] => {
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
    const until = timers.now() + Math.max(pauseMs, hinted || 0);
    const waiting = new Set<string>();
    const rest: Item[] = [];
    for (const [item, position] of entries) {
      if (overQuota(item)) {
        const who = item.user !== undefined && quotaUsers.has(item.user) ? 'user' : 'device';
        reject(item, `Amplitude refused it: the ${who} is over its daily event quota (429)`);
        continue;
      }
      const throttled = whole || named(item, position);
      if (!throttled && !keysOf(item).some((key) => waiting.has(key))) {
        rest.push(item);
        continue;
      }
      for (const key of keysOf(item)) waiting.add(key);
      if (!throttled) {
        park(item);
        continue;
      }
      const keys = [
        ...(item.device !== undefined && devices.has(item.device) ? [`device ${item.device}`] : []),
        ...(item.user !== undefined && users.has(item.user) ? [`user ${item.user}`] : []),
      ];
      const paused = keys.length > 0 ? keys : keysOf(item);
      for (const key of paused) pausedUntil.set(key, Math.max(pausedUntil.get(key) ?? 0, until));
      item.pauses += 1;
      if (item.pauses > maxPauses) {
        reject(
          item,
          `Amplitude kept throttling ${paused.join(' and ')} (over its events-per-second limit) through ${maxPauses} pauses of ${pauseMs / 1000} s (429)`,
        );
      } else park(item);
    }
    return rest;
  };

  /** What to do after a failed request: the events to send again now (the rest were reported or parked). */
  const recover = (error: ConnectorError, items: Item[]): { retry: Item[][]; stop?: string } => {
    const status = error?.status;
    const details = record(error?.details);
    if (ProviderError.isInstance(error) && status === 413) {
      if (items.length === 1) {
        reject(items[0]!, 'Amplitude refused the event as too large (413 Payload too large)');
        return { retry: [] };
      }
      const half = Math.ceil(items.length / 2);
      return { retry: [items.slice(0, half), items.slice(half)] };
    }
    if (ProviderError.isInstance(error) && status === 400) {
      const reasons = refusedEvents(details);
      const throttled = Array.isArray(details.throttled_events) && details.throttled_events.length > 0;
      const remaining: [Item, number][] = [];
      items.forEach((item, position) => {
        const reason = reasons.get(position);
        if (reason) reject(item, reason);
        else remaining.push([item, position]);
      });
      // A 400 that names none of these events cannot be cured by sending them again.
      if (remaining.length === items.length && !throttled) throw error;
      // A silenced-devices 400 may also name throttled events: those wait, the others go again.
      const rest = throttled ? throttle(error, remaining) : remaining.map(([item]) => item);
      return { retry: rest.length > 0 ? [rest] : [] };
    }
    // A 429 naming devices or users arrives as a final ProviderError (see namedThrottleError); one
    // that names nobody is a RateLimitError that core already retried with backoff: below, it ends
    // the upload like any other failure that retrying did not cure.
    if (status === 429 && !RateLimitError.isInstance(error)) {
      const rest = throttle(
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
  };

  const deliver = async (batch: Item[]): Promise<void> => {
    const queue: Item[][] = [batch];
    while (queue.length > 0) {
      const taken = queue.shift()!;
      if (stopped) {
        for (const item of taken) reject(item, stopped);
        continue;
      }
      const now = timers.now();
      const items: Item[] = [];
      for (const item of taken) {
        // Events of a paused device or user wait behind its held events, keeping its order.
        if (!item.held && mustWait(item, now)) park(item);
        else items.push(item);
      }
      if (items.length === 0) continue;
      try {
        await post(items);
        for (const item of items) letGo(item);
        result.ingested += items.length;
        result.batches += 1;
      } catch (error) {
        let next: ReturnType<typeof recover>;
        try {
          next = recover(error as ConnectorError, items);
        } catch (unrecoverable) {
          fatal ??= unrecoverable;
          stopped = 'not sent: the upload was abandoned';
          return;
        }
        if (next.stop) {
          stopped = `not sent: an earlier request failed (${next.stop})`;
          for (const item of items) reject(item, `not confirmed: ${next.stop}`);
        }
        queue.unshift(...next.retry);
      }
      progress();
    }
  };

  /** Sends held events once their devices' and users' pauses are over, in input order. */
  const drain = async (): Promise<void> => {
    while (parking.length > 0 && fatal === undefined) {
      if (stopped) {
        for (const item of parking) reject(item, stopped);
        parking = [];
        return;
      }
      const now = timers.now();
      const ready: Item[] = [];
      const waiting: Item[] = [];
      const blocked = new Set<string>();
      let wake = Number.POSITIVE_INFINITY;
      for (const item of parking) {
        const keys = keysOf(item);
        const until = Math.max(0, ...keys.map((key) => pausedUntil.get(key) ?? 0));
        if (until > now || keys.some((key) => blocked.has(key))) {
          waiting.push(item);
          for (const key of keys) blocked.add(key);
          if (until > now) wake = Math.min(wake, until);
        } else ready.push(item);
      }
      if (ready.length === 0) {
        await timers.sleep(wake - now, options.signal);
        continue;
      }
      parking = waiting;
      for (const [key, until] of pausedUntil) if (until <= now) pausedUntil.delete(key);
      for (const batch of batches(ready, maxEvents, maxBytes, envelope)) await deliver(batch);
    }
  };
  function startDraining(): void {
    draining ??= drain()
      .catch((error: unknown) => {
        fatal ??= error;
      })
      .finally(() => {
        draining = undefined;
        if (parking.length > 0 && fatal === undefined) startDraining();
      });
  }

  const lanes: Lane[] = Array.from({ length: laneCount }, () => ({
    items: [],
    bytes: envelope,
    sending: Promise.resolve(),
  }));
  const flush = async (lane: Lane): Promise<void> => {
    if (lane.items.length === 0) return;
    const batch = lane.items;
    lane.items = [];
    lane.bytes = envelope;
    // One request in flight per lane keeps that lane's events in order and bounds memory.
    await lane.sending;
    lane.sending = deliver(batch);
  };
  const check = () => {
    if (fatal !== undefined) throw fatal;
  };

  try {
    for await (const event of events as AsyncIterable<unknown>) {
      check();
      const index = read;
      read += 1;
      if (stopped) {
        result.rejected.push({ index, reason: stopped });
        continue;
      }
      const problem = eventProblem(event);
      if (problem) {
        result.rejected.push({ index, reason: problem.reason });
        continue;
      }
      const source = event as Record<string, unknown>;
      const withId =
        typeof source.insert_id === 'string' && source.insert_id
          ? source
          : {
              ...source,
              insert_id: idempotencyKey === undefined ? randomUUID() : keyedInsertId(idempotencyKey, index),
            };
      const json = JSON.stringify(withId);
      const bytes = Buffer.byteLength(json);
      if (envelope + bytes > maxBytes) {
        result.rejected.push({
          index,
          reason: `event is ${bytes} bytes of JSON, more than Amplitude accepts in one request`,
        });
        continue;
      }
      const device = typeof source.device_id === 'string' && source.device_id ? source.device_id : undefined;
      const user = typeof source.user_id === 'string' && source.user_id ? source.user_id : undefined;
      const lane = lanes[laneOf(device ?? user ?? '', laneCount)]!;
      if (lane.items.length >= maxEvents || lane.bytes + bytes + 1 > maxBytes) await flush(lane);
      lane.items.push({ index, json, bytes, device, user, pauses: 0, held: false });
      lane.bytes += bytes + (lane.items.length > 1 ? 1 : 0);
      // Held events wait in memory: past a few batches of them, reading waits for the pauses to end.
      if (parking.length >= maxEvents * laneCount && draining) await draining;
    }
    // What the lanes still hold goes out together once nothing is in flight: lanes hold disjoint
    // devices, so one request keeps each device's order, and a small call costs one request.
    await Promise.all(lanes.map((lane) => lane.sending));
    check();
    const rest = lanes.flatMap((lane) => lane.items).sort((a, b) => a.index - b.index);
    for (const batch of batches(rest, maxEvents, maxBytes, envelope)) await deliver(batch);
    while ((parking.length > 0 || draining) && fatal === undefined) {
      startDraining();
      await draining;
    }
    check();
  } finally {
    // Settle every lane and the parking before returning or rethrowing, so no request outlives the call.
    await Promise.allSettled([...lanes.map((lane) => lane.sending), draining]);
    release();
  }
  result.rejected.sort((a, b) => a.index - b.index);
  return result;
}

/**
 * The `insert_id` of the event at `index` of a run keyed `key`: the same on every repeat of the run,
 * different for every other key or position. A hash, so the key itself never reaches Amplitude;
 * written as a UUID, the shape Amplitude recommends.
 */
function keyedInsertId(key: string, index: number): string {
  const hex = createHash('sha256').update(`${key}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Splits items into requests within the event and byte limits, keeping their order. */
function batches(items: Item[], maxEvents: number, maxBytes: number, envelope: number): Item[][] {
  const out: Item[][] = [];
  let batch: Item[] = [];
  let bytes = envelope;
  for (const item of items) {
    if (batch.length >= maxEvents || bytes + item.bytes + 1 > maxBytes) {
      out.push(batch);
      batch = [];
      bytes = envelope;
    }
    batch.push(item);
    bytes += item.bytes + (batch.length > 1 ? 1 : 0);
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** Event positions named by an ingestion 400, each with a reason built from the body's maps. */
function refusedEvents(details: Record<string, unknown>): Map<number, string> {
  const reasons = new Map<number, string>();
  const add = (indexes: unknown, reason: string) => {
    if (!Array.isArray(indexes)) return;
    for (const index of indexes) {
      if (typeof index === 'number' && !reasons.has(index)) reasons.set(index, reason);
    }
  };
  for (const [field, indexes] of Object.entries(record(details.events_with_invalid_fields))) {
    add(indexes, `Amplitude refused it: invalid value of ${field} (400)`);
  }
  for (const [field, indexes] of Object.entries(record(details.events_with_missing_fields))) {
    add(indexes, `Amplitude refused it: missing ${field} (400)`);
  }
  for (const [field, indexes] of Object.entries(record(details.events_with_invalid_id_lengths))) {
    add(indexes, `Amplitude refused it: ${field} is shorter than the minimum id length (400)`);
  }
  add(
    details.silenced_events,
    'Amplitude refused it: the device is silenced for sending too many events (400)',
  );
  return reasons;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** FNV-1a: a stable lane for each device or user, so its events stay in order. */
function laneOf(key: string, lanes: number): number {
  if (lanes === 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}
