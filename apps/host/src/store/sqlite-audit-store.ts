import { type AuditRow, auditEntry } from './audit-rows.js';
import type { AuditEntry, AuditQuery, AuditStore, NewAuditEntry } from './audit-store.js';
import type { SqliteDeps } from './sqlite-deps.js';

/** The audit log's table in the embedded store. */
export const AUDIT_SCHEMA = `
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

/** The audit log in the embedded SQLite store. */
export class SqliteAuditStore implements AuditStore {
  readonly #deps: SqliteDeps;

  constructor(deps: SqliteDeps) {
    this.#deps = deps;
  }

  async appendAudit(entry: NewAuditEntry): Promise<void> {
    this.#deps.db
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
    const rows = this.#deps.db
      .prepare('SELECT * FROM audit WHERE at >= ? ORDER BY at DESC, id DESC LIMIT ?')
      .all(query.since?.toISOString() ?? '', query.limit) as unknown as AuditRow[];
    return rows.map(auditEntry);
  }
}
