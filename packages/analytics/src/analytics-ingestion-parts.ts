import { createHash } from 'node:crypto';
import type { Progress, RetryPolicy } from '@c/core';

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

/** One event read for sending: its JSON, its size, and what throttling keys it by. */
export interface Item {
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

/** The throttling keys of an event: its device and its user. */
export const keysOf = (item: Item): string[] => [
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
 * The `insert_id` of the event at `index` of a run keyed `key`: the same on every repeat of the run,
 * different for every other key or position. A hash, so the key itself never reaches Amplitude;
 * written as a UUID, the shape Amplitude recommends.
 */
export function keyedInsertId(key: string, index: number): string {
  const hex = createHash('sha256').update(`${key}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Splits items into requests within the event and byte limits, keeping their order. */
export function batches(items: Item[], maxEvents: number, maxBytes: number, envelope: number): Item[][] {
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
export function refusedEvents(details: Record<string, unknown>): Map<number, string> {
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

/** The value as a plain object, or an empty one. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** FNV-1a: a stable lane for each device or user, so its events stay in order. */
export function laneOf(key: string, lanes: number): number {
  if (lanes === 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}
