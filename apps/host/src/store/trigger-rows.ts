import { iso, type StoredTime } from './sealed-rows.js';
import type { SecretBox } from './secret-box.js';
import type { DeliveryRecord, StoredEvent, SubscriptionRecord, SubscriptionStatus } from './trigger-store.js';

// What both trigger stores do with their rows, once: the sealing context of each sealed column and
// how a row becomes a record. The stores differ only in how their database hands a row over
// (SQLite: numbers and text times; PostgreSQL: bigints as text and `Date`s).

/** The sealing context of each sealed column: a value cannot be moved to another row and opened. */
export const stateContext = (id: string) => `subscription:${id}`;
export const secretContext = (id: string) => `subscription-secret:${id}`;
export const eventContext = (subscription: string, eventId: string) => `event:${subscription}:${eventId}`;

/**
 * How long past its `until` a replay key is kept: instances of a fleet whose clocks differ by up to
 * this much, each accepting a delivery's signed timestamp by its own clock, still recognise a copy.
 */
export const REPLAY_CLOCK_MARGIN_MS = 5 * 60_000;

/** Until when (epoch ms) a replay key is kept: its `until` plus the clock margin, never in the past. */
export function replayExpiry(until: string, now: number): number {
  const end = Date.parse(until);
  return Math.max(now, Number.isFinite(end) ? end : now) + REPLAY_CLOCK_MARGIN_MS;
}

/** A subscription row as a store reads it. */
export interface SubscriptionRow {
  id: string;
  trigger: string;
  connection: string;
  input: string;
  state: string;
  deliver_to: string | null;
  deliver_secret: string | null;
  cursor: string | null;
  renew_at: string | null;
  hook_url: string | null;
  status: string;
  error: string | null;
  created_at: StoredTime;
  updated_at: StoredTime;
}

/** A trigger event row as a store reads it. */
export interface EventRow {
  seq: number | string;
  subscription_id: string;
  event_id: string;
  trigger: string;
  type: string;
  occurred_at: string;
  received_at: StoredTime;
  data: string;
}

/** A delivery row as a store reads it. */
export interface DeliveryRow {
  subscription_id: string;
  seq: number | string;
  event_id: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: number | string;
  created_at: StoredTime;
  delivered_at: StoredTime | null;
}

/** A subscription row as a record, its state and delivery secret opened. */
export function subscriptionRecord(box: SecretBox, row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    trigger: row.trigger,
    connection: row.connection,
    input: JSON.parse(row.input),
    state: JSON.parse(box.open(row.state, stateContext(row.id))),
    deliverTo: row.deliver_to ? JSON.parse(row.deliver_to) : undefined,
    deliverSecret: row.deliver_secret ? box.open(row.deliver_secret, secretContext(row.id)) : undefined,
    cursor: row.cursor ?? undefined,
    renewAt: row.renew_at ?? undefined,
    hookUrl: row.hook_url ?? undefined,
    status: row.status as SubscriptionStatus,
    error: row.error ? JSON.parse(row.error) : undefined,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** An event row as a stored event, its data opened. */
export function storedEvent(box: SecretBox, row: EventRow): StoredEvent {
  return {
    seq: Number(row.seq),
    id: row.event_id,
    trigger: row.trigger,
    subscription: row.subscription_id,
    type: row.type,
    occurredAt: row.occurred_at,
    receivedAt: iso(row.received_at),
    data: JSON.parse(box.open(row.data, eventContext(row.subscription_id, row.event_id))),
  };
}

/** A delivery row as a record. */
export function deliveryRecord(row: DeliveryRow): DeliveryRecord {
  return {
    subscription: row.subscription_id,
    seq: Number(row.seq),
    eventId: row.event_id,
    status: row.status as DeliveryRecord['status'],
    attempts: row.attempts,
    lastStatus: row.last_status ?? undefined,
    lastError: row.last_error ?? undefined,
    nextAttemptAt: Number(row.next_attempt_at),
    createdAt: iso(row.created_at),
    deliveredAt: row.delivered_at === null ? undefined : iso(row.delivered_at),
  };
}

/**
 * A sealed value sealed again under the current key (key rotation); undefined when it already is,
 * is empty, or no key opens it: such a value stays as it is and reads as an error, never as another.
 */
export function resealedValue(box: SecretBox, sealed: string | null, context: string): string | undefined {
  if (!sealed) return undefined;
  try {
    const opened = box.openDetailed(sealed, context);
    return opened.current ? undefined : box.seal(opened.plaintext, context);
  } catch {
    return undefined;
  }
}
