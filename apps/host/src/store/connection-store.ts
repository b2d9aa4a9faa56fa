import type { FailureStore } from './failure-store.js';

/**
 * Whether a connection works, needs the user to reconnect (revoked grant, refused refresh, bad key),
 * or cannot be read: its credentials were sealed with another secret key (or damaged). `unreadable`
 * is never stored: it is how the row reads under the current key.
 */
export type ConnectionStatus = 'ok' | 'needs_reconnect' | 'unreadable';

/** A stored connection, credentials in clear (the store encrypts them at rest). */
export interface ConnectionRecord {
  name: string;
  connector: string;
  /** Empty when `status` is `unreadable`. */
  credentials: Record<string, unknown>;
  options: Record<string, unknown>;
  isDefault: boolean;
  /** Made by `serve --sandbox`, pointing at a local simulator. */
  sandbox: boolean;
  status: ConnectionStatus;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

/** What `create` needs. */
export interface NewConnection {
  name: string;
  connector: string;
  credentials: Record<string, unknown>;
  options: Record<string, unknown>;
  sandbox?: boolean;
  isDefault?: boolean;
}

/**
 * A changed credentials set, made from the current one inside the store's transaction; or a whole
 * new set, which replaces the current one without reading it (so it also replaces an unreadable one).
 */
export type CredentialsUpdate =
  | ((current: Record<string, unknown>) => Record<string, unknown>)
  | Record<string, unknown>;

/** Options of `ConnectionStore.withLock`. */
export interface LockOptions {
  /**
   * How long the lock holds without its holder: a process that dies holding it (kill -9) blocks
   * the others this long at most. The holder renews it while its work runs. Default 30 s.
   */
  ttlMs?: number;
  /** How long to wait for the lock before failing with a `TimeoutError`. Default 60 s. */
  waitMs?: number;
  signal?: AbortSignal | undefined;
}

/** Options of `ConnectionStore.acquireSlot`. */
export interface SlotOptions {
  /**
   * How long a slot stays taken without its holder: a process that dies holding one (kill -9)
   * keeps it from the others this long at most. The holder renews it while it holds it. Default 30 s.
   */
  ttlMs?: number;
  /** How long to wait for a free slot before failing with a `TimeoutError`. Default 60 s. */
  waitMs?: number;
  signal?: AbortSignal | undefined;
}

/** Whether a store can serve requests now (what `/api/ready` reports). */
export interface StoreReadiness {
  ready: boolean;
  /** Which store: `sqlite` (embedded) or `postgres`. */
  store: 'sqlite' | 'postgres';
  /** Why it cannot, in words that carry no secret (no URL, no password). */
  reason?: string;
  /** The schema version applied, where the store has versioned migrations. */
  schemaVersion?: number;
}

/** What `ConnectionStore.reseal` did. */
export interface ResealReport {
  /** Connections whose credentials were sealed with an older key and now are with the current one. */
  connections: number;
  /**
   * Live short-lived values (sessions, sign-in links, OAuth states) and async runs (kept for days)
   * re-sealed likewise, one per value.
   */
  ephemerals: number;
  /** Connections already sealed with the current key. */
  current: number;
  /** Connections no supplied key opens: left as they are (they read `unreadable`). */
  unreadable: string[];
}

/**
 * Where connections and the host's small state live. The embedded default is SQLite; the interface
 * speaks only in records and atomic operations so that a shared database (PostgreSQL) can serve
 * several host instances behind a load balancer. Async runs are kept here too (`RunStore`).
 */
export interface ConnectionStore extends RunStore, AuditStore {
  /** Subscriptions, their events and deliveries. */
  readonly triggers: TriggerStore;
  /**
   * Failed access checks per client (the guessing throttle's counts), shared by every process and
   * every instance on this store, so a guesser cannot multiply its tries by spreading them.
   */
  readonly failures: FailureStore;
  list(): Promise<ConnectionRecord[]>;
  get(name: string): Promise<ConnectionRecord | undefined>;
  /** The default connection of a connector, if one is marked. */
  getDefault(connector: string): Promise<ConnectionRecord | undefined>;
  /** Creates a connection; throws `ConnectionExistsError` when the name is taken. */
  create(input: NewConnection): Promise<ConnectionRecord>;
  /**
   * Replaces credentials atomically (read, change, write in one transaction: rotated OAuth tokens
   * from concurrent refreshes never interleave), optionally setting the status and options too.
   * Returns undefined when the connection does not exist. A function update of an unreadable
   * connection throws `UnreadableSecretError`; a whole new set replaces it.
   */
  updateCredentials(
    name: string,
    update: CredentialsUpdate,
    changes?: { status?: ConnectionStatus; options?: Record<string, unknown> },
  ): Promise<ConnectionRecord | undefined>;
  setStatus(name: string, status: ConnectionStatus): Promise<void>;
  /** Makes this connection its connector's only default; false when it does not exist. */
  setDefault(name: string): Promise<boolean>;
  /** Removes a connection; false when it did not exist. A removed default passes to the oldest other. */
  remove(name: string): Promise<boolean>;

  /** A host setting (e.g. the access token's hash). */
  getSetting(key: string): Promise<string | undefined>;
  setSetting(key: string, value: string): Promise<void>;
  deleteSetting(key: string): Promise<void>;
  /**
   * Runs work holding a named lock that every process (and every host instance) sharing this store
   * respects, e.g. `oauth-refresh:<connection>` so that one of them refreshes a token while the
   * others wait and then read what it stored. The embedded store keeps a lock row with an expiry,
   * polled without blocking; a shared database would use its own locks (PostgreSQL: an advisory
   * lock on the name's hash). Not re-entrant.
   */
  withLock<T>(name: string, work: () => Promise<T>, options?: LockOptions): Promise<T>;
  /**
   * Keeps a short-lived value (a browser session, an OAuth state, a one-time login token) under a
   * kind and key until `expiresAt` (epoch ms). Keys are hashes chosen by the caller.
   */
  putEphemeral(kind: string, key: string, value: string, expiresAt: number): Promise<void>;
  /** Reads a live short-lived value; undefined when unknown or expired. */
  getEphemeral(kind: string, key: string): Promise<string | undefined>;
  /** Returns and deletes a short-lived value in one step, so a single-use value works only once. */
  takeEphemeral(kind: string, key: string): Promise<string | undefined>;
  /**
   * Takes one of `limit` slots of a named budget that every process (and every host instance)
   * sharing this store respects, waiting without blocking until one is free; resolves with the
   * function that gives it back. A connection's concurrency limit (Amplitude's 5 concurrent
   * requests per project) holds across a fleet this way.
   */
  acquireSlot(name: string, limit: number, options?: SlotOptions): Promise<() => Promise<void>>;
  /** Whether the store can serve now: its database answers and its schema is up to date. */
  checkReady(): Promise<StoreReadiness>;
  /**
   * Re-seals every value sealed with an older key (`C_HOST_SECRET_KEYS_OLD`) with the current key,
   * one row per transaction (so it is safe beside running instances and concurrent token
   * refreshes), then retires the older keys from the store's key record: from then on only the
   * current key opens the store. `c-host keys rotate` runs it.
   */
  reseal(): Promise<ResealReport>;
  close(): Promise<void>;
}

/** A connection name is already in use. */
export class ConnectionExistsError extends Error {
  constructor(readonly connectionName: string) {
    super(`A connection named "${connectionName}" already exists`);
    this.name = 'ConnectionExistsError';
  }
}

// ---------------------------------------------------------------------------------------------
// Async runs (`POST /api/runs`, `c-host run --async`): the record of each run, kept in the store so
// that every process and every instance of a fleet sees the same runs, and a restart shows what
// happened. Which worker runs a run is decided elsewhere (an in-process queue on the embedded store,
// pg-boss jobs on PostgreSQL); the store only makes each step atomic and fences it by attempt, so a
// worker that lost its run (it was taken over) cannot overwrite what the new one records.
// ---------------------------------------------------------------------------------------------

/**
 * Where an async run is: waiting for a worker, running, asked to stop (`canceling`, until its worker
 * sees it), or ended one way or another (`succeeded`, `failed`, `canceled`).
 */
export type RunStatus = 'queued' | 'running' | 'canceling' | 'succeeded' | 'failed' | 'canceled';

/** What `createRun` needs: a run accepted and waiting for a worker. */
export interface NewRun {
  /** A UUID chosen by the caller (the fleet queue's job has the same id). */
  id: string;
  /** The qualified command id, e.g. `analytics.exportData`. */
  command: string;
  /** The connection the run uses, as resolved when it was accepted. */
  connection: string;
  input: unknown;
  idempotencyKey?: string | undefined;
  /**
   * Whether running it again is safe when its worker died mid-run: a read, or a write whose repeat
   * the provider or the host deduplicates (an idempotency key). Otherwise such a run ends `failed`
   * with `outcomeUnknown`.
   */
  repeatSafe: boolean;
  /** Who submitted it (see `NewAuditEntry.actor`): its worker acts for them, on any instance. */
  actor?: string | undefined;
}

/**
 * A run's result as stored. A result holding a list (an export's events) keeps the list apart, as
 * NDJSON pieces of whole lines, so that a big one is written and read piece by piece: its JSON is
 * `head` + `[` + the items joined by `,` + `]` + `tail`; its NDJSON is the pieces as they are.
 */
export interface RunResult {
  /** The JSON before the list (`{"count":2,"events":`), or the whole result's JSON when it has no list. */
  head: string;
  /** The JSON after the list (`}`); undefined when the result has no list. */
  tail?: string | undefined;
  /** How many items the list has (0 without one). */
  count: number;
}

/** A stored run. */
export interface RunRecord {
  id: string;
  command: string;
  connection: string;
  input: unknown;
  idempotencyKey: string | undefined;
  repeatSafe: boolean;
  /** Who submitted it; unset for a run stored before actors were kept (then `cli`). */
  actor: string | undefined;
  status: RunStatus;
  /** The latest progress the command reported (`{message, current, total}`). */
  progress: Record<string, unknown> | undefined;
  /** Set when `succeeded`; the list's pieces are read with `readRunResult`. */
  result: RunResult | undefined;
  /**
   * The error JSON (`{kind, message, outcomeUnknown, …}`), set when `failed`, and when `canceled`
   * while a command that may write was running (`outcomeUnknown`).
   */
  error: Record<string, unknown> | undefined;
  /** How many times a worker has started it; every change a worker makes names its attempt. */
  attempt: number;
  /** The worker running it (`<hostname>:<pid>:<nonce>`), while `running`. */
  owner: string | undefined;
  /** Until when (epoch ms) its worker's lease holds without renewal, while `running`. */
  leaseExpiresAt: number | undefined;
  /** ISO 8601. */
  createdAt: string;
  startedAt: string | undefined;
  finishedAt: string | undefined;
}

/**
 * How a worker ends a run: with its result (the list's NDJSON pieces apart), with an error, or
 * canceled (with an error saying so when a write may have reached the provider).
 */
export type RunOutcome =
  | { result: RunResult; pieces: readonly string[] }
  | { error: Record<string, unknown> }
  | { canceled: true; error?: Record<string, unknown> | undefined };

/** A worker's claim on a run. */
export interface RunClaim {
  /** Who takes it (`RunRecord.owner`). */
  owner: string;
  /** How long the claim holds without `touchRun` renewing it. */
  leaseMs: number;
}

/** The async runs part of `ConnectionStore`. Inputs, results and errors are sealed like credentials. */
export interface RunStore {
  /** Records a new run, `queued`. */
  createRun(run: NewRun): Promise<RunRecord>;
  getRun(id: string): Promise<RunRecord | undefined>;
  /** Runs in a status, oldest first (at most `limit`, default 100). */
  listRuns(filter: { status: RunStatus; limit?: number }): Promise<RunRecord[]>;
  /** Takes the oldest `queued` run: it is `running` under this claim, its attempt one more. */
  claimNextRun(claim: RunClaim): Promise<RunRecord | undefined>;
  /**
   * Takes one run that a queue handed to this worker: a `queued` one, or a `running` one whose worker
   * died (the queue gave its job to another). Returns the run as it is now and its status before;
   * an ended or canceling run is returned unchanged, undefined when there is none.
   */
  takeRun(id: string, claim: RunClaim): Promise<{ run: RunRecord; previous: RunStatus } | undefined>;
  /**
   * Renews the lease of a running attempt and, when given, records its progress. Returns the run's
   * status: `running`, or `canceling` when a cancel was asked (its worker should stop and end it
   * `canceled`); undefined when the attempt is no longer the run's current one (it was taken over
   * or ended): its worker should stop.
   */
  touchRun(
    id: string,
    attempt: number,
    update: { leaseMs?: number; progress?: Record<string, unknown> },
  ): Promise<'running' | 'canceling' | undefined>;
  /**
   * Asks a run to stop, in one statement (a worker claiming it at the same moment either gets it
   * `canceled` or finds it `canceling`): a `queued` one ends `canceled` at once, a `running` one
   * becomes `canceling` for its worker to see at its next `touchRun`. Returns the run as it is now
   * and its status before (a run already canceling or ended is returned unchanged); undefined when
   * there is none.
   */
  cancelRun(id: string): Promise<{ run: RunRecord; previous: RunStatus } | undefined>;
  /** Puts a running attempt's run back in the queue (`queued`); false when the attempt is not current. */
  releaseRun(id: string, attempt: number): Promise<boolean>;
  /**
   * Ends a running (or canceling) attempt's run: `succeeded` with its result (pieces and all, in one
   * transaction), `failed` with its error, or `canceled`. False when the attempt is not current, and
   * then nothing is written.
   */
  finishRun(id: string, attempt: number, outcome: RunOutcome): Promise<boolean>;
  /** The NDJSON pieces of a succeeded run's list, in order. */
  readRunResult(id: string): AsyncIterable<string>;
  /** Deletes the runs that ended before this time, with their results; returns how many. */
  pruneRuns(endedBefore: Date): Promise<number>;
}

// ---------------------------------------------------------------------------------------------
// Audit log (`c-host audit`, `GET /api/audit`): who changed what and when, with the outcome, for
// every write command run and every connection change, on every surface and every instance. Kept
// in the store so a fleet has one log. Entries hold no secret: the actor is a hash prefix of a
// token or session, never the value.
// ---------------------------------------------------------------------------------------------

/** What `appendAudit` records. */
export interface NewAuditEntry {
  /** When it happened. */
  at: Date;
  /**
   * Who: `token:<12 hex of its SHA-256>`, `session:<12 hex>`, `cli` (a command line on a machine
   * with the store), or `anonymous` (a public route, such as an OAuth callback without a session).
   */
  actor: string;
  /**
   * `command.run`, or a connection change: `connection.create`, `connection.update` (new
   * credentials), `connection.remove`, `connection.default`, `connection.needs_reconnect` (the
   * provider refused its credentials during a run or a check), or `run.cancel` (an async run asked
   * to stop).
   */
  action: string;
  /** The command id (`payments.createCustomer`), the connection name, or the run's id (`run.cancel`). */
  target: string;
  /** The connection the action used or changed. */
  connection?: string | undefined;
  /** `ok`, `replayed` (an idempotency key's stored result, nothing sent), or the error's kind. */
  outcome: string;
  /** The provider's request id of a run's last call, to find it in the provider's own logs. */
  requestId?: string | undefined;
}

/** A stored audit entry. */
export interface AuditEntry extends Omit<NewAuditEntry, 'at'> {
  /** Increasing with each entry in one store. */
  id: number;
  /** ISO 8601. */
  at: string;
}

/** Which entries `listAudit` returns: the newest first. */
export interface AuditQuery {
  /** At most this many. */
  limit: number;
  /** Only entries at or after this time. */
  since?: Date | undefined;
}

/** The audit log part of `ConnectionStore`. */
export interface AuditStore {
  /** Appends one entry. */
  appendAudit(entry: NewAuditEntry): Promise<void>;
  /** Entries, newest first. */
  listAudit(query: AuditQuery): Promise<AuditEntry[]>;
}

// ---------------------------------------------------------------------------------------------
// Triggers (`POST /api/subscriptions`, `POST /hooks/{id}`, `GET /api/events`): subscriptions with
// their provider state (sealed: it holds signing secrets), the events received (each provider event
// id once per subscription, so a repeated delivery is acknowledged and not stored again), and their
// deliveries to a caller's URL, in order per subscription. Kept in the store so that a restart, or
// another instance of a fleet, sees and delivers the same events.
// ---------------------------------------------------------------------------------------------

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

/** The triggers part of a store: `ConnectionStore.triggers`. */
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
