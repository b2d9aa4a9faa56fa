import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { TimeoutError } from '@c/core';
import { type AuditRow, auditEntry } from './audit-rows.js';
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
import { ensureDataDir, restrict, touchOwnerOnly } from './owner-only.js';
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
  newKeyRecord,
  parseKeyRecord,
  readKeyMaterial,
  readOldKeys,
  retirePrevious,
  SecretBox,
  unlockKeys,
  wrongKeyError,
} from './secret-box.js';
import { FAILURE_SCHEMA, SqliteFailureStore } from './sqlite-failure-store.js';
import { SqliteTriggerStore, TRIGGER_SCHEMA, upgradeTriggerSchema } from './sqlite-trigger-store.js';
import { jittered, Wakeups } from './wakeups.js';

/** The database file inside the data directory. */
export const DATABASE_FILE = 'host.db';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS connections (
  name TEXT PRIMARY KEY,
  connector TEXT NOT NULL,
  credentials TEXT NOT NULL,
  options TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  sandbox INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'ok',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS connections_connector ON connections (connector);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ephemeral (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE TABLE IF NOT EXISTS locks (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS slots (
  name TEXT NOT NULL,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (name, holder)
);
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  command TEXT NOT NULL,
  connection TEXT NOT NULL,
  input TEXT NOT NULL,
  repeat_safe INTEGER NOT NULL,
  status TEXT NOT NULL,
  progress TEXT,
  result TEXT,
  error TEXT,
  attempt INTEGER NOT NULL DEFAULT 0,
  owner TEXT,
  lease_expires_at INTEGER,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX IF NOT EXISTS runs_status ON runs (status, created_at);
CREATE INDEX IF NOT EXISTS runs_finished ON runs (finished_at);
CREATE TABLE IF NOT EXISTS run_pieces (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);
`;

/** The audit log's table (see `AuditStore`), created beside the others. */
const AUDIT_SCHEMA = `
CREATE TABLE IF NOT EXISTS audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  connection TEXT,
  outcome TEXT NOT NULL,
  request_id TEXT
);
CREATE INDEX IF NOT EXISTS audit_at ON audit (at);
`;

/** Options of `SqliteConnectionStore`. */
export interface SqliteStoreOptions {
  dataDir: string;
  /** `C_HOST_SECRET_KEY`: the key (64 hex characters or base64 of 32 bytes) or a passphrase. Unset: `secret.key`. */
  secretKey?: string | undefined;
  /** `C_HOST_SECRET_KEYS_OLD`: earlier keys, comma-separated, that still open what they sealed. */
  oldKeys?: string | undefined;
  now?: () => Date;
}

/**
 * The embedded store: one SQLite file (Node's built-in `node:sqlite`) in the data directory.
 * Credentials and short-lived values are sealed with AES-256-GCM before they reach the file, under
 * a key checked against the store's key record: a wrong or missing key is a refusal, never a new
 * key over sealed rows. WAL mode and a busy timeout let a CLI and a running server share the file;
 * every file is readable by its owner only.
 */
export class SqliteConnectionStore implements ConnectionStore {
  readonly #db: DatabaseSync;
  readonly #box: SecretBox;
  readonly #now: () => Date;
  readonly #wakeups = new Wakeups();
  /** Lease renewals of the slots held now, stopped when the store closes. */
  readonly #renewals = new Set<NodeJS.Timeout>();
  /** Subscriptions, events and deliveries. */
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
    try {
      this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;');
      this.#db.exec(SCHEMA);
      this.#db.exec(AUDIT_SCHEMA);
      this.#db.exec(TRIGGER_SCHEMA);
      upgradeTriggerSchema(this.#db);
      this.#db.exec(FAILURE_SCHEMA);
      this.#now = options.now ?? (() => new Date());
      this.#box = this.#unlock(options.dataDir, options.secretKey, options.oldKeys);
      this.triggers = new SqliteTriggerStore({
        db: this.#db,
        box: () => this.#box,
        now: this.#now,
        transaction: (work) => this.#transaction(work),
      });
      this.failures = new SqliteFailureStore(this.#db);
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  async list(): Promise<ConnectionRecord[]> {
    const rows = this.#db
      .prepare('SELECT * FROM connections ORDER BY connector, created_at, name')
      .all() as unknown as ConnectionRow[];
    return rows.map((row) => connectionRecord(this.#box, row));
  }

  async get(name: string): Promise<ConnectionRecord | undefined> {
    const row = this.#row(name);
    return row ? connectionRecord(this.#box, row) : undefined;
  }

  async getDefault(connector: string): Promise<ConnectionRecord | undefined> {
    const row = this.#db
      .prepare('SELECT * FROM connections WHERE connector = ? AND is_default = 1')
      .get(connector) as ConnectionRow | undefined;
    return row ? connectionRecord(this.#box, row) : undefined;
  }

  async create(input: NewConnection): Promise<ConnectionRecord> {
    return this.#transaction(() => {
      if (this.#row(input.name)) throw new ConnectionExistsError(input.name);
      const hasDefault = this.#db
        .prepare('SELECT 1 FROM connections WHERE connector = ? AND is_default = 1')
        .get(input.connector);
      // The first connection of a connector is its default: running a command needs no flag.
      const isDefault = input.isDefault === true || !hasDefault;
      if (isDefault) {
        this.#db.prepare('UPDATE connections SET is_default = 0 WHERE connector = ?').run(input.connector);
      }
      const now = this.#now().toISOString();
      this.#db
        .prepare(
          `INSERT INTO connections (name, connector, credentials, options, is_default, sandbox, status, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, 'ok', ?, ?)`,
        )
        .run(
          input.name,
          input.connector,
          sealCredentials(this.#box, input.name, input.credentials),
          JSON.stringify(input.options),
          isDefault ? 1 : 0,
          input.sandbox ? 1 : 0,
          now,
          now,
        );
      return connectionRecord(this.#box, this.#row(input.name)!);
    });
  }

  async updateCredentials(
    name: string,
    update: CredentialsUpdate,
    changes: { status?: ConnectionStatus; options?: Record<string, unknown> } = {},
  ): Promise<ConnectionRecord | undefined> {
    return this.#transaction(() => {
      const row = this.#row(name);
      if (!row) return undefined;
      const next =
        typeof update === 'function' ? update(openCredentials(this.#box, name, row.credentials)) : update;
      this.#db
        .prepare(
          'UPDATE connections SET credentials = ?, options = ?, status = ?, updated_at = ? WHERE name = ?',
        )
        .run(
          sealCredentials(this.#box, name, next),
          changes.options ? JSON.stringify(changes.options) : row.options,
          changes.status ?? row.status,
          this.#now().toISOString(),
          name,
        );
      return connectionRecord(this.#box, this.#row(name)!);
    });
  }

  async setStatus(name: string, status: ConnectionStatus): Promise<void> {
    this.#db
      .prepare('UPDATE connections SET status = ?, updated_at = ? WHERE name = ? AND status <> ?')
      .run(status, this.#now().toISOString(), name, status);
  }

  async setDefault(name: string): Promise<boolean> {
    return this.#transaction(() => {
      const row = this.#row(name);
      if (!row) return false;
      this.#db
        .prepare('UPDATE connections SET is_default = (name = ?) WHERE connector = ?')
        .run(name, row.connector);
      return true;
    });
  }

  async remove(name: string): Promise<boolean> {
    return this.#transaction(() => {
      const row = this.#row(name);
      if (!row) return false;
      this.#db.prepare('DELETE FROM connections WHERE name = ?').run(name);
      if (row.is_default) {
        this.#db
          .prepare(
            `UPDATE connections SET is_default = 1 WHERE name = (
               SELECT name FROM connections WHERE connector = ? ORDER BY created_at, name LIMIT 1)`,
          )
          .run(row.connector);
      }
      return true;
    });
  }

  async getSetting(key: string): Promise<string | undefined> {
    return this.#settingNow(key);
  }

  async setSetting(key: string, value: string): Promise<void> {
    this.#db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  async deleteSetting(key: string): Promise<void> {
    this.#db.prepare('DELETE FROM settings WHERE key = ?').run(key);
  }

  async withLock<T>(name: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    const ttl = options.ttlMs ?? 30_000;
    const deadline = Date.now() + (options.waitMs ?? 60_000);
    const owner = randomBytes(16).toString('hex');
    // One statement takes a free or expired lock; a held one is left alone (no row changes).
    const take = this.#db.prepare(
      `INSERT INTO locks (name, owner, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE locks.expires_at <= ?`,
    );
    let pause = 5;
    for (;;) {
      options.signal?.throwIfAborted();
      const now = Date.now();
      if (Number(take.run(name, owner, now + ttl, now).changes) === 1) break;
      if (now >= deadline) {
        throw new TimeoutError(`Another process held the lock "${name}" for too long; try again`);
      }
      // SQLite cannot wake us when the row goes: poll, woken early by a release in this process.
      await this.#wakeups.wait(`lock:${name}`, jittered(pause), options.signal);
      pause = Math.min(pause * 2, 100);
    }
    const renew = setInterval(() => {
      try {
        if (this.#db.isOpen) {
          this.#db
            .prepare('UPDATE locks SET expires_at = ? WHERE name = ? AND owner = ?')
            .run(Date.now() + ttl, name, owner);
        }
      } catch {
        // The file was busy past its timeout: the next beat tries again, and the lock holds till its expiry.
      }
    }, ttl / 3);
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      if (this.#db.isOpen)
        this.#db.prepare('DELETE FROM locks WHERE name = ? AND owner = ?').run(name, owner);
      this.#wakeups.wake(`lock:${name}`);
    }
  }

  async acquireSlot(name: string, limit: number, options: SlotOptions = {}): Promise<() => Promise<void>> {
    const ttl = options.ttlMs ?? 30_000;
    const deadline = Date.now() + (options.waitMs ?? 60_000);
    const holder = randomBytes(16).toString('hex');
    let pause = 5;
    for (;;) {
      options.signal?.throwIfAborted();
      const taken = this.#transaction(() => {
        const now = Date.now();
        // A holder that died (kill -9) stops renewing: its slot frees itself at expiry.
        this.#db.prepare('DELETE FROM slots WHERE name = ? AND expires_at <= ?').run(name, now);
        const { held } = this.#db.prepare('SELECT COUNT(*) AS held FROM slots WHERE name = ?').get(name) as {
          held: number;
        };
        if (held >= limit) return false;
        this.#db
          .prepare('INSERT INTO slots (name, holder, expires_at) VALUES (?, ?, ?)')
          .run(name, holder, now + ttl);
        return true;
      });
      if (taken) break;
      if (Date.now() >= deadline) {
        throw new TimeoutError(`All ${limit} slots of "${name}" stayed busy for too long; try again`);
      }
      await this.#wakeups.wait(`slot:${name}`, jittered(pause), options.signal);
      pause = Math.min(pause * 2, 50);
    }
    const renew = setInterval(() => {
      try {
        if (this.#db.isOpen) {
          this.#db
            .prepare('UPDATE slots SET expires_at = ? WHERE name = ? AND holder = ?')
            .run(Date.now() + ttl, name, holder);
        }
      } catch {
        // Busy past the timeout: the next beat tries again; the slot holds till its expiry.
      }
    }, ttl / 3);
    renew.unref();
    this.#renewals.add(renew);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      this.#renewals.delete(renew);
      if (this.#db.isOpen) {
        this.#db.prepare('DELETE FROM slots WHERE name = ? AND holder = ?').run(name, holder);
      }
      this.#wakeups.wake(`slot:${name}`);
    };
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
    const report: ResealReport = { connections: 0, ephemerals: 0, current: 0, unreadable: [] };
    const names = this.#db.prepare('SELECT name FROM connections ORDER BY name').all() as { name: string }[];
    for (const { name } of names) {
      // One row per transaction: a token refresh waits for one row at most, never for the whole pass.
      this.#transaction(() => {
        const row = this.#row(name);
        if (!row) return;
        const opened = reopen(this.#box, row.credentials, connectionContext(name));
        if (!opened) report.unreadable.push(name);
        else if (opened.current) report.current += 1;
        else {
          this.#db
            .prepare('UPDATE connections SET credentials = ? WHERE name = ?')
            .run(this.#box.seal(opened.plaintext, connectionContext(name)), name);
          report.connections += 1;
        }
      });
    }
    const live = this.#db
      .prepare('SELECT kind, key FROM ephemeral WHERE expires_at > ?')
      .all(this.#now().getTime()) as { kind: string; key: string }[];
    for (const { kind, key } of live) {
      this.#transaction(() => {
        const row = this.#db
          .prepare('SELECT value FROM ephemeral WHERE kind = ? AND key = ?')
          .get(kind, key) as { value: string } | undefined;
        const opened = row && reopen(this.#box, row.value, `${kind}:${key}`);
        if (!opened || opened.current) return;
        this.#db
          .prepare('UPDATE ephemeral SET value = ? WHERE kind = ? AND key = ?')
          .run(this.#box.seal(opened.plaintext, `${kind}:${key}`), kind, key);
        report.ephemerals += 1;
      });
    }
    report.ephemerals += this.#resealRuns();
    report.ephemerals += this.triggers.resealAll();
    this.#transaction(() => {
      const record = parseKeyRecord(this.#settingNow(KEY_SETTING));
      // Retired only while the record is still this key's: another rotation may have moved it on.
      if (record?.previous && this.#box.isCurrent(record.check)) {
        this.#db
          .prepare('UPDATE settings SET value = ? WHERE key = ?')
          .run(JSON.stringify(retirePrevious(record)), KEY_SETTING);
      }
    });
    return report;
  }

  async putEphemeral(kind: string, key: string, value: string, expiresAt: number): Promise<void> {
    const now = this.#now().getTime();
    this.#db.prepare('DELETE FROM ephemeral WHERE expires_at <= ?').run(now);
    this.#db
      .prepare(
        `INSERT INTO ephemeral (kind, key, value, expires_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
      )
      .run(kind, key, this.#box.seal(value, `${kind}:${key}`), expiresAt);
  }

  async getEphemeral(kind: string, key: string): Promise<string | undefined> {
    const row = this.#db
      .prepare('SELECT value FROM ephemeral WHERE kind = ? AND key = ? AND expires_at > ?')
      .get(kind, key, this.#now().getTime()) as { value: string } | undefined;
    if (!row) return undefined;
    const value = openEphemeral(this.#box, kind, key, row.value);
    if (value === undefined)
      this.#db.prepare('DELETE FROM ephemeral WHERE kind = ? AND key = ?').run(kind, key);
    return value;
  }

  async takeEphemeral(kind: string, key: string): Promise<string | undefined> {
    // DELETE … RETURNING is one statement: two callbacks racing with the same state cannot both win.
    const row = this.#db
      .prepare('DELETE FROM ephemeral WHERE kind = ? AND key = ? RETURNING value, expires_at')
      .get(kind, key) as { value: string; expires_at: number } | undefined;
    if (!row || row.expires_at <= this.#now().getTime()) return undefined;
    return openEphemeral(this.#box, kind, key, row.value);
  }

  // --- Async runs (RunStore) ---------------------------------------------------------------

  async createRun(run: NewRun): Promise<RunRecord> {
    this.#db
      .prepare(
        `INSERT INTO runs (id, command, connection, input, repeat_safe, status, attempt, created_at)
         VALUES (?, ?, ?, ?, ?, 'queued', 0, ?)`,
      )
      .run(
        run.id,
        run.command,
        run.connection,
        this.#box.seal(
          JSON.stringify({ input: run.input, idempotencyKey: run.idempotencyKey, actor: run.actor }),
          `run:${run.id}:input`,
        ),
        run.repeatSafe ? 1 : 0,
        this.#now().toISOString(),
      );
    return runRecord(this.#box, this.#runRow(run.id)!);
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const row = this.#runRow(id);
    return row ? runRecord(this.#box, row) : undefined;
  }

  async listRuns(filter: { status: RunStatus; limit?: number }): Promise<RunRecord[]> {
    const rows = this.#db
      .prepare('SELECT * FROM runs WHERE status = ? ORDER BY created_at, id LIMIT ?')
      .all(filter.status, filter.limit ?? 100) as unknown as RunRow[];
    return rows.map((row) => runRecord(this.#box, row));
  }

  async claimNextRun(claim: RunClaim): Promise<RunRecord | undefined> {
    // One statement: two processes claiming at once never take the same run.
    const row = this.#db
      .prepare(
        `UPDATE runs SET status = 'running', attempt = attempt + 1, owner = ?, lease_expires_at = ?,
           started_at = COALESCE(started_at, ?)
         WHERE id = (SELECT id FROM runs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1)
         RETURNING *`,
      )
      .get(claim.owner, Date.now() + claim.leaseMs, this.#now().toISOString()) as RunRow | undefined;
    return row ? runRecord(this.#box, row) : undefined;
  }

  async takeRun(id: string, claim: RunClaim): Promise<{ run: RunRecord; previous: RunStatus } | undefined> {
    return this.#transaction(() => {
      const row = this.#runRow(id);
      if (!row) return undefined;
      const previous = row.status as RunStatus;
      if (previous !== 'queued' && previous !== 'running')
        return { run: runRecord(this.#box, row), previous };
      const taken = this.#db
        .prepare(
          `UPDATE runs SET status = 'running', attempt = attempt + 1, owner = ?, lease_expires_at = ?,
             started_at = COALESCE(started_at, ?)
           WHERE id = ? RETURNING *`,
        )
        .get(claim.owner, Date.now() + claim.leaseMs, this.#now().toISOString(), id) as unknown as RunRow;
      return { run: runRecord(this.#box, taken), previous };
    });
  }

  async touchRun(
    id: string,
    attempt: number,
    update: { leaseMs?: number; progress?: Record<string, unknown> },
  ): Promise<'running' | 'canceling' | undefined> {
    const row = this.#db
      .prepare(
        `UPDATE runs SET lease_expires_at = COALESCE(?, lease_expires_at), progress = COALESCE(?, progress)
         WHERE id = ? AND attempt = ? AND status IN ('running', 'canceling') RETURNING status`,
      )
      .get(
        update.leaseMs === undefined ? null : Date.now() + update.leaseMs,
        update.progress === undefined ? null : JSON.stringify(update.progress),
        id,
        attempt,
      ) as { status: 'running' | 'canceling' } | undefined;
    return row?.status;
  }

  async cancelRun(id: string): Promise<{ run: RunRecord; previous: RunStatus } | undefined> {
    // SET reads the row as it was: a queued run ends at once, a running one waits for its worker.
    const changed = this.#db
      .prepare(
        `UPDATE runs SET status = CASE status WHEN 'queued' THEN 'canceled' ELSE 'canceling' END,
           finished_at = CASE status WHEN 'queued' THEN ? ELSE finished_at END
         WHERE id = ? AND status IN ('queued', 'running') RETURNING *`,
      )
      .get(this.#now().toISOString(), id) as RunRow | undefined;
    if (changed) {
      return {
        run: runRecord(this.#box, changed),
        previous: changed.status === 'canceled' ? 'queued' : 'running',
      };
    }
    const row = this.#runRow(id);
    return row ? { run: runRecord(this.#box, row), previous: row.status as RunStatus } : undefined;
  }

  async releaseRun(id: string, attempt: number): Promise<boolean> {
    const changed = this.#db
      .prepare(
        `UPDATE runs SET status = 'queued', owner = NULL, lease_expires_at = NULL, progress = NULL
         WHERE id = ? AND attempt = ? AND status = 'running'`,
      )
      .run(id, attempt);
    return Number(changed.changes) === 1;
  }

  async finishRun(id: string, attempt: number, outcome: RunOutcome): Promise<boolean> {
    return this.#transaction(() => {
      const finishedAt = this.#now().toISOString();
      const [status, column, value] =
        'result' in outcome
          ? (['succeeded', 'result', JSON.stringify(outcome.result)] as const)
          : 'canceled' in outcome
            ? (['canceled', 'error', outcome.error && JSON.stringify(outcome.error)] as const)
            : (['failed', 'error', JSON.stringify(outcome.error)] as const);
      const ended = this.#db
        .prepare(
          `UPDATE runs SET status = ?, ${column} = ?, owner = NULL, lease_expires_at = NULL, finished_at = ?
           WHERE id = ? AND attempt = ? AND status IN ('running', 'canceling')`,
        )
        .run(
          status,
          value === undefined ? null : this.#box.seal(value, `run:${id}:${column}`),
          finishedAt,
          id,
          attempt,
        );
      if (Number(ended.changes) !== 1) return false;
      if ('pieces' in outcome) {
        const insert = this.#db.prepare('INSERT INTO run_pieces (run_id, seq, data) VALUES (?, ?, ?)');
        outcome.pieces.forEach((piece, seq) => {
          insert.run(id, seq, this.#box.seal(piece, `run:${id}:piece:${seq}`));
        });
      }
      return true;
    });
  }

  async *readRunResult(id: string): AsyncIterable<string> {
    const read = this.#db.prepare('SELECT data FROM run_pieces WHERE run_id = ? AND seq = ?');
    // One piece at a time: a big export is never all in memory on the way out.
    for (let seq = 0; ; seq += 1) {
      const row = read.get(id, seq) as { data: string } | undefined;
      if (!row) return;
      yield this.#box.open(row.data, `run:${id}:piece:${seq}`);
    }
  }

  async pruneRuns(endedBefore: Date): Promise<number> {
    return this.#transaction(() => {
      const cutoff = endedBefore.toISOString();
      this.#db
        .prepare(
          `DELETE FROM run_pieces WHERE run_id IN (
             SELECT id FROM runs WHERE finished_at IS NOT NULL AND finished_at < ?)`,
        )
        .run(cutoff);
      return Number(
        this.#db.prepare('DELETE FROM runs WHERE finished_at IS NOT NULL AND finished_at < ?').run(cutoff)
          .changes,
      );
    });
  }

  #runRow(id: string): RunRow | undefined {
    return this.#db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
  }

  /** Re-seals every sealed value of every run under the current key, one run per transaction. */
  #resealRuns(): number {
    const ids = this.#db.prepare('SELECT id FROM runs ORDER BY id').all() as { id: string }[];
    const resealed = resealer(this.#box);
    for (const { id } of ids) {
      this.#transaction(() => {
        const row = this.#runRow(id);
        if (!row) return;
        for (const column of ['input', 'result', 'error'] as const) {
          const value = resealed.again(row[column], `run:${id}:${column}`);
          if (value !== undefined) {
            this.#db.prepare(`UPDATE runs SET ${column} = ? WHERE id = ?`).run(value, id);
          }
        }
        const pieces = this.#db.prepare('SELECT seq, data FROM run_pieces WHERE run_id = ?').all(id) as {
          seq: number;
          data: string;
        }[];
        for (const piece of pieces) {
          const value = resealed.again(piece.data, `run:${id}:piece:${piece.seq}`);
          if (value !== undefined) {
            this.#db
              .prepare('UPDATE run_pieces SET data = ? WHERE run_id = ? AND seq = ?')
              .run(value, id, piece.seq);
          }
        }
      });
    }
    return resealed.count;
  }

  // --- end of async runs ---------------------------------------------------------------------

  // --- Audit log (AuditStore) -----------------------------------------------------------------

  async appendAudit(entry: NewAuditEntry): Promise<void> {
    this.#db
      .prepare(
        `INSERT INTO audit (at, actor, action, target, connection, outcome, request_id)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.at.toISOString(),
        entry.actor,
        entry.action,
        entry.target,
        entry.connection ?? null,
        entry.outcome,
        entry.requestId ?? null,
      );
  }

  async listAudit(query: AuditQuery): Promise<AuditEntry[]> {
    // ISO 8601 in UTC sorts as text, so `at >= ?` compares times.
    const rows = this.#db
      .prepare('SELECT * FROM audit WHERE at >= ? ORDER BY at DESC, id DESC LIMIT ?')
      .all(query.since?.toISOString() ?? '', query.limit) as unknown as AuditRow[];
    return rows.map(auditEntry);
  }

  async close(): Promise<void> {
    for (const renew of this.#renewals) clearInterval(renew);
    this.#renewals.clear();
    if (this.#db.isOpen) this.#db.close();
  }

  #row(name: string): ConnectionRow | undefined {
    return this.#db.prepare('SELECT * FROM connections WHERE name = ?').get(name) as
      | ConnectionRow
      | undefined;
  }

  #transaction<T>(work: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
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
      const opened = this.#transaction(() => {
        const stored = this.#settingNow(KEY_SETTING);
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
      const moved = this.#transaction(() => {
        // Another process moved the record meanwhile: decide again on what it wrote.
        if (this.#settingNow(KEY_SETTING) !== opened.stored) return false;
        this.#db
          .prepare('UPDATE settings SET value = ? WHERE key = ?')
          .run(JSON.stringify(unlocked.record), KEY_SETTING);
        return true;
      });
      if (moved) return unlocked.box;
      if (attempt >= 3) throw new Error('The store’s key record kept changing while it opened; try again');
    }
  }

  #settingNow(key: string): string | undefined {
    const row = this.#db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      | { value: string }
      | undefined;
    return row?.value;
  }
}
