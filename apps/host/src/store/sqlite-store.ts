import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  ConnectionExistsError,
  type ConnectionRecord,
  type ConnectionStatus,
  type ConnectionStore,
  type CredentialsUpdate,
  type NewConnection,
} from './connection-store.js';
import type { SecretBox } from './secret-box.js';

/** The database file inside the data directory. */
export const DATABASE_FILE = 'host.db';

interface ConnectionRow {
  name: string;
  connector: string;
  credentials: string;
  options: string;
  is_default: number;
  sandbox: number;
  status: string;
  created_at: string;
  updated_at: string;
}

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
`;

/**
 * The embedded store: one SQLite file (Node's built-in `node:sqlite`) in the data directory.
 * Credentials and short-lived values are sealed with AES-256-GCM before they reach the file.
 * WAL mode and a busy timeout let a CLI and a running server share the file.
 */
export class SqliteConnectionStore implements ConnectionStore {
  readonly #db: DatabaseSync;
  readonly #box: SecretBox;
  readonly #now: () => Date;

  constructor(options: { dataDir: string; box: SecretBox; now?: () => Date }) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    this.#db = new DatabaseSync(join(options.dataDir, DATABASE_FILE), { timeout: 5000 });
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;');
    this.#db.exec(SCHEMA);
    this.#box = options.box;
    this.#now = options.now ?? (() => new Date());
  }

  async list(): Promise<ConnectionRecord[]> {
    const rows = this.#db
      .prepare('SELECT * FROM connections ORDER BY connector, created_at, name')
      .all() as unknown as ConnectionRow[];
    return rows.map((row) => this.#toRecord(row));
  }

  async get(name: string): Promise<ConnectionRecord | undefined> {
    const row = this.#row(name);
    return row ? this.#toRecord(row) : undefined;
  }

  async getDefault(connector: string): Promise<ConnectionRecord | undefined> {
    const row = this.#db
      .prepare('SELECT * FROM connections WHERE connector = ? AND is_default = 1')
      .get(connector) as ConnectionRow | undefined;
    return row ? this.#toRecord(row) : undefined;
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
          this.#seal(input.name, input.credentials),
          JSON.stringify(input.options),
          isDefault ? 1 : 0,
          input.sandbox ? 1 : 0,
          now,
          now,
        );
      return this.#toRecord(this.#row(input.name)!);
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
      const next = update(this.#open(name, row.credentials));
      this.#db
        .prepare(
          'UPDATE connections SET credentials = ?, options = ?, status = ?, updated_at = ? WHERE name = ?',
        )
        .run(
          this.#seal(name, next),
          changes.options ? JSON.stringify(changes.options) : row.options,
          changes.status ?? row.status,
          this.#now().toISOString(),
          name,
        );
      return this.#toRecord(this.#row(name)!);
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
    const row = this.#db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  async setSetting(key: string, value: string): Promise<void> {
    this.#db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
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
    return row ? this.#box.open(row.value, `${kind}:${key}`) : undefined;
  }

  async takeEphemeral(kind: string, key: string): Promise<string | undefined> {
    // DELETE … RETURNING is one statement: two callbacks racing with the same state cannot both win.
    const row = this.#db
      .prepare('DELETE FROM ephemeral WHERE kind = ? AND key = ? RETURNING value, expires_at')
      .get(kind, key) as { value: string; expires_at: number } | undefined;
    if (!row || row.expires_at <= this.#now().getTime()) return undefined;
    return this.#box.open(row.value, `${kind}:${key}`);
  }

  async close(): Promise<void> {
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

  #seal(name: string, credentials: Record<string, unknown>): string {
    return this.#box.seal(JSON.stringify(credentials), `connection:${name}`);
  }

  #open(name: string, sealed: string): Record<string, unknown> {
    return JSON.parse(this.#box.open(sealed, `connection:${name}`)) as Record<string, unknown>;
  }

  #toRecord(row: ConnectionRow): ConnectionRecord {
    return {
      name: row.name,
      connector: row.connector,
      credentials: this.#open(row.name, row.credentials),
      options: JSON.parse(row.options) as Record<string, unknown>,
      isDefault: row.is_default === 1,
      sandbox: row.sandbox === 1,
      status: row.status === 'needs_reconnect' ? 'needs_reconnect' : 'ok',
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
