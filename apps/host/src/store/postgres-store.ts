import { createHash, randomBytes } from 'node:crypto';
import { NetworkError, TimeoutError, ValidationError } from '@c/core';
import pg from 'pg';
import { auditEntry } from './audit-rows.js';
import {
  type AuditEntry,
  type AuditQuery,
  ConnectionExistsError,
  type ConnectionRecord,
  type ConnectionStatus,
  type ConnectionStore,
  type CredentialsUpdate,
  type LockOptions,
  type NewAuditEntry,
  type NewConnection,
  type NewRun,
  type ResealReport,
  type RunClaim,
  type RunOutcome,
  type RunRecord,
  type RunStatus,
  type SlotOptions,
  type StoreReadiness,
} from './connection-store.js';
import { PostgresFailureStore } from './postgres-failure-store.js';
import { LATEST_VERSION, MIGRATIONS, SCHEMA } from './postgres-migrations.js';
import { PostgresTriggerStore } from './postgres-trigger-store.js';
import {
  type ConnectionRow,
  connectionContext,
  connectionRecord,
  openCredentials,
  openEphemeral,
  opensCredentials,
  type RunRow,
  reopen,
  resealer,
  runRecord,
  sealCredentials,
} from './sealed-rows.js';
import {
  deriveKey,
  KEY_SETTING,
  KEY_VARIABLE,
  type KeyMaterial,
  newKeyRecord,
  OLD_KEYS_VARIABLE,
  parseKeyRecord,
  readOldKeys,
  retirePrevious,
  SecretBox,
  unlockKeys,
} from './secret-box.js';
import { jittered, Wakeups } from './wakeups.js';

/** Options of `PostgresConnectionStore.open`. */
export interface PostgresStoreOptions {
  /** `C_HOST_DATABASE_URL`: `postgres://user:password@host:port/database`. */
  url: string;
  /** `C_HOST_SECRET_KEY`, required: every instance of a fleet seals with the same key. */
  secretKey: string | undefined;
  /** `C_HOST_SECRET_KEYS_OLD`: earlier keys, comma-separated, that still open what they sealed. */
  oldKeys?: string | undefined;
  /** Connections for queries (default 10). */
  poolSize?: number;
  /**
   * Connections for locks held across work (default 20): each held lock keeps one for the length
   * of its work (an OAuth refresh, a keyed run), so this many can be held at once per instance.
   */
  lockPoolSize?: number;
  now?: () => Date;
}

/** The channel on which instances tell each other that a lock or slot was given back. */
const WAKE_CHANNEL = 'c_host_wake';
/** The advisory lock that makes migrations one instance at a time. */
const MIGRATION_LOCK = lockKey('c-host migrations');
const UNIQUE_VIOLATION = '23505';

/** A 64-bit advisory lock key for a name (as a decimal string: PostgreSQL's bigint). */
export function lockKey(name: string): string {
  return createHash('sha256').update(name, 'utf8').digest().readBigInt64BE(0).toString();
}

/** `host:port/database` of a URL: how messages name the database, without user or password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured database';
  }
}

/** The refusal when a fleet instance has no `C_HOST_SECRET_KEY`. */
function missingFleetKey(): ValidationError {
  return new ValidationError(
    `Invalid parameter "${KEY_VARIABLE}": a fleet store (C_HOST_DATABASE_URL) needs ${KEY_VARIABLE}, the same on every instance, to seal and open credentials; a key file in one instance's data directory cannot serve the others. Make one with \`openssl rand -base64 32\`, set it on every instance, and back it up apart from the database.`,
    { parameter: KEY_VARIABLE },
  );
}

/** The refusal when the key is not the one the fleet's database was sealed with. */
function wrongFleetKey(database: string): ValidationError {
  return new ValidationError(
    `Invalid parameter "${KEY_VARIABLE}": the secret key from ${KEY_VARIABLE} does not open the database ${database}, which was sealed with another key. Set ${KEY_VARIABLE} to the key the other instances use; to move to a new key, put the database's key in ${OLD_KEYS_VARIABLE}. The host never makes a new key over a store sealed with another.`,
    { parameter: KEY_VARIABLE },
  );
}

function unreachable(database: string, error: unknown): NetworkError {
  const code = (error as { code?: string }).code;
  return new NetworkError(
    `The database ${database} cannot be reached${code ? ` (${code})` : ''}: ${(error as Error).message}. Check C_HOST_DATABASE_URL and that PostgreSQL is running.`,
  );
}

/**
 * The fleet store: PostgreSQL (with `pg`), shared by any number of host instances behind a load
 * balancer. The schema is created and migrated on open under an advisory lock, so instances starting
 * at once are safe. Credentials and short-lived values are sealed exactly as in the embedded store
 * (AES-256-GCM, the key checked against the store's key record), with `C_HOST_SECRET_KEY` required.
 * Named locks are session advisory locks (released by PostgreSQL itself when a holder dies), shared
 * budgets are leased rows, and waiters poll without blocking, woken early by `NOTIFY`.
 */
export class PostgresConnectionStore implements ConnectionStore {
  readonly #pool: pg.Pool;
  readonly #lockPool: pg.Pool;
  readonly #database: string;
  readonly #now: () => Date;
  readonly #wakeups = new Wakeups();
  /** Lease renewals of the slots held now, stopped when the store closes. */
  readonly #renewals = new Set<NodeJS.Timeout>();
  #box!: SecretBox;
  /** Subscriptions, events and deliveries. */
  readonly triggers: PostgresTriggerStore;
  /** Failed access checks per client, shared by every instance of the fleet. */
  readonly failures: PostgresFailureStore;
  #listener: pg.Client | undefined;
  #listenRetry: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(options: PostgresStoreOptions) {
    const config: pg.PoolConfig = {
      connectionString: options.url,
      // Every table is in the host's own schema, so a database shared with other software is fine.
      options: `-c search_path=${SCHEMA}`,
      application_name: 'c-host',
      connectionTimeoutMillis: 10_000,
    };
    this.#pool = new pg.Pool({ ...config, max: options.poolSize ?? 10 });
    // No connect timeout here: waiting for a connection is waiting for the lock, bounded by its deadline.
    this.#lockPool = new pg.Pool({ ...config, max: options.lockPoolSize ?? 20, connectionTimeoutMillis: 0 });
    // An idle connection dropped by the server (a restart, a failover) must not end the process:
    // the pool makes a new one for the next query.
    this.#pool.on('error', () => {});
    this.#lockPool.on('error', () => {});
    this.#database = describeDatabase(options.url);
    this.#now = options.now ?? (() => new Date());
    this.triggers = new PostgresTriggerStore({
      pool: this.#pool,
      box: () => this.#box,
      now: this.#now,
      transaction: (work) => this.#transaction(work),
    });
    this.failures = new PostgresFailureStore(this.#pool);
  }

  /**
   * Connects, migrates the schema to this build's version and unlocks the secret key. Refuses
   * without `C_HOST_SECRET_KEY`, or with a key that is not the database's.
   */
  static async open(options: PostgresStoreOptions): Promise<PostgresConnectionStore> {
    if (!options.secretKey?.trim()) throw missingFleetKey();
    const store = new PostgresConnectionStore(options);
    try {
      try {
        await store.#pool.query('SELECT 1');
      } catch (error) {
        throw unreachable(store.#database, error);
      }
      await store.#migrate();
      store.#box = await store.#unlock(
        { text: options.secretKey, source: KEY_VARIABLE, fromEnv: true },
        readOldKeys(options.oldKeys),
      );
      await store.#listen();
      return store;
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  async list(): Promise<ConnectionRecord[]> {
    const { rows } = await this.#pool.query<ConnectionRow>(
      'SELECT * FROM connections ORDER BY connector, created_at, name',
    );
    return rows.map((row) => connectionRecord(this.#box, row));
  }

  async get(name: string): Promise<ConnectionRecord | undefined> {
    const { rows } = await this.#pool.query<ConnectionRow>('SELECT * FROM connections WHERE name = $1', [
      name,
    ]);
    return rows[0] ? connectionRecord(this.#box, rows[0]) : undefined;
  }

  async getDefault(connector: string): Promise<ConnectionRecord | undefined> {
    const { rows } = await this.#pool.query<ConnectionRow>(
      'SELECT * FROM connections WHERE connector = $1 AND is_default',
      [connector],
    );
    return rows[0] ? connectionRecord(this.#box, rows[0]) : undefined;
  }

  async create(input: NewConnection): Promise<ConnectionRecord> {
    try {
      return await this.#transaction(async (client) => {
        await lockConnector(client, input.connector);
        const taken = await client.query('SELECT 1 FROM connections WHERE name = $1', [input.name]);
        if (taken.rowCount) throw new ConnectionExistsError(input.name);
        const hasDefault = await client.query(
          'SELECT 1 FROM connections WHERE connector = $1 AND is_default',
          [input.connector],
        );
        // The first connection of a connector is its default: running a command needs no flag.
        const isDefault = input.isDefault === true || !hasDefault.rowCount;
        if (isDefault) {
          await client.query(
            'UPDATE connections SET is_default = false WHERE connector = $1 AND is_default',
            [input.connector],
          );
        }
        const now = this.#now();
        const { rows } = await client.query<ConnectionRow>(
          `INSERT INTO connections (name, connector, credentials, options, is_default, sandbox, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'ok', $7, $7) RETURNING *`,
          [
            input.name,
            input.connector,
            sealCredentials(this.#box, input.name, input.credentials),
            JSON.stringify(input.options),
            isDefault,
            input.sandbox ?? false,
            now,
          ],
        );
        return connectionRecord(this.#box, rows[0]!);
      });
    } catch (error) {
      // The same name created at once for two connectors: the primary key decides.
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === UNIQUE_VIOLATION && constraint === 'connections_pkey') {
        throw new ConnectionExistsError(input.name);
      }
      throw error;
    }
  }

  async updateCredentials(
    name: string,
    update: CredentialsUpdate,
    changes: { status?: ConnectionStatus; options?: Record<string, unknown> } = {},
  ): Promise<ConnectionRecord | undefined> {
    return this.#transaction(async (client) => {
      // FOR UPDATE: concurrent refreshes on any instance apply one after the other, none lost.
      const { rows } = await client.query<ConnectionRow>(
        'SELECT * FROM connections WHERE name = $1 FOR UPDATE',
        [name],
      );
      const row = rows[0];
      if (!row) return undefined;
      const next =
        typeof update === 'function' ? update(openCredentials(this.#box, name, row.credentials)) : update;
      const updated = await client.query<ConnectionRow>(
        `UPDATE connections SET credentials = $1, options = $2, status = $3, updated_at = $4
         WHERE name = $5 RETURNING *`,
        [
          sealCredentials(this.#box, name, next),
          changes.options ? JSON.stringify(changes.options) : row.options,
          changes.status ?? row.status,
          this.#now(),
          name,
        ],
      );
      return connectionRecord(this.#box, updated.rows[0]!);
    });
  }

  async setStatus(name: string, status: ConnectionStatus): Promise<void> {
    await this.#pool.query(
      'UPDATE connections SET status = $1, updated_at = $2 WHERE name = $3 AND status <> $1',
      [status, this.#now(), name],
    );
  }

  async setDefault(name: string): Promise<boolean> {
    return this.#transaction(async (client) => {
      const connector = await connectorOf(client, name);
      if (connector === undefined) return false;
      await lockConnector(client, connector);
      const { rowCount } = await client.query('SELECT 1 FROM connections WHERE name = $1', [name]);
      if (!rowCount) return false;
      await client.query('UPDATE connections SET is_default = false WHERE connector = $1 AND is_default', [
        connector,
      ]);
      await client.query('UPDATE connections SET is_default = true WHERE name = $1', [name]);
      return true;
    });
  }

  async remove(name: string): Promise<boolean> {
    return this.#transaction(async (client) => {
      const connector = await connectorOf(client, name);
      if (connector === undefined) return false;
      await lockConnector(client, connector);
      const { rows } = await client.query<{ is_default: boolean }>(
        'DELETE FROM connections WHERE name = $1 RETURNING is_default',
        [name],
      );
      if (!rows[0]) return false;
      if (rows[0].is_default) {
        await client.query(
          `UPDATE connections SET is_default = true WHERE name = (
             SELECT name FROM connections WHERE connector = $1 ORDER BY created_at, name LIMIT 1)`,
          [connector],
        );
      }
      return true;
    });
  }

  async getSetting(key: string): Promise<string | undefined> {
    const { rows } = await this.#pool.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
      key,
    ]);
    return rows[0]?.value;
  }

  async setSetting(key: string, value: string): Promise<void> {
    await this.#pool.query(
      'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, value],
    );
  }

  async deleteSetting(key: string): Promise<void> {
    await this.#pool.query('DELETE FROM settings WHERE key = $1', [key]);
  }

  /**
   * A session advisory lock on the name's hash, held by one connection of the lock pool for the
   * length of the work. PostgreSQL releases it when that session ends, so a holder killed with
   * SIGKILL frees it at once; `ttlMs` is therefore not needed here. Waiters try again without
   * holding a connection, woken early when any instance gives the lock back.
   */
  async withLock<T>(name: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    const key = lockKey(`lock:${name}`);
    const deadline = Date.now() + (options.waitMs ?? 60_000);
    let pause = 5;
    let holder: pg.PoolClient | undefined;
    for (;;) {
      options.signal?.throwIfAborted();
      holder = await this.#tryLock(key, name, deadline, options.signal);
      if (holder) break;
      if (Date.now() >= deadline) {
        throw new TimeoutError(`Another process held the lock "${name}" for too long; try again`);
      }
      await this.#wakeups.wait(`lock:${name}`, jittered(pause), options.signal);
      pause = Math.min(pause * 2, 100);
    }
    try {
      return await work();
    } finally {
      try {
        await holder.query('SELECT pg_advisory_unlock($1)', [key]);
        holder.release();
      } catch (error) {
        // A session that broke took its locks with it: drop the connection rather than reuse it.
        holder.release(error as Error);
      }
      await this.#notify(`lock:${name}`);
    }
  }

  /** A lock-pool connection holding the advisory lock, or undefined (and no connection kept) when it is taken. */
  async #tryLock(
    key: string,
    name: string,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<pg.PoolClient | undefined> {
    const client = await this.#lockConnection(name, deadline, signal);
    try {
      const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [key]);
      if (rows[0]!.got) return client;
      client.release();
      return undefined;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }

  /**
   * A lock-pool connection. When every one holds a lock (long work on this instance), waiting for one
   * is waiting for a lock: it ends with the lock's deadline (at least 1 s, for a lock asked with no
   * wait) or its signal, and a connection that arrives after is handed straight back.
   */
  async #lockConnection(
    name: string,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<pg.PoolClient> {
    const pending = this.#lockPool.connect();
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new TimeoutError(`Another process held the lock "${name}" for too long; try again`)),
        Math.max(deadline - Date.now(), 1_000),
      );
      onAbort = () => reject(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([pending, stopped]);
    } catch (error) {
      pending.then((client) => client.release()).catch(() => {});
      throw error;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  async putEphemeral(kind: string, key: string, value: string, expiresAt: number): Promise<void> {
    await this.#pool.query('DELETE FROM ephemeral WHERE expires_at <= $1', [this.#now().getTime()]);
    await this.#pool.query(
      `INSERT INTO ephemeral (kind, key, value, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
      [kind, key, this.#box.seal(value, `${kind}:${key}`), expiresAt],
    );
  }

  async getEphemeral(kind: string, key: string): Promise<string | undefined> {
    const { rows } = await this.#pool.query<{ value: string }>(
      'SELECT value FROM ephemeral WHERE kind = $1 AND key = $2 AND expires_at > $3',
      [kind, key, this.#now().getTime()],
    );
    if (!rows[0]) return undefined;
    const value = openEphemeral(this.#box, kind, key, rows[0].value);
    if (value === undefined) {
      await this.#pool.query('DELETE FROM ephemeral WHERE kind = $1 AND key = $2', [kind, key]);
    }
    return value;
  }

  async takeEphemeral(kind: string, key: string): Promise<string | undefined> {
    // DELETE … RETURNING is one statement: two instances racing with the same value cannot both win.
    const { rows } = await this.#pool.query<{ value: string; expires_at: string }>(
      'DELETE FROM ephemeral WHERE kind = $1 AND key = $2 RETURNING value, expires_at',
      [kind, key],
    );
    const row = rows[0];
    if (!row || Number(row.expires_at) <= this.#now().getTime()) return undefined;
    return openEphemeral(this.#box, kind, key, row.value);
  }

  async acquireSlot(name: string, limit: number, options: SlotOptions = {}): Promise<() => Promise<void>> {
    const ttl = Math.round(options.ttlMs ?? 30_000);
    const deadline = Date.now() + (options.waitMs ?? 60_000);
    const holder = randomBytes(16).toString('hex');
    let pause = 5;
    for (;;) {
      options.signal?.throwIfAborted();
      const { rows } = await this.#pool.query<{ taken: boolean }>(
        'SELECT take_slot($1, $2, $3, $4) AS taken',
        [name, holder, limit, ttl],
      );
      if (rows[0]!.taken) break;
      if (Date.now() >= deadline) {
        throw new TimeoutError(`All ${limit} slots of "${name}" stayed busy for too long; try again`);
      }
      await this.#wakeups.wait(`slot:${name}`, jittered(pause), options.signal);
      pause = Math.min(pause * 2, 100);
    }
    const renew = setInterval(() => {
      this.#pool
        .query(
          `UPDATE slots SET expires_at = clock_timestamp() + $3 * interval '1 millisecond'
           WHERE name = $1 AND holder = $2`,
          [name, holder, ttl],
        )
        .catch(() => {
          // The database is briefly away: the next beat tries again; the slot holds till its expiry.
        });
    }, ttl / 3);
    renew.unref();
    this.#renewals.add(renew);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      this.#renewals.delete(renew);
      if (this.#closed) return;
      // Given back and announced in one round trip.
      await this.#pool
        .query(
          `WITH gone AS (DELETE FROM slots WHERE name = $1 AND holder = $2)
           SELECT pg_notify($3, $4)`,
          [name, holder, WAKE_CHANNEL, `slot:${name}`],
        )
        .catch(() => {
          // Unreachable now: the lease expires by itself.
        });
      this.#wakeups.wake(`slot:${name}`);
    };
  }

  async checkReady(): Promise<StoreReadiness> {
    if (this.#closed) return { ready: false, store: 'postgres', reason: 'the store is closed' };
    let version: number;
    try {
      const { rows } = await withDeadline(
        this.#pool.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations'),
        5_000,
      );
      version = rows[0]?.version ?? 0;
    } catch {
      return { ready: false, store: 'postgres', reason: 'the database does not answer' };
    }
    // A newer instance may have migrated further during a rolling upgrade: steps only add, so that is fine.
    if (version < LATEST_VERSION) {
      return {
        ready: false,
        store: 'postgres',
        reason: `the schema is at version ${version}, this instance needs ${LATEST_VERSION}`,
        schemaVersion: version,
      };
    }
    return { ready: true, store: 'postgres', schemaVersion: version };
  }

  async reseal(): Promise<ResealReport> {
    const report: ResealReport = { connections: 0, ephemerals: 0, current: 0, unreadable: [] };
    const names = await this.#pool.query<{ name: string }>('SELECT name FROM connections ORDER BY name');
    for (const { name } of names.rows) {
      // One row per transaction: a token refresh elsewhere waits for one row at most, and its
      // FOR UPDATE read sees either the old sealing or the new, never loses its write.
      await this.#transaction(async (client) => {
        const { rows } = await client.query<{ credentials: string }>(
          'SELECT credentials FROM connections WHERE name = $1 FOR UPDATE',
          [name],
        );
        if (!rows[0]) return;
        const opened = reopen(this.#box, rows[0].credentials, connectionContext(name));
        if (!opened) report.unreadable.push(name);
        else if (opened.current) report.current += 1;
        else {
          await client.query('UPDATE connections SET credentials = $1 WHERE name = $2', [
            this.#box.seal(opened.plaintext, connectionContext(name)),
            name,
          ]);
          report.connections += 1;
        }
      });
    }
    const live = await this.#pool.query<{ kind: string; key: string }>(
      'SELECT kind, key FROM ephemeral WHERE expires_at > $1',
      [this.#now().getTime()],
    );
    for (const { kind, key } of live.rows) {
      await this.#transaction(async (client) => {
        const { rows } = await client.query<{ value: string }>(
          'SELECT value FROM ephemeral WHERE kind = $1 AND key = $2 FOR UPDATE',
          [kind, key],
        );
        const opened = rows[0] && reopen(this.#box, rows[0].value, `${kind}:${key}`);
        if (!opened || opened.current) return;
        await client.query('UPDATE ephemeral SET value = $1 WHERE kind = $2 AND key = $3', [
          this.#box.seal(opened.plaintext, `${kind}:${key}`),
          kind,
          key,
        ]);
        report.ephemerals += 1;
      });
    }
    report.ephemerals += await this.#resealRuns();
    report.ephemerals += await this.triggers.resealAll();
    await this.#transaction(async (client) => {
      const { rows } = await client.query<{ value: string }>(
        'SELECT value FROM settings WHERE key = $1 FOR UPDATE',
        [KEY_SETTING],
      );
      const record = parseKeyRecord(rows[0]?.value);
      // Retired only while the record is still this key's: another rotation may have moved it on.
      if (record?.previous && this.#box.isCurrent(record.check)) {
        await client.query('UPDATE settings SET value = $1 WHERE key = $2', [
          JSON.stringify(retirePrevious(record)),
          KEY_SETTING,
        ]);
      }
    });
    return report;
  }

  // --- Async runs (RunStore) ---------------------------------------------------------------

  async createRun(run: NewRun): Promise<RunRecord> {
    const { rows } = await this.#pool.query<RunRow>(
      `INSERT INTO runs (id, command, connection, input, repeat_safe, status, attempt, created_at)
       VALUES ($1, $2, $3, $4, $5, 'queued', 0, $6) RETURNING *`,
      [
        run.id,
        run.command,
        run.connection,
        this.#box.seal(
          JSON.stringify({ input: run.input, idempotencyKey: run.idempotencyKey, actor: run.actor }),
          `run:${run.id}:input`,
        ),
        run.repeatSafe,
        this.#now(),
      ],
    );
    return runRecord(this.#box, rows[0]!);
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const { rows } = await this.#pool.query<RunRow>('SELECT * FROM runs WHERE id = $1', [id]);
    return rows[0] ? runRecord(this.#box, rows[0]) : undefined;
  }

  async listRuns(filter: { status: RunStatus; limit?: number }): Promise<RunRecord[]> {
    const { rows } = await this.#pool.query<RunRow>(
      'SELECT * FROM runs WHERE status = $1 ORDER BY created_at, id LIMIT $2',
      [filter.status, filter.limit ?? 100],
    );
    return rows.map((row) => runRecord(this.#box, row));
  }

  async claimNextRun(claim: RunClaim): Promise<RunRecord | undefined> {
    // SKIP LOCKED: workers claiming at once each take a different run, none waits for another.
    const { rows } = await this.#pool.query<RunRow>(
      `UPDATE runs SET status = 'running', attempt = attempt + 1, owner = $1, lease_expires_at = $2,
         started_at = COALESCE(started_at, $3)
       WHERE id = (SELECT id FROM runs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [claim.owner, Date.now() + claim.leaseMs, this.#now()],
    );
    return rows[0] ? runRecord(this.#box, rows[0]) : undefined;
  }

  async takeRun(id: string, claim: RunClaim): Promise<{ run: RunRecord; previous: RunStatus } | undefined> {
    return this.#transaction(async (client) => {
      const { rows } = await client.query<RunRow>('SELECT * FROM runs WHERE id = $1 FOR UPDATE', [id]);
      const row = rows[0];
      if (!row) return undefined;
      const previous = row.status as RunStatus;
      if (previous !== 'queued' && previous !== 'running')
        return { run: runRecord(this.#box, row), previous };
      const taken = await client.query<RunRow>(
        `UPDATE runs SET status = 'running', attempt = attempt + 1, owner = $1, lease_expires_at = $2,
           started_at = COALESCE(started_at, $3)
         WHERE id = $4 RETURNING *`,
        [claim.owner, Date.now() + claim.leaseMs, this.#now(), id],
      );
      return { run: runRecord(this.#box, taken.rows[0]!), previous };
    });
  }

  async touchRun(
    id: string,
    attempt: number,
    update: { leaseMs?: number; progress?: Record<string, unknown> },
  ): Promise<'running' | 'canceling' | undefined> {
    const { rows } = await this.#pool.query<{ status: 'running' | 'canceling' }>(
      `UPDATE runs SET lease_expires_at = COALESCE($1, lease_expires_at), progress = COALESCE($2, progress)
       WHERE id = $3 AND attempt = $4 AND status IN ('running', 'canceling') RETURNING status`,
      [
        update.leaseMs === undefined ? null : Date.now() + update.leaseMs,
        update.progress === undefined ? null : JSON.stringify(update.progress),
        id,
        attempt,
      ],
    );
    return rows[0]?.status;
  }

  async cancelRun(id: string): Promise<{ run: RunRecord; previous: RunStatus } | undefined> {
    // SET reads the row as it was: a queued run ends at once, a running one waits for its worker.
    const { rows } = await this.#pool.query<RunRow>(
      `UPDATE runs SET status = CASE status WHEN 'queued' THEN 'canceled' ELSE 'canceling' END,
         finished_at = CASE status WHEN 'queued' THEN $1 ELSE finished_at END
       WHERE id = $2 AND status IN ('queued', 'running') RETURNING *`,
      [this.#now(), id],
    );
    const changed = rows[0];
    if (changed) {
      return {
        run: runRecord(this.#box, changed),
        previous: changed.status === 'canceled' ? 'queued' : 'running',
      };
    }
    const row = (await this.#pool.query<RunRow>('SELECT * FROM runs WHERE id = $1', [id])).rows[0];
    return row ? { run: runRecord(this.#box, row), previous: row.status as RunStatus } : undefined;
  }

  async releaseRun(id: string, attempt: number): Promise<boolean> {
    const { rowCount } = await this.#pool.query(
      `UPDATE runs SET status = 'queued', owner = NULL, lease_expires_at = NULL, progress = NULL
       WHERE id = $1 AND attempt = $2 AND status = 'running'`,
      [id, attempt],
    );
    return rowCount === 1;
  }

  async finishRun(id: string, attempt: number, outcome: RunOutcome): Promise<boolean> {
    return this.#transaction(async (client) => {
      const [status, column, value] =
        'result' in outcome
          ? (['succeeded', 'result', JSON.stringify(outcome.result)] as const)
          : 'canceled' in outcome
            ? (['canceled', 'error', outcome.error && JSON.stringify(outcome.error)] as const)
            : (['failed', 'error', JSON.stringify(outcome.error)] as const);
      const ended = await client.query(
        `UPDATE runs SET status = $1, ${column} = $2, owner = NULL, lease_expires_at = NULL, finished_at = $3
         WHERE id = $4 AND attempt = $5 AND status IN ('running', 'canceling')`,
        [
          status,
          value === undefined ? null : this.#box.seal(value, `run:${id}:${column}`),
          this.#now(),
          id,
          attempt,
        ],
      );
      if (ended.rowCount !== 1) return false;
      if ('pieces' in outcome) {
        for (const [seq, piece] of outcome.pieces.entries()) {
          await client.query('INSERT INTO run_pieces (run_id, seq, data) VALUES ($1, $2, $3)', [
            id,
            seq,
            this.#box.seal(piece, `run:${id}:piece:${seq}`),
          ]);
        }
      }
      return true;
    });
  }

  async *readRunResult(id: string): AsyncIterable<string> {
    // One piece per query: a big export is never all in memory on the way out.
    for (let seq = 0; ; seq += 1) {
      const { rows } = await this.#pool.query<{ data: string }>(
        'SELECT data FROM run_pieces WHERE run_id = $1 AND seq = $2',
        [id, seq],
      );
      if (!rows[0]) return;
      yield this.#box.open(rows[0].data, `run:${id}:piece:${seq}`);
    }
  }

  async pruneRuns(endedBefore: Date): Promise<number> {
    // Their pieces go with them (ON DELETE CASCADE).
    const { rowCount } = await this.#pool.query('DELETE FROM runs WHERE finished_at < $1', [endedBefore]);
    return rowCount ?? 0;
  }

  /** Re-seals every sealed value of every run under the current key, one run per transaction. */
  async #resealRuns(): Promise<number> {
    const resealed = resealer(this.#box);
    const ids = await this.#pool.query<{ id: string }>('SELECT id FROM runs ORDER BY id');
    for (const { id } of ids.rows) {
      await this.#transaction(async (client) => {
        const { rows } = await client.query<RunRow>('SELECT * FROM runs WHERE id = $1 FOR UPDATE', [id]);
        const row = rows[0];
        if (!row) return;
        for (const column of ['input', 'result', 'error'] as const) {
          const value = resealed.again(row[column], `run:${id}:${column}`);
          if (value !== undefined)
            await client.query(`UPDATE runs SET ${column} = $1 WHERE id = $2`, [value, id]);
        }
        const pieces = await client.query<{ seq: number; data: string }>(
          'SELECT seq, data FROM run_pieces WHERE run_id = $1',
          [id],
        );
        for (const piece of pieces.rows) {
          const value = resealed.again(piece.data, `run:${id}:piece:${piece.seq}`);
          if (value !== undefined) {
            await client.query('UPDATE run_pieces SET data = $1 WHERE run_id = $2 AND seq = $3', [
              value,
              id,
              piece.seq,
            ]);
          }
        }
      });
    }
    return resealed.count;
  }

  // --- end of async runs ---------------------------------------------------------------------

  // --- Audit log (AuditStore) -----------------------------------------------------------------

  async appendAudit(entry: NewAuditEntry): Promise<void> {
    await this.#pool.query(
      `INSERT INTO audit (at, actor, action, target, connection, outcome, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.at,
        entry.actor,
        entry.action,
        entry.target,
        entry.connection ?? null,
        entry.outcome,
        entry.requestId ?? null,
      ],
    );
  }

  async listAudit(query: AuditQuery): Promise<AuditEntry[]> {
    const { rows } = await this.#pool.query(
      'SELECT * FROM audit WHERE at >= $1 ORDER BY at DESC, id DESC LIMIT $2',
      [query.since ?? new Date(0), query.limit],
    );
    return rows.map(auditEntry);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const renew of this.#renewals) clearInterval(renew);
    this.#renewals.clear();
    clearTimeout(this.#listenRetry);
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => {});
    await Promise.all([this.#pool.end(), this.#lockPool.end()]);
  }

  /** Applies the steps this database lacks, one instance at a time (a session advisory lock). */
  async #migrate(): Promise<void> {
    const client = await this.#pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
        await client.query(
          `CREATE TABLE IF NOT EXISTS schema_migrations (
             version integer PRIMARY KEY,
             name text NOT NULL,
             applied_at timestamptz NOT NULL DEFAULT now()
           )`,
        );
        const applied = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
        const done = new Set(applied.rows.map((row) => row.version));
        for (const step of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
          if (done.has(step.version)) continue;
          await client.query('BEGIN');
          try {
            await client.query(step.sql);
            await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
              step.version,
              step.name,
            ]);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }

  /**
   * The box of the fleet's key. The first instance writes the key record (insert-if-absent, so
   * instances starting at once agree on one); a new key with the database's key among the old ones
   * moves the record to it (compare-and-set, so two instances moving at once agree too).
   */
  async #unlock(material: KeyMaterial, old: KeyMaterial[]): Promise<SecretBox> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const stored = await this.getSetting(KEY_SETTING);
      const record = parseKeyRecord(stored);
      if (!record) {
        const sealed = await this.#pool.query<{ name: string; credentials: string }>(
          'SELECT name, credentials FROM connections',
        );
        const made = newKeyRecord(material, sealed.rows.length > 0);
        // Rows without a key record (the setting was deleted): the key must open at least one.
        const box = new SecretBox(made.key);
        if (
          sealed.rows.length > 0 &&
          !sealed.rows.some((row) => opensCredentials(box, row.credentials, row.name))
        ) {
          throw wrongFleetKey(this.#database);
        }
        const inserted = await this.#pool.query(
          'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
          [KEY_SETTING, JSON.stringify(made.record)],
        );
        if (inserted.rowCount) {
          return new SecretBox(
            made.key,
            old.map((older) => deriveKey(older, made.record)),
          );
        }
        continue;
      }
      const unlocked = unlockKeys(record, material, old);
      if (!unlocked) throw wrongFleetKey(this.#database);
      if (!unlocked.changed) return unlocked.box;
      const moved = await this.#pool.query('UPDATE settings SET value = $1 WHERE key = $2 AND value = $3', [
        JSON.stringify(unlocked.record),
        KEY_SETTING,
        stored,
      ]);
      if (moved.rowCount) return unlocked.box;
    }
    throw new Error('The database’s key record kept changing while this instance started; try again');
  }

  /**
   * Listens for other instances giving back locks and slots, so waiters here try again at once
   * instead of at their next poll. Polling still works without it (a lost listener reconnects).
   */
  async #listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#pool.options.connectionString,
      options: `-c search_path=${SCHEMA}`,
      application_name: 'c-host listener',
    });
    client.on('notification', (message) => {
      if (message.payload) this.#wakeups.wake(message.payload);
    });
    client.on('error', () => {
      // The connection broke (a database restart, a failover): listen again on a new one.
      if (this.#listener !== client) return;
      this.#listener = undefined;
      client.end().catch(() => {});
      this.#listenLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (this.#closed) {
      await client.end();
      return;
    }
    this.#listener = client;
  }

  /** Tries to listen again in a second, and again after that until it works or the store closes. */
  #listenLater(): void {
    if (this.#closed) return;
    this.#listenRetry = setTimeout(() => {
      this.#listen().catch(() => this.#listenLater());
    }, 1_000);
    this.#listenRetry.unref();
  }

  async #notify(payload: string): Promise<void> {
    this.#wakeups.wake(payload);
    if (this.#closed) return;
    await this.#pool.query('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, payload]).catch(() => {
      // Waiters elsewhere poll: the lock is free either way.
    });
  }

  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
        client.release();
      } catch (rollback) {
        client.release(rollback as Error);
      }
      throw error;
    }
  }
}

/** Serializes changes to a connector's connections (its one default) across instances, till commit. */
async function lockConnector(client: pg.PoolClient, connector: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey(`connector:${connector}`)]);
}

async function connectorOf(client: pg.PoolClient, name: string): Promise<string | undefined> {
  const { rows } = await client.query<{ connector: string }>(
    'SELECT connector FROM connections WHERE name = $1',
    [name],
  );
  return rows[0]?.connector;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
