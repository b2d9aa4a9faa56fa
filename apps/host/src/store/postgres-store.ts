import { NetworkError, ValidationError } from '@c/core';
import type pg from 'pg';
import type { HostStore, ResealReport, StoreReadiness } from './host-store.js';
import { PostgresAuditStore } from './postgres-audit-store.js';
import { PostgresConnectionStore } from './postgres-connection-store.js';
import { GuardedPool, lockKey, type PostgresDeps, postgresTransaction } from './postgres-deps.js';
import { PostgresFailureStore } from './postgres-failure-store.js';
import { PostgresHistoryStore } from './postgres-history-store.js';
import { PostgresLockStore } from './postgres-lock-store.js';
import { LATEST_VERSION, MIGRATIONS, SCHEMA } from './postgres-migrations.js';
import { PostgresRunStore } from './postgres-run-store.js';
import { PostgresSettingStore } from './postgres-setting-store.js';
import { PostgresTriggerStore } from './postgres-trigger-store.js';
import { opensCredentials } from './sealed-rows.js';
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

/** Options of `PostgresHostStore.open`. */
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

/** The advisory lock that makes migrations one instance at a time. */
const MIGRATION_LOCK = lockKey('c-host migrations');

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
  // An outage (refused, reset, shut down) arrives already said in words without an address: its
  // code is all it adds. Anything else (a wrong password, an unknown database) says what it is.
  const outage = NetworkError.isInstance(error);
  const code = outage ? error.details?.code : (error as { code?: string }).code;
  return new NetworkError(
    `The database ${database} cannot be reached${typeof code === 'string' ? ` (${code})` : ''}${outage ? '' : `: ${(error as Error).message}`}. Check C_HOST_DATABASE_URL and that PostgreSQL is running.`,
  );
}

/**
 * The fleet store: PostgreSQL (with `pg`), shared by any number of host instances behind a load
 * balancer, each role in its own class over the same pools. The schema is created and migrated on
 * open under an advisory lock, so instances starting at once are safe. Credentials and short-lived
 * values are sealed exactly as in the embedded store (AES-256-GCM, the key checked against the
 * store's key record), with `C_HOST_SECRET_KEY` required.
 */
export class PostgresHostStore implements HostStore {
  readonly #pool: pg.Pool;
  readonly #lockPool: pg.Pool;
  readonly #database: string;
  readonly #deps: PostgresDeps;
  #box!: SecretBox;
  readonly connections: PostgresConnectionStore;
  readonly settings: PostgresSettingStore;
  readonly locks: PostgresLockStore;
  readonly runs: PostgresRunStore;
  readonly audit: PostgresAuditStore;
  readonly history: PostgresHistoryStore;
  readonly triggers: PostgresTriggerStore;
  /** Failed access checks per client, shared by every instance of the fleet. */
  readonly failures: PostgresFailureStore;
  #closed = false;

  private constructor(options: PostgresStoreOptions) {
    const config: pg.PoolConfig = {
      connectionString: options.url,
      // Every table is in the host's own schema, so a database shared with other software is fine.
      options: `-c search_path=${SCHEMA}`,
      application_name: 'c-host',
      connectionTimeoutMillis: 10_000,
    };
    // A connection dropped by the server (a restart, a failover), idle or in use, must not end the
    // process: each pool hears every connection it makes, and says what failed as an outage.
    this.#pool = new GuardedPool({ ...config, max: options.poolSize ?? 10 });
    // No connect timeout here: waiting for a connection is waiting for the lock, bounded by its deadline.
    this.#lockPool = new GuardedPool({
      ...config,
      max: options.lockPoolSize ?? 20,
      connectionTimeoutMillis: 0,
    });
    this.#database = describeDatabase(options.url);
    this.#deps = {
      pool: this.#pool,
      box: () => this.#box,
      now: options.now ?? (() => new Date()),
      transaction: postgresTransaction(this.#pool),
    };
    this.connections = new PostgresConnectionStore(this.#deps);
    this.settings = new PostgresSettingStore(this.#deps);
    this.locks = new PostgresLockStore(this.#pool, this.#lockPool);
    this.runs = new PostgresRunStore(this.#deps);
    this.audit = new PostgresAuditStore(this.#deps);
    this.history = new PostgresHistoryStore(this.#deps);
    this.triggers = new PostgresTriggerStore(this.#deps);
    this.failures = new PostgresFailureStore(this.#pool);
  }

  /**
   * Connects, migrates the schema to this build's version and unlocks the secret key. Refuses
   * without `C_HOST_SECRET_KEY`, or with a key that is not the database's.
   */
  static async open(options: PostgresStoreOptions): Promise<PostgresHostStore> {
    if (!options.secretKey?.trim()) throw missingFleetKey();
    const store = new PostgresHostStore(options);
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
      await store.locks.listen();
      return store;
    } catch (error) {
      await store.close();
      throw error;
    }
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
    const report: ResealReport = { ...(await this.connections.resealAll()), ephemerals: 0 };
    report.ephemerals += await this.settings.resealAll();
    report.ephemerals += await this.runs.resealAll();
    report.ephemerals += await this.triggers.resealAll();
    await this.#deps.transaction(async (client) => {
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

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.locks.close();
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
      const stored = await this.settings.getSetting(KEY_SETTING);
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
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
