import {
  ConnectionExistsError,
  type ConnectionRecord,
  type ConnectionStatus,
  type ConnectionStore,
  type CredentialsUpdate,
  type NewConnection,
} from './connection-store.js';
import {
  type ConnectionReseal,
  type ConnectionRow,
  connectionContext,
  connectionRecord,
  openCredentials,
  reopen,
  sealCredentials,
} from './sealed-rows.js';
import type { SqliteDeps } from './sqlite-deps.js';

/** The connections table of the embedded store. */
export const CONNECTION_SCHEMA = `
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
`;

/** Connections in the embedded SQLite store, their credentials sealed. */
export class SqliteConnectionStore implements ConnectionStore {
  readonly #deps: SqliteDeps;

  constructor(deps: SqliteDeps) {
    this.#deps = deps;
  }

  async list(): Promise<ConnectionRecord[]> {
    const rows = this.#deps.db
      .prepare('SELECT * FROM connections ORDER BY connector, created_at, name')
      .all() as unknown as ConnectionRow[];
    return rows.map((row) => connectionRecord(this.#deps.box(), row));
  }

  async get(name: string): Promise<ConnectionRecord | undefined> {
    const row = this.#row(name);
    return row ? connectionRecord(this.#deps.box(), row) : undefined;
  }

  async getDefault(connector: string): Promise<ConnectionRecord | undefined> {
    const row = this.#deps.db
      .prepare('SELECT * FROM connections WHERE connector = ? AND is_default = 1')
      .get(connector) as ConnectionRow | undefined;
    return row ? connectionRecord(this.#deps.box(), row) : undefined;
  }

  async create(input: NewConnection): Promise<ConnectionRecord> {
    const { db, box } = this.#deps;
    return this.#deps.transaction(() => {
      if (this.#row(input.name)) throw new ConnectionExistsError(input.name);
      const hasDefault = db
        .prepare('SELECT 1 FROM connections WHERE connector = ? AND is_default = 1')
        .get(input.connector);
      // The first connection of a connector is its default: running a command needs no flag.
      const isDefault = input.isDefault === true || !hasDefault;
      if (isDefault) {
        db.prepare('UPDATE connections SET is_default = 0 WHERE connector = ?').run(input.connector);
      }
      const now = this.#deps.now().toISOString();
      db.prepare(
        `INSERT INTO connections (name, connector, credentials, options, is_default, sandbox, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'ok', ?, ?)`,
      ).run(
        input.name,
        input.connector,
        sealCredentials(box(), input.name, input.credentials),
        JSON.stringify(input.options),
        isDefault ? 1 : 0,
        input.sandbox ? 1 : 0,
        now,
        now,
      );
      return connectionRecord(box(), this.#row(input.name)!);
    });
  }

  async updateCredentials(
    name: string,
    update: CredentialsUpdate,
    changes: { status?: ConnectionStatus; options?: Record<string, unknown> } = {},
  ): Promise<ConnectionRecord | undefined> {
    const { db, box } = this.#deps;
    return this.#deps.transaction(() => {
      const row = this.#row(name);
      if (!row) return undefined;
      const next =
        typeof update === 'function' ? update(openCredentials(box(), name, row.credentials)) : update;
      db.prepare(
        'UPDATE connections SET credentials = ?, options = ?, status = ?, updated_at = ? WHERE name = ?',
      ).run(
        sealCredentials(box(), name, next),
        changes.options ? JSON.stringify(changes.options) : row.options,
        changes.status ?? row.status,
        this.#deps.now().toISOString(),
        name,
      );
      return connectionRecord(box(), this.#row(name)!);
    });
  }

  async setStatus(name: string, status: ConnectionStatus): Promise<void> {
    this.#deps.db
      .prepare('UPDATE connections SET status = ?, updated_at = ? WHERE name = ? AND status <> ?')
      .run(status, this.#deps.now().toISOString(), name, status);
  }

  async setDefault(name: string): Promise<boolean> {
    return this.#deps.transaction(() => {
      const row = this.#row(name);
      if (!row) return false;
      this.#deps.db
        .prepare('UPDATE connections SET is_default = (name = ?) WHERE connector = ?')
        .run(name, row.connector);
      return true;
    });
  }

  async remove(name: string): Promise<boolean> {
    const { db } = this.#deps;
    return this.#deps.transaction(() => {
      const row = this.#row(name);
      if (!row) return false;
      db.prepare('DELETE FROM connections WHERE name = ?').run(name);
      if (row.is_default) {
        db.prepare(
          `UPDATE connections SET is_default = 1 WHERE name = (
             SELECT name FROM connections WHERE connector = ? ORDER BY created_at, name LIMIT 1)`,
        ).run(row.connector);
      }
      return true;
    });
  }

  /** Re-seals every connection's credentials under the current key, one row per transaction. */
  resealAll(): ConnectionReseal {
    const { db, box } = this.#deps;
    const report: ConnectionReseal = { connections: 0, current: 0, unreadable: [] };
    const names = db.prepare('SELECT name FROM connections ORDER BY name').all() as { name: string }[];
    for (const { name } of names) {
      // One row per transaction: a token refresh waits for one row at most, never for the whole pass.
      this.#deps.transaction(() => {
        const row = this.#row(name);
        if (!row) return;
        const opened = reopen(box(), row.credentials, connectionContext(name));
        if (!opened) report.unreadable.push(name);
        else if (opened.current) report.current += 1;
        else {
          db.prepare('UPDATE connections SET credentials = ? WHERE name = ?').run(
            box().seal(opened.plaintext, connectionContext(name)),
            name,
          );
          report.connections += 1;
        }
      });
    }
    return report;
  }

  #row(name: string): ConnectionRow | undefined {
    return this.#deps.db.prepare('SELECT * FROM connections WHERE name = ?').get(name) as
      | ConnectionRow
      | undefined;
  }
}
