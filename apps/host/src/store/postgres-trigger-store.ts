import type { PostgresDeps } from './postgres-deps.js';
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

/** The URL each webhook subscription was registered at (migration 7 of `postgres-migrations.ts`). */
export const TRIGGER_HOOK_URL_MIGRATION_SQL = `
ALTER TABLE subscriptions ADD COLUMN hook_url text;
`;

/** The trigger tables (migration 4 of `postgres-migrations.ts`). */
export const TRIGGER_MIGRATION_SQL = `
CREATE TABLE subscriptions (
  id text PRIMARY KEY,
  trigger text NOT NULL,
  connection text NOT NULL,
  input text NOT NULL,
  state text NOT NULL,
  deliver_to text,
  deliver_secret text,
  cursor text,
  renew_at text,
  status text NOT NULL DEFAULT 'active',
  error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- Each provider event once per subscription: a repeated delivery is acknowledged, not stored again.
CREATE TABLE trigger_events (
  seq bigserial PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  trigger text NOT NULL,
  type text NOT NULL,
  occurred_at text NOT NULL,
  received_at timestamptz NOT NULL,
  data text NOT NULL,
  UNIQUE (subscription_id, event_id)
);
CREATE INDEX trigger_events_subscription ON trigger_events (subscription_id, seq);
CREATE TABLE deliveries (
  subscription_id text NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  event_id text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text,
  next_attempt_at bigint NOT NULL,
  lease_until bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  PRIMARY KEY (subscription_id, seq)
);
CREATE INDEX deliveries_pending ON deliveries (subscription_id, seq) WHERE status = 'pending';
`;

/**
 * Migration 6: signed deliveries whose event id is not signed (it comes from a header), each key once per
 * subscription while a copy could still pass verification, so a copy resent under another id stores
 * nothing. Instances of the previous version ignore the table, as before.
 */
export const TRIGGER_REPLAY_MIGRATION_SQL = `
CREATE TABLE trigger_replays (
  subscription_id text NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  replay_key text NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (subscription_id, replay_key)
);
`;

/** Subscriptions, events and deliveries in PostgreSQL, shared by every instance of a fleet. */
export class PostgresTriggerStore implements TriggerStore {
  readonly #deps: PostgresDeps;

  constructor(deps: PostgresDeps) {
    this.#deps = deps;
  }

  async createSubscription(subscription: NewSubscription): Promise<SubscriptionRecord> {
    const { pool, box } = this.#deps;
    const now = this.#deps.now();
    const { rows } = await pool.query<SubscriptionRow>(
      `INSERT INTO subscriptions (id, trigger, connection, input, state, deliver_to, deliver_secret, cursor, renew_at, hook_url, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active', $11, $11) RETURNING *`,
      [
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
      ],
    );
    return subscriptionRecord(this.#deps.box(), rows[0] as SubscriptionRow);
  }

  async getSubscription(id: string): Promise<SubscriptionRecord | undefined> {
    const { rows } = await this.#deps.pool.query<SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE id = $1',
      [id],
    );
    return rows[0] ? subscriptionRecord(this.#deps.box(), rows[0]) : undefined;
  }

  async listSubscriptions(): Promise<SubscriptionRecord[]> {
    const { rows } = await this.#deps.pool.query<SubscriptionRow>(
      'SELECT * FROM subscriptions ORDER BY created_at, id',
    );
    return rows.map((row) => subscriptionRecord(this.#deps.box(), row));
  }

  async updateSubscription(
    id: string,
    changes: Partial<
      Pick<SubscriptionRecord, 'state' | 'status' | 'error' | 'cursor' | 'renewAt' | 'hookUrl'>
    >,
  ): Promise<SubscriptionRecord | undefined> {
    const values: unknown[] = [this.#deps.now()];
    const sets: string[] = ['updated_at = $1'];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if ('state' in changes)
      set('state', this.#deps.box().seal(JSON.stringify(changes.state ?? null), stateContext(id)));
    if (changes.status !== undefined) set('status', changes.status);
    if ('error' in changes) set('error', changes.error ? JSON.stringify(changes.error) : null);
    if ('cursor' in changes) set('cursor', changes.cursor ?? null);
    if ('renewAt' in changes) set('renew_at', changes.renewAt ?? null);
    if ('hookUrl' in changes) set('hook_url', changes.hookUrl ?? null);
    values.push(id);
    const { rows } = await this.#deps.pool.query<SubscriptionRow>(
      `UPDATE subscriptions SET ${sets.join(', ')} WHERE id = $${values.length} RETURNING *`,
      values,
    );
    return rows[0] ? subscriptionRecord(this.#deps.box(), rows[0]) : undefined;
  }

  async deleteSubscription(id: string): Promise<boolean> {
    // Events and deliveries go with it (ON DELETE CASCADE).
    const result = await this.#deps.pool.query('DELETE FROM subscriptions WHERE id = $1', [id]);
    return (result.rowCount ?? 0) > 0;
  }

  async addEvents(subscription: string, events: readonly NewEvent[]): Promise<StoredEvent[] | undefined> {
    const { box } = this.#deps;
    return this.#deps.transaction(async (client) => {
      // FOR NO KEY UPDATE, not FOR SHARE: two instances storing events of one subscription take
      // turns, so its events are numbered in the order they become visible. Interleaved, a later
      // number could commit first and be delivered before an earlier one still in flight.
      const owner = await client.query<{ trigger: string; deliver_to: string | null }>(
        'SELECT trigger, deliver_to FROM subscriptions WHERE id = $1 FOR NO KEY UPDATE',
        [subscription],
      );
      const found = owner.rows[0];
      if (!found) return undefined;
      const receivedAt = this.#deps.now();
      if (events.some((event) => event.replay)) {
        await client.query('DELETE FROM trigger_replays WHERE subscription_id = $1 AND expires_at <= $2', [
          subscription,
          receivedAt.getTime(),
        ]);
      }
      const stored: StoredEvent[] = [];
      for (const event of events) {
        if (event.replay) {
          // A key already held means this signed delivery's event is already stored: this is a copy.
          // An instance inserting the same key at the same moment waits for this one's commit.
          const remembered = await client.query(
            `INSERT INTO trigger_replays (subscription_id, replay_key, expires_at) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING`,
            [subscription, event.replay.key, replayExpiry(event.replay.until, receivedAt.getTime())],
          );
          if (remembered.rowCount === 0) continue;
        }
        const inserted = await client.query<{ seq: string }>(
          `INSERT INTO trigger_events (subscription_id, event_id, trigger, type, occurred_at, received_at, data)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (subscription_id, event_id) DO NOTHING RETURNING seq`,
          [
            subscription,
            event.id,
            found.trigger,
            event.type,
            event.occurredAt,
            receivedAt,
            box().seal(JSON.stringify(event.data ?? null), eventContext(subscription, event.id)),
          ],
        );
        const row = inserted.rows[0];
        if (!row) continue;
        const seq = Number(row.seq);
        if (found.deliver_to) {
          await client.query(
            'INSERT INTO deliveries (subscription_id, seq, event_id, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5)',
            [subscription, seq, event.id, receivedAt.getTime(), receivedAt],
          );
        }
        stored.push({
          seq,
          id: event.id,
          trigger: found.trigger,
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
    const { rows } =
      query.subscription === undefined
        ? await this.#deps.pool.query<EventRow>(
            'SELECT * FROM trigger_events WHERE seq > $1 ORDER BY seq LIMIT $2',
            [query.after ?? 0, limit],
          )
        : await this.#deps.pool.query<EventRow>(
            'SELECT * FROM trigger_events WHERE subscription_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
            [query.subscription, query.after ?? 0, limit],
          );
    return rows.map((row) => storedEvent(this.#deps.box(), row));
  }

  async cursorBeforeNewest(query: { subscription?: string | undefined; newest: number }): Promise<number> {
    const { rows } =
      query.subscription === undefined
        ? await this.#deps.pool.query<{ seq: string }>(
            'SELECT seq FROM trigger_events ORDER BY seq DESC LIMIT 1 OFFSET $1',
            [query.newest],
          )
        : await this.#deps.pool.query<{ seq: string }>(
            'SELECT seq FROM trigger_events WHERE subscription_id = $1 ORDER BY seq DESC LIMIT 1 OFFSET $2',
            [query.subscription, query.newest],
          );
    return rows[0] ? Number(rows[0].seq) : 0;
  }

  async claimDueDeliveries(options: { leaseMs: number; limit?: number }): Promise<DeliveryRecord[]> {
    const now = this.#deps.now().getTime();
    // One statement: rows another instance holds are skipped, so two never send the same delivery.
    const { rows } = await this.#deps.pool.query<DeliveryRow>(
      `UPDATE deliveries d SET lease_until = $1
       WHERE (d.subscription_id, d.seq) IN (
         SELECT c.subscription_id, c.seq FROM deliveries c
         WHERE c.status = 'pending' AND c.next_attempt_at <= $2 AND c.lease_until <= $2
           AND c.seq = (SELECT min(seq) FROM deliveries o WHERE o.subscription_id = c.subscription_id AND o.status = 'pending')
         ORDER BY c.seq LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING d.*`,
      [now + options.leaseMs, now, options.limit ?? 20],
    );
    return rows.map(deliveryRecord).sort((a, b) => a.seq - b.seq);
  }

  async recordDeliveryAttempt(subscription: string, seq: number, outcome: DeliveryOutcome): Promise<void> {
    await this.#deps.pool.query(
      `UPDATE deliveries SET status = $1, attempts = attempts + 1, last_status = $2, last_error = $3,
         next_attempt_at = coalesce($4, next_attempt_at), lease_until = 0, delivered_at = $5
       WHERE subscription_id = $6 AND seq = $7`,
      [
        outcome.status,
        outcome.lastStatus ?? null,
        outcome.lastError ?? null,
        outcome.nextAttemptAt ?? null,
        outcome.status === 'delivered' ? this.#deps.now() : null,
        subscription,
        seq,
      ],
    );
  }

  async listDeliveries(subscription: string, limit = 100): Promise<DeliveryRecord[]> {
    const { rows } = await this.#deps.pool.query<DeliveryRow>(
      'SELECT * FROM deliveries WHERE subscription_id = $1 ORDER BY seq LIMIT $2',
      [subscription, limit],
    );
    return rows.map(deliveryRecord);
  }

  /**
   * Re-seals with the current key every subscription state, delivery secret and event sealed with
   * an older one, one row per transaction (key rotation). Returns how many values it re-sealed.
   */
  async resealAll(): Promise<number> {
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
    const ids = await this.#deps.pool.query<{ id: string }>('SELECT id FROM subscriptions');
    for (const { id } of ids.rows) {
      await this.#deps.transaction(async (client) => {
        const { rows } = await client.query<{ state: string; deliver_secret: string | null }>(
          'SELECT state, deliver_secret FROM subscriptions WHERE id = $1 FOR UPDATE',
          [id],
        );
        const row = rows[0];
        if (!row) return;
        const state = reseal(row.state, stateContext(id));
        const secret = reseal(row.deliver_secret, secretContext(id));
        if (state || secret) {
          await client.query(
            'UPDATE subscriptions SET state = coalesce($1, state), deliver_secret = coalesce($2, deliver_secret) WHERE id = $3',
            [state ?? null, secret ?? null, id],
          );
        }
        count += (state ? 1 : 0) + (secret ? 1 : 0);
      });
    }
    const events = await this.#deps.pool.query<{ seq: string }>('SELECT seq FROM trigger_events');
    for (const { seq } of events.rows) {
      await this.#deps.transaction(async (client) => {
        const { rows } = await client.query<{ data: string; subscription_id: string; event_id: string }>(
          'SELECT data, subscription_id, event_id FROM trigger_events WHERE seq = $1 FOR UPDATE',
          [seq],
        );
        const row = rows[0];
        const data = row && reseal(row.data, eventContext(row.subscription_id, row.event_id));
        if (!data) return;
        await client.query('UPDATE trigger_events SET data = $1 WHERE seq = $2', [data, seq]);
        count += 1;
      });
    }
    return count;
  }
}
