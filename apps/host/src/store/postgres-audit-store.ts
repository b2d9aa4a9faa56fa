import { auditEntry } from './audit-rows.js';
import type { AuditEntry, AuditQuery, AuditStore, NewAuditEntry } from './audit-store.js';
import type { PostgresDeps } from './postgres-deps.js';

/** The audit log in PostgreSQL: one log for the whole fleet. */
export class PostgresAuditStore implements AuditStore {
  readonly #deps: Pick<PostgresDeps, 'pool'>;

  constructor(deps: Pick<PostgresDeps, 'pool'>) {
    this.#deps = deps;
  }

  async appendAudit(entry: NewAuditEntry): Promise<void> {
    await this.#deps.pool.query(
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
    const { rows } = await this.#deps.pool.query(
      'SELECT * FROM audit WHERE at >= $1 ORDER BY at DESC, id DESC LIMIT $2',
      [query.since ?? new Date(0), query.limit],
    );
    return rows.map(auditEntry);
  }
}
