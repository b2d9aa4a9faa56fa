import type { AuditStore } from './audit-store.js';
import type { ConnectionStore } from './connection-store.js';
import type { FailureStore } from './failure-store.js';
import type { HistoryStore } from './history-store.js';
import type { LockStore } from './lock-store.js';
import type { RunStore } from './run-store.js';
import type { SettingStore } from './setting-store.js';
import type { TriggerStore } from './trigger-store.js';

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

/** What `HostStore.reseal` did. */
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
 * Where connections and the host's small state live, one role per member. The embedded default is
 * SQLite; every role speaks only in records and atomic operations so that a shared database
 * (PostgreSQL) can serve several host instances behind a load balancer. The composition root
 * (`host.ts`) opens one and hands each service only the roles it uses.
 */
export interface HostStore {
  /** Connections and their sealed credentials. */
  readonly connections: ConnectionStore;
  /** Host settings and short-lived sealed values. */
  readonly settings: SettingStore;
  /** Named locks and shared budgets (slots). */
  readonly locks: LockStore;
  /** Async runs, their progress and results. */
  readonly runs: RunStore;
  /** Who changed what and when. */
  readonly audit: AuditStore;
  /** One line for every run on every surface. */
  readonly history: HistoryStore;
  /** Subscriptions, their events and deliveries. */
  readonly triggers: TriggerStore;
  /**
   * Failed access checks per client (the guessing throttle's counts), shared by every process and
   * every instance on this store, so a guesser cannot multiply its tries by spreading them.
   */
  readonly failures: FailureStore;
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
