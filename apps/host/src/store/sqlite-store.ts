import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { HostStore, ResealReport, StoreReadiness } from './host-store.js';
import { ensureDataDir, restrict, touchOwnerOnly } from './owner-only.js';
import { type ConnectionRow, opensCredentials } from './sealed-rows.js';
import {
  deriveKey,
  KEY_SETTING,
  newKeyRecord,
  parseKeyRecord,
  readKeyMaterial,
  readOldKeys,
  retirePrevious,
  SecretBox,
  unlockKeys,
  wrongKeyError,
} from './secret-box.js';
import { AUDIT_SCHEMA, SqliteAuditStore } from './sqlite-audit-store.js';
import { CONNECTION_SCHEMA, SqliteConnectionStore } from './sqlite-connection-store.js';
import { type SqliteDeps, sqliteTransaction } from './sqlite-deps.js';
import { FAILURE_SCHEMA, SqliteFailureStore } from './sqlite-failure-store.js';
import { HISTORY_SCHEMA, SqliteHistoryStore } from './sqlite-history-store.js';
import { LOCK_SCHEMA, SqliteLockStore } from './sqlite-lock-store.js';
import { RUN_SCHEMA, SqliteRunStore } from './sqlite-run-store.js';
import { readSetting, SETTING_SCHEMA, SqliteSettingStore } from './sqlite-setting-store.js';
import { SqliteTriggerStore, TRIGGER_SCHEMA, upgradeTriggerSchema } from './sqlite-trigger-store.js';

/** The database file inside the data directory. */
export const DATABASE_FILE = 'host.db';

/** Options of `SqliteHostStore`. */
export interface SqliteStoreOptions {
  dataDir: string;
  /** `C_HOST_SECRET_KEY`: the key (64 hex characters or base64 of 32 bytes) or a passphrase. Unset: `secret.key`. */
  secretKey?: string | undefined;
  /** `C_HOST_SECRET_KEYS_OLD`: earlier keys, comma-separated, that still open what they sealed. */
  oldKeys?: string | undefined;
  now?: () => Date;
}

/**
 * The embedded store: one SQLite file (Node's built-in `node:sqlite`) in the data directory, each
 * role in its own class over the same database. Credentials and short-lived values are sealed with
 * AES-256-GCM before they reach the file, under a key checked against the store's key record: a
 * wrong or missing key is a refusal, never a new key over sealed rows. WAL mode and a busy timeout
 * let a CLI and a running server share the file; every file is readable by its owner only.
 */
export class SqliteHostStore implements HostStore {
  readonly #db: DatabaseSync;
  readonly #deps: SqliteDeps;
  #box!: SecretBox;
  readonly connections: SqliteConnectionStore;
  readonly settings: SqliteSettingStore;
  readonly locks: SqliteLockStore;
  readonly runs: SqliteRunStore;
  readonly audit: SqliteAuditStore;
  readonly history: SqliteHistoryStore;
  readonly triggers: SqliteTriggerStore;
  /** Failed access checks per client, shared by every process on this data directory. */
  readonly failures: SqliteFailureStore;

  constructor(options: SqliteStoreOptions) {
    ensureDataDir(options.dataDir);
    const file = join(options.dataDir, DATABASE_FILE);
    touchOwnerOnly(file);
    // Journal files of a store made before they were created owner-only.
    for (const suffix of ['-wal', '-shm', '-journal']) restrict(`${file}${suffix}`);
    this.#db = new DatabaseSync(file, { timeout: 5000 });
    this.#deps = {
      db: this.#db,
      box: () => this.#box,
      now: options.now ?? (() => new Date()),
      transaction: sqliteTransaction(this.#db),
    };
    try {
      this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;');
      for (const schema of [
        CONNECTION_SCHEMA,
        SETTING_SCHEMA,
        LOCK_SCHEMA,
        RUN_SCHEMA,
        AUDIT_SCHEMA,
        HISTORY_SCHEMA,
      ]) {
        this.#db.exec(schema);
      }
      this.#db.exec(TRIGGER_SCHEMA);
      upgradeTriggerSchema(this.#db);
      this.#db.exec(FAILURE_SCHEMA);
      this.#box = this.#unlock(options.dataDir, options.secretKey, options.oldKeys);
    } catch (error) {
      this.#db.close();
      throw error;
    }
    this.connections = new SqliteConnectionStore(this.#deps);
    this.settings = new SqliteSettingStore(this.#deps);
    this.locks = new SqliteLockStore(this.#deps);
    this.runs = new SqliteRunStore(this.#deps);
    this.audit = new SqliteAuditStore(this.#deps);
    this.history = new SqliteHistoryStore(this.#deps);
    this.triggers = new SqliteTriggerStore(this.#deps);
    this.failures = new SqliteFailureStore(this.#db);
  }

  async checkReady(): Promise<StoreReadiness> {
    if (!this.#db.isOpen) return { ready: false, store: 'sqlite', reason: 'the store is closed' };
    try {
      this.#db.prepare('SELECT 1 FROM settings LIMIT 1').get();
      return { ready: true, store: 'sqlite' };
    } catch {
      return { ready: false, store: 'sqlite', reason: 'the database file cannot be read' };
    }
  }

  async reseal(): Promise<ResealReport> {
    const report: ResealReport = { ...this.connections.resealAll(), ephemerals: 0 };
    report.ephemerals += this.settings.resealAll();
    report.ephemerals += this.runs.resealAll();
    report.ephemerals += this.triggers.resealAll();
    this.#deps.transaction(() => {
      const record = parseKeyRecord(readSetting(this.#deps, KEY_SETTING));
      // Retired only while the record is still this key's: another rotation may have moved it on.
      if (record?.previous && this.#box.isCurrent(record.check)) {
        this.#db
          .prepare('UPDATE settings SET value = ? WHERE key = ?')
          .run(JSON.stringify(retirePrevious(record)), KEY_SETTING);
      }
    });
    return report;
  }

  async close(): Promise<void> {
    this.locks.close();
    if (this.#db.isOpen) this.#db.close();
  }

  /**
   * The box of this store's keys. The key record is read, or written by the first process to open
   * the store, in one transaction: processes starting at once agree on one salt. A store sealed
   * before records existed keeps its old derivation if the key opens its rows. A new current key
   * with the store's key among the old ones (`C_HOST_SECRET_KEYS_OLD`) moves the record to it.
   */
  #unlock(dataDir: string, secretKey: string | undefined, oldKeys: string | undefined): SecretBox {
    const old = readOldKeys(oldKeys);
    for (let attempt = 0; ; attempt += 1) {
      const opened = this.#deps.transaction(() => {
        const stored = readSetting(this.#deps, KEY_SETTING);
        const existing = parseKeyRecord(stored);
        const sealed = this.#db.prepare('SELECT name, credentials FROM connections').all() as unknown as Pick<
          ConnectionRow,
          'name' | 'credentials'
        >[];
        const material = readKeyMaterial(dataDir, secretKey, !existing && sealed.length === 0);
        if (existing) return { material, record: existing, stored, key: undefined };
        const made = newKeyRecord(material, sealed.length > 0);
        // A store from before key records: the key must open at least one of its connections.
        const box = new SecretBox(made.key);
        if (sealed.length > 0 && !sealed.some((row) => opensCredentials(box, row.credentials, row.name))) {
          throw wrongKeyError(material, dataDir);
        }
        this.#db
          .prepare('INSERT INTO settings (key, value) VALUES (?, ?)')
          .run(KEY_SETTING, JSON.stringify(made.record));
        return { material, record: made.record, stored, key: made.key };
      });
      if (opened.key) {
        return new SecretBox(
          opened.key,
          old.map((material) => deriveKey(material, opened.record)),
        );
      }
      // Stretching a passphrase takes a while: not inside the write transaction.
      const unlocked = unlockKeys(opened.record, opened.material, old);
      if (!unlocked) throw wrongKeyError(opened.material, dataDir);
      if (!unlocked.changed) return unlocked.box;
      const moved = this.#deps.transaction(() => {
        // Another process moved the record meanwhile: decide again on what it wrote.
        if (readSetting(this.#deps, KEY_SETTING) !== opened.stored) return false;
        this.#db
          .prepare('UPDATE settings SET value = ? WHERE key = ?')
          .run(JSON.stringify(unlocked.record), KEY_SETTING);
        return true;
      });
      if (moved) return unlocked.box;
      if (attempt >= 3) throw new Error('The store’s key record kept changing while it opened; try again');
    }
  }
}
