import type { DatabaseSync } from 'node:sqlite';
import type { SqliteDeps } from './sqlite-deps.js';
import {
  type DeliveryRow,
  deliveryRecord,
  type EventRow,
  eventContext,
  replayExpiry,
  type SubscriptionRow,
  secretContext,
  stateContext,
  storedEvent,
  subscriptionRecord,
} from './trigger-rows.js';
import type {
  DeliveryOutcome,
  DeliveryRecord,
  NewEvent,
  NewSubscription,
  StoredEvent,
  SubscriptionRecord,
  TriggerStore,
} from './trigger-store.js';

/** The trigger tables of the embedded store, created beside the others. */
export const TRIGGER_SCHEMA = `
CREATE TABLE IF NOT EXISTS subscriptions (
  id TEXT PRIMARY KEY,
  trigger TEXT NOT NULL,
  connection TEXT NOT NULL,
  input TEXT NOT NULL,
  state TEXT NOT NULL,
  deliver_to TEXT,
  deliver_secret TEXT,
  cursor TEXT,
  renew_at TEXT,
  hook_url TEXT,
  status TEXT NOT NULL DEFAULT 'active',
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS trigger_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  trigger TEXT NOT NULL,
  type TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL,
  data TEXT NOT NULL,
  UNIQUE (subscription_id, event_id)
);
CREATE INDEX IF NOT EXISTS trigger_events_subscription ON trigger_events (subscription_id, seq);
CREATE TABLE IF NOT EXISTS deliveries (
  subscription_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,
  last_error TEXT,
  next_attempt_at INTEGER NOT NULL,
  lease_until INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  delivered_at TEXT,
  PRIMARY KEY (subscription_id, seq)
);
CREATE INDEX IF NOT EXISTS deliveries_pending ON deliveries (status, subscription_id, seq);
-- Signed deliveries whose event id is not signed (it comes from a header): each key once per subscription
-- while a copy could still pass verification, so a copy resent under another id stores nothing.
CREATE TABLE IF NOT EXISTS trigger_replays (
  subscription_id TEXT NOT NULL,
  replay_key TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (subscription_id, replay_key)
);
`;

/**
 * Brings a trigger schema of an earlier version up to date (`CREATE TABLE IF NOT EXISTS` leaves an
 * existing table as it was): `subscriptions.hook_url`, empty for the subscriptions made before it.
 */
export function upgradeTriggerSchema(db: DatabaseSync): void {
  const columns = db.prepare('PRAGMA table_info(subscriptions)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'hook_url')) {
    db.exec('ALTER TABLE subscriptions ADD COLUMN hook_url TEXT');
  }
}

/** Subscriptions, events and deliveries in the embedded SQLite store. */
export class SqliteTriggerStore implements TriggerStore {
  readonly #deps: SqliteDeps;

  constructor(deps: SqliteDeps) {
    this.#deps = deps;
  }

  async createSubscription(subscription: NewSubscription): Promise<SubscriptionRecord> {
    const { db, box } = this.#deps;
    const now = this.#deps.now().toISOString();
    db.prepare(
      `INSERT INTO subscriptions (id, trigger, connection, input, state, deliver_to, deliver_secret, cursor, renew_at, hook_url, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?)`,
    ).run(
      subscription.id,
      subscription.trigger,
      subscription.connection,
      JSON.stringify(subscription.input),
      box().seal(JSON.stringify(subscription.state ?? null), stateContext(subscription.id)),
      subscription.deliverTo ? JSON.stringify(subscription.deliverTo) : null,
      subscription.deliverSecret
        ? box().seal(subscription.deliverSecret, secretContext(subscription.id))
        : null,
      subscription.cursor ?? null,
      subscription.renewAt ?? null,
      subscription.hookUrl ?? null,
      now,
      now,
    );
    return (await this.getSubscription(subscription.id)) as SubscriptionRecord;
  }

  async getSubscription(id: string): Promise<SubscriptionRecord | undefined> {
    const row = this.#deps.db.prepare('SELECT * FROM subscriptions WHERE id = ?').get(id) as
      | SubscriptionRow
      | undefined;
    return row ? subscriptionRecord(this.#deps.box(), row) : undefined;
  }

  async listSubscriptions(): Promise<SubscriptionRecord[]> {
    const rows = this.#deps.db
      .prepare('SELECT * FROM subscriptions ORDER BY created_at, id')
      .all() as unknown as SubscriptionRow[];
    return rows.map((row) => subscriptionRecord(this.#deps.box(), row));
  }

  async updateSubscription(
    id: string,
    changes: Partial<
      Pick<SubscriptionRecord, 'state' | 'status' | 'error' | 'cursor' | 'renewAt' | 'hookUrl'>
    >,
  ): Promise<SubscriptionRecord | undefined> {
    const { db, box } = this.#deps;
    const sets: string[] = ['updated_at = ?'];
    const values: (string | null)[] = [this.#deps.now().toISOString()];
    if ('state' in changes) {
      sets.push('state = ?');
      values.push(box().seal(JSON.stringify(changes.state ?? null), stateContext(id)));
    }
    if (changes.status !== undefined) {
      sets.push('status = ?');
      values.push(changes.status);
    }
    if ('error' in changes) {
      sets.push('error = ?');
      values.push(changes.error ? JSON.stringify(changes.error) : null);
    }
    if ('cursor' in changes) {
      sets.push('cursor = ?');
      values.push(changes.cursor ?? null);
    }
    if ('renewAt' in changes) {
      sets.push('renew_at = ?');
      values.push(changes.renewAt ?? null);
    }
    if ('hookUrl' in changes) {
      sets.push('hook_url = ?');
      values.push(changes.hookUrl ?? null);
    }
    const result = db.prepare(`UPDATE subscriptions SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
    return result.changes === 0 ? undefined : this.getSubscription(id);
  }

  async deleteSubscription(id: string): Promise<boolean> {
    const { db } = this.#deps;
    return this.#deps.transaction(() => {
      db.prepare('DELETE FROM deliveries WHERE subscription_id = ?').run(id);
      db.prepare('DELETE FROM trigger_events WHERE subscription_id = ?').run(id);
      db.prepare('DELETE FROM trigger_replays WHERE subscription_id = ?').run(id);
      return db.prepare('DELETE FROM subscriptions WHERE id = ?').run(id).changes > 0;
    });
  }

  async addEvents(subscription: string, events: readonly NewEvent[]): Promise<StoredEvent[] | undefined> {
    const { db, box } = this.#deps;
    return this.#deps.transaction(() => {
      const owner = db
        .prepare('SELECT trigger, deliver_to FROM subscriptions WHERE id = ?')
        .get(subscription) as { trigger: string; deliver_to: string | null } | undefined;
      if (!owner) return undefined;
      const receivedAt = this.#deps.now();
      if (events.some((event) => event.replay)) {
        db.prepare('DELETE FROM trigger_replays WHERE subscription_id = ? AND expires_at <= ?').run(
          subscription,
          receivedAt.getTime(),
        );
      }
      const remember = db.prepare(
        'INSERT INTO trigger_replays (subscription_id, replay_key, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      );
      const insert = db.prepare(
        `INSERT INTO trigger_events (subscription_id, event_id, trigger, type, occurred_at, received_at, data)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (subscription_id, event_id) DO NOTHING`,
      );
      const queue = db.prepare(
        'INSERT INTO deliveries (subscription_id, seq, event_id, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)',
      );
      const stored: StoredEvent[] = [];
      for (const event of events) {
        // A key already held means this signed delivery's event is already stored: this is a copy.
        if (
          event.replay &&
          remember.run(subscription, event.replay.key, replayExpiry(event.replay.until, receivedAt.getTime()))
            .changes === 0
        )
          continue;
        const result = insert.run(
          subscription,
          event.id,
          owner.trigger,
          event.type,
          event.occurredAt,
          receivedAt.toISOString(),
          box().seal(JSON.stringify(event.data ?? null), eventContext(subscription, event.id)),
        );
        if (result.changes === 0) continue;
        const seq = Number(result.lastInsertRowid);
        if (owner.deliver_to)
          queue.run(subscription, seq, event.id, receivedAt.getTime(), receivedAt.toISOString());
        stored.push({
          seq,
          id: event.id,
          trigger: owner.trigger,
          subscription,
          type: event.type,
          occurredAt: event.occurredAt,
          receivedAt: receivedAt.toISOString(),
          data: event.data,
        });
      }
      return stored;
    });
  }

  async listEvents(query: {
    subscription?: string | undefined;
    after?: number | undefined;
    limit?: number;
  }): Promise<StoredEvent[]> {
    const limit = query.limit ?? 100;
    const rows = (query.subscription === undefined
      ? this.#deps.db
          .prepare('SELECT * FROM trigger_events WHERE seq > ? ORDER BY seq LIMIT ?')
          .all(query.after ?? 0, limit)
      : this.#deps.db
          .prepare('SELECT * FROM trigger_events WHERE subscription_id = ? AND seq > ? ORDER BY seq LIMIT ?')
          .all(query.subscription, query.after ?? 0, limit)) as unknown as EventRow[];
    return rows.map((row) => storedEvent(this.#deps.box(), row));
  }

  async cursorBeforeNewest(query: { subscription?: string | undefined; newest: number }): Promise<number> {
    const row = (
      query.subscription === undefined
        ? this.#deps.db
            .prepare('SELECT seq FROM trigger_events ORDER BY seq DESC LIMIT 1 OFFSET ?')
            .get(query.newest)
        : this.#deps.db
            .prepare(
              'SELECT seq FROM trigger_events WHERE subscription_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?',
            )
            .get(query.subscription, query.newest)
    ) as { seq: number } | undefined;
    return row ? Number(row.seq) : 0;
  }

  async claimDueDeliveries(options: { leaseMs: number; limit?: number }): Promise<DeliveryRecord[]> {
    const { db } = this.#deps;
    return this.#deps.transaction(() => {
      const now = this.#deps.now().getTime();
      // Only each subscription's oldest pending delivery may go: a later event never overtakes it.
      const rows = db
        .prepare(
          `SELECT d.* FROM deliveries d
           WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND d.lease_until <= ?
             AND d.seq = (SELECT min(seq) FROM deliveries o WHERE o.subscription_id = d.subscription_id AND o.status = 'pending')
           ORDER BY d.seq LIMIT ?`,
        )
        .all(now, now, options.limit ?? 20) as unknown as DeliveryRow[];
      const lease = db.prepare('UPDATE deliveries SET lease_until = ? WHERE subscription_id = ? AND seq = ?');
      for (const row of rows) lease.run(now + options.leaseMs, row.subscription_id, row.seq);
      return rows.map(deliveryRecord);
    });
  }

  async recordDeliveryAttempt(subscription: string, seq: number, outcome: DeliveryOutcome): Promise<void> {
    this.#deps.db
      .prepare(
        `UPDATE deliveries SET status = ?, attempts = attempts + 1, last_status = ?, last_error = ?,
           next_attempt_at = coalesce(?, next_attempt_at), lease_until = 0, delivered_at = ?
         WHERE subscription_id = ? AND seq = ?`,
      )
      .run(
        outcome.status,
        outcome.lastStatus ?? null,
        outcome.lastError ?? null,
        outcome.nextAttemptAt ?? null,
        outcome.status === 'delivered' ? this.#deps.now().toISOString() : null,
        subscription,
        seq,
      );
  }

  async listDeliveries(subscription: string, limit = 100): Promise<DeliveryRecord[]> {
    const rows = this.#deps.db
      .prepare('SELECT * FROM deliveries WHERE subscription_id = ? ORDER BY seq LIMIT ?')
      .all(subscription, limit) as unknown as DeliveryRow[];
    return rows.map(deliveryRecord);
  }

  /**
   * Re-seals with the current key every subscription state, delivery secret and event sealed with
   * an older one, one row per transaction (key rotation). Returns how many values it re-sealed.
   */
  resealAll(): number {
    const { db } = this.#deps;
    let count = 0;
    const reseal = (sealed: string | null, context: string): string | undefined => {
      if (!sealed) return undefined;
      try {
        const opened = this.#deps.box().openDetailed(sealed, context);
        return opened.current ? undefined : this.#deps.box().seal(opened.plaintext, context);
      } catch {
        // A value no key opens stays as it is: it reads as an error, never as another value.
        return undefined;
      }
    };
    const ids = db.prepare('SELECT id FROM subscriptions').all() as { id: string }[];
    for (const { id } of ids) {
      this.#deps.transaction(() => {
        const row = db.prepare('SELECT state, deliver_secret FROM subscriptions WHERE id = ?').get(id) as
          | { state: string; deliver_secret: string | null }
          | undefined;
        if (!row) return;
        const state = reseal(row.state, stateContext(id));
        const secret = reseal(row.deliver_secret, secretContext(id));
        if (state) db.prepare('UPDATE subscriptions SET state = ? WHERE id = ?').run(state, id);
        if (secret) db.prepare('UPDATE subscriptions SET deliver_secret = ? WHERE id = ?').run(secret, id);
        count += (state ? 1 : 0) + (secret ? 1 : 0);
      });
    }
    const events = db
      .prepare('SELECT seq, subscription_id, event_id FROM trigger_events')
      .all() as unknown as {
      seq: number;
      subscription_id: string;
      event_id: string;
    }[];
    for (const event of events) {
      this.#deps.transaction(() => {
        const row = db.prepare('SELECT data FROM trigger_events WHERE seq = ?').get(event.seq) as
          | { data: string }
          | undefined;
        const data = row && reseal(row.data, eventContext(event.subscription_id, event.event_id));
        if (!data) return;
        db.prepare('UPDATE trigger_events SET data = ? WHERE seq = ?').run(data, event.seq);
        count += 1;
      });
    }
    return count;
  }
}
