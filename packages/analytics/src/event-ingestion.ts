import { randomUUID } from 'node:crypto';
import {
  type ConnectorError,
  NetworkError,
  type Progress,
  ProviderError,
  RateLimitError,
  type RetryPolicy,
  registerSecret,
  TimeoutError,
} from '@c/core';
import type { AnalyticsContext } from './amplitude-client.js';

/** Amplitude's HTTP V2 limits per request: events, and bytes of JSON body (documented as "under 1 MB"). */
export const INGESTION_LIMITS = { maxEventsPerBatch: 2000, maxBatchBytes: 1_000_000 } as const;

/** Requests in flight at once: one per lane, each lane keeping its devices' events in order. */
const DEFAULT_LANES = 4;

/**
 * Retries of one ingestion request: throttling (429) and 5xx are retried with full-jitter backoff up
 * to Amplitude's advice of backing a throttled device off for about 30 s. Every event carries an
 * `insert_id`, so a repeated request is deduplicated by Amplitude rather than counted twice.
 */
const INGESTION_RETRY = { maxRetries: 5, baseDelayMs: 1000, maxDelayMs: 30_000, maxTotalWaitMs: 120_000 };

/** The outcome of Send Events: every event given is either ingested or rejected with a reason. */
export interface SendEventsResult {
  /** Events Amplitude accepted. */
  ingested: number;
  /** Events not ingested: their position in the input and why. */
  rejected: { index: number; reason: string }[];
  /** Requests that delivered events (a split or a re-send after a partial refusal counts again). */
  batches: number;
}

/** Options of `ingestEvents`. */
export interface SendEventStreamOptions {
  /** The project API key to send in the body; the connection's by default. */
  apiKey?: string | undefined;
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
}

interface Item {
  index: number;
  json: string;
  bytes: number;
  device: string | undefined;
  user: string | undefined;
}

interface Lane {
  items: Item[];
  bytes: number;
  sending: Promise<void>;
}

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
 * Sends events to Amplitude's HTTP V2 API (`POST /2/httpapi`) without losing or duplicating any:
 *
 * - batches within Amplitude's limits (events and bytes per request); a 413 splits the batch;
 * - sets an `insert_id` on every event that has none, so that a repeated request is deduplicated;
 * - retries 429 and 5xx with backoff;
 * - on a 400 that names events (invalid or missing fields, short ids, silenced devices), reports
 *   those and sends the others again; events of devices over their daily quota are reported too;
 * - consumes `events` lazily (an array, any iterable or async iterable), holding a few batches only.
 *
 * Every event is accounted for: `ingested + rejected.length` equals the number of events read.
 * Invalid events (see `eventProblem`) are reported as rejected without being sent. When a request
 * still fails after its retries, its events and all events not yet sent are reported as rejected
 * with the reason. A refused key (`AuthError`) or a refused request shape throws.
 */
export async function ingestEvents(
  ctx: AnalyticsContext,
  events: Iterable<unknown> | AsyncIterable<unknown>,
  options: SendEventStreamOptions = {},
): Promise<SendEventsResult> {
  const maxEvents = Math.min(options.maxEventsPerBatch ?? INGESTION_LIMITS.maxEventsPerBatch, 2000);
  const maxBytes = options.maxBatchBytes ?? INGESTION_LIMITS.maxBatchBytes;
  const laneCount = Math.max(1, options.lanes ?? DEFAULT_LANES);
  const release = registerSecret(options.apiKey);
  const apiKey = options.apiKey ?? ctx.apiKey.reveal();
  const head = `{"api_key":${JSON.stringify(apiKey)},"events":[`;
  const envelope = Buffer.byteLength(head) + 2;
  const result: SendEventsResult = { ingested: 0, rejected: [], batches: 0 };
  let read = 0;
  let stopped: string | undefined;
  let fatal: unknown;
  const reject = (index: number, reason: string) => {
    result.rejected.push({ index, reason });
  };
  const progress = () =>
    options.onProgress?.({ message: 'events sent', current: result.ingested + result.rejected.length });

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
      signal: options.signal,
    });
  };

  const deliver = async (batch: Item[]): Promise<void> => {
    const queue: Item[][] = [batch];
    while (queue.length > 0) {
      const items = queue.shift()!;
      if (stopped) {
        for (const item of items) reject(item.index, stopped);
        continue;
      }
      try {
        await post(items);
        result.ingested += items.length;
        result.batches += 1;
      } catch (error) {
        let next: ReturnType<typeof handleFailure>;
        try {
          next = handleFailure(error as ConnectorError, items, reject);
        } catch (unrecoverable) {
          fatal ??= unrecoverable;
          stopped = 'not sent: the upload was abandoned';
          return;
        }
        if (next.stop) {
          stopped = `not sent: an earlier request failed (${next.stop})`;
          for (const item of items) reject(item.index, `not confirmed: ${next.stop}`);
        }
        queue.unshift(...next.retry);
      }
      progress();
    }
  };

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
        reject(index, stopped);
        continue;
      }
      const problem = eventProblem(event);
      if (problem) {
        reject(index, problem.reason);
        continue;
      }
      const record = event as Record<string, unknown>;
      const withId =
        typeof record.insert_id === 'string' && record.insert_id
          ? record
          : { ...record, insert_id: randomUUID() };
      const json = JSON.stringify(withId);
      const bytes = Buffer.byteLength(json);
      if (envelope + bytes > maxBytes) {
        reject(index, `event is ${bytes} bytes of JSON, more than Amplitude accepts in one request`);
        continue;
      }
      const device = typeof record.device_id === 'string' && record.device_id ? record.device_id : undefined;
      const user = typeof record.user_id === 'string' && record.user_id ? record.user_id : undefined;
      const lane = lanes[laneOf(device ?? user ?? '', laneCount)]!;
      if (lane.items.length >= maxEvents || lane.bytes + bytes + 1 > maxBytes) await flush(lane);
      lane.items.push({ index, json, bytes, device, user });
      lane.bytes += bytes + (lane.items.length > 1 ? 1 : 0);
    }
    // What the lanes still hold goes out together once nothing is in flight: lanes hold disjoint
    // devices, so one request keeps each device's order, and a small call costs one request.
    await Promise.all(lanes.map((lane) => lane.sending));
    check();
    const rest = lanes.flatMap((lane) => lane.items).sort((a, b) => a.index - b.index);
    let batch: Item[] = [];
    let bytes = envelope;
    for (const item of rest) {
      if (batch.length >= maxEvents || bytes + item.bytes + 1 > maxBytes) {
        await deliver(batch);
        batch = [];
        bytes = envelope;
      }
      batch.push(item);
      bytes += item.bytes + (batch.length > 1 ? 1 : 0);
    }
    if (batch.length > 0) await deliver(batch);
    check();
  } finally {
    // Settle every lane before returning or rethrowing, so no request outlives the call.
    await Promise.allSettled(lanes.map((lane) => lane.sending));
    release();
  }
  result.rejected.sort((a, b) => a.index - b.index);
  return result;
}

/** What to do after a failed request: items to send again, or stop everything. */
function handleFailure(
  error: ConnectorError,
  items: Item[],
  reject: (index: number, reason: string) => void,
): { retry: Item[][]; stop?: string } {
  const status = error?.status;
  const details = (error?.details ?? {}) as Record<string, unknown>;
  if (ProviderError.isInstance(error) && status === 413) {
    if (items.length === 1) {
      reject(items[0]!.index, 'Amplitude refused the event as too large (413 Payload too large)');
      return { retry: [] };
    }
    const half = Math.ceil(items.length / 2);
    return { retry: [items.slice(0, half), items.slice(half)] };
  }
  if (ProviderError.isInstance(error) && status === 400) {
    const reasons = refusedEvents(details);
    if (reasons.size === 0) throw error;
    const rest: Item[] = [];
    items.forEach((item, position) => {
      const reason = reasons.get(position);
      if (reason) reject(item.index, reason);
      else rest.push(item);
    });
    return { retry: rest.length > 0 ? [rest] : [] };
  }
  if (status === 429) {
    const users = new Set(Object.keys(record(details.exceeded_daily_quota_users)));
    const devices = new Set(Object.keys(record(details.exceeded_daily_quota_devices)));
    if (users.size + devices.size > 0) {
      const rest: Item[] = [];
      for (const item of items) {
        if ((item.user && users.has(item.user)) || (item.device && devices.has(item.device))) {
          reject(
            item.index,
            `Amplitude refused it: the ${item.user && users.has(item.user) ? 'user' : 'device'} is over its daily event quota (429)`,
          );
        } else {
          rest.push(item);
        }
      }
      return { retry: rest.length > 0 ? [rest] : [] };
    }
    return { retry: [], stop: error.message };
  }
  const transient =
    RateLimitError.isInstance(error) ||
    NetworkError.isInstance(error) ||
    TimeoutError.isInstance(error) ||
    (ProviderError.isInstance(error) && status !== undefined && status >= 500);
  if (transient) return { retry: [], stop: error.message };
  throw error;
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
