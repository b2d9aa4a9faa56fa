// Triggers (`POST /api/subscriptions`, `POST /hooks/{id}`, `GET /api/events`): subscriptions with
// their provider state (sealed: it holds signing secrets), the events received (each provider event
// id once per subscription, so a repeated delivery is acknowledged and not stored again), and their
// deliveries to a caller's URL, in order per subscription. Kept in the store so that a restart, or
// another instance of a fleet, sees and delivers the same events.

/** Where a subscription is: working, or its provider side failed (subscribe, renew). */
export type SubscriptionStatus = 'active' | 'failed';

/** What `createSubscription` needs. */
export interface NewSubscription {
  /** `sub_…`, chosen by the caller (the hook URL names it before the provider is called). */
  id: string;
  /** The qualified trigger id, e.g. `payments.event`. */
  trigger: string;
  connection: string;
  input: Record<string, unknown>;
  /** The trigger's state (provider ids, the provider's signing secret). Sealed at rest. */
  state: unknown;
  /** Where the host POSTs each event, signed with `deliverSecret`. */
  deliverTo?: { url: string } | undefined;
  /** The subscription's own secret for `C-Signature` on deliveries. Sealed at rest. */
  deliverSecret?: string | undefined;
  /** Polling: where the next poll starts. */
  cursor?: string | undefined;
  /** When the provider's side must be renewed (ISO 8601). */
  renewAt?: string | undefined;
  /**
   * Webhook triggers: the URL the provider was given (`<public URL>/hooks/<id>`), so a host started
   * at another public URL knows to move the subscription there.
   */
  hookUrl?: string | undefined;
}

/** A stored subscription, its state and secrets opened. */
export interface SubscriptionRecord extends NewSubscription {
  status: SubscriptionStatus;
  /** Why it failed, as an error JSON, when `failed`. */
  error?: Record<string, unknown> | undefined;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

/** An event to store: what a trigger's `verify` or `poll` returned. */
export interface NewEvent {
  id: string;
  type: string;
  occurredAt: string;
  data: unknown;
  /** The signed delivery's key and how long it must be kept (`ReplayGuard` of `@c/core`). */
  replay?: { key: string; until: string } | undefined;
}

/** An event as the host keeps and shows it. */
export interface StoredEvent {
  /** The position in arrival order across all subscriptions: the `after` cursor of `listEvents`. */
  seq: number;
  /** The provider's stable event id (`evt_…`). */
  id: string;
  trigger: string;
  subscription: string;
  type: string;
  occurredAt: string;
  receivedAt: string;
  data: unknown;
}

/** One event's delivery to a subscription's `deliverTo.url`. */
export interface DeliveryRecord {
  subscription: string;
  /** The event's `seq`. */
  seq: number;
  eventId: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The last attempt's HTTP status (0: no answer). */
  lastStatus: number | undefined;
  lastError: string | undefined;
  /** Epoch ms of the next attempt, while pending. */
  nextAttemptAt: number;
  createdAt: string;
  deliveredAt: string | undefined;
}

/** What came of one delivery attempt: delivered, retried at `nextAttemptAt`, or given up. */
export interface DeliveryOutcome {
  status: 'delivered' | 'pending' | 'failed';
  lastStatus?: number;
  lastError?: string;
  nextAttemptAt?: number;
}

/** The triggers role of the store (`HostStore.triggers`). */
export interface TriggerStore {
  createSubscription(subscription: NewSubscription): Promise<SubscriptionRecord>;
  getSubscription(id: string): Promise<SubscriptionRecord | undefined>;
  /** Every subscription, oldest first. */
  listSubscriptions(): Promise<SubscriptionRecord[]>;
  /**
   * Changes a subscription's state, status, cursor, renewal time or hook URL; undefined when it is
   * gone.
   */
  updateSubscription(
    id: string,
    changes: Partial<
      Pick<SubscriptionRecord, 'state' | 'status' | 'error' | 'cursor' | 'renewAt' | 'hookUrl'>
    >,
  ): Promise<SubscriptionRecord | undefined>;
  /** Removes a subscription with its events and deliveries; false when it did not exist. */
  deleteSubscription(id: string): Promise<boolean>;
  /**
   * Stores events of a subscription durably, in one transaction, skipping ids it already holds, and
   * queues their deliveries when it has a `deliverTo`. An event with a `replay` guard whose key the
   * subscription still holds is skipped too (a captured delivery resent under another id); its key
   * is kept until `replay.until`, atomically with the event, so two instances receiving copies at
   * once store one. Returns the newly stored ones (empty for a repeated delivery). Undefined when
   * the subscription does not exist.
   */
  addEvents(subscription: string, events: readonly NewEvent[]): Promise<StoredEvent[] | undefined>;
  /** Events in arrival order after the cursor `after` (a `seq`), at most `limit` (default 100). */
  listEvents(query: {
    subscription?: string | undefined;
    after?: number | undefined;
    limit?: number;
  }): Promise<StoredEvent[]>;
  /**
   * The cursor before the newest `newest` events (of one subscription, or all): where a reader with
   * no cursor of its own starts, so that it is given the recent events, not the whole history.
   * 0 when there are no more than that many.
   */
  cursorBeforeNewest(query: { subscription?: string | undefined; newest: number }): Promise<number>;
  /**
   * Takes the deliveries due now, at most one per subscription (its oldest pending one, so each
   * subscription's events go in order), leasing each to this caller for `leaseMs` so that another
   * instance does not send it at the same time.
   */
  claimDueDeliveries(options: { leaseMs: number; limit?: number }): Promise<DeliveryRecord[]>;
  /** Records an attempt: delivered, retried at `nextAttemptAt`, or given up (`failed`). */
  recordDeliveryAttempt(subscription: string, seq: number, outcome: DeliveryOutcome): Promise<void>;
  /** A subscription's deliveries, oldest first (at most `limit`, default 100). */
  listDeliveries(subscription: string, limit?: number): Promise<DeliveryRecord[]>;
}
