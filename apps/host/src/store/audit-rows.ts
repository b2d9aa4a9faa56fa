import type { AuditEntry } from './audit-store.js';
import { iso, type StoredTime } from './sealed-rows.js';

/** An audit row as a store reads it (SQLite: text time; PostgreSQL: a `Date` and a bigint as text). */
export interface AuditRow {
  id: number | string;
  at: StoredTime;
  actor: string;
  action: string;
  target: string;
  connection: string | null;
  outcome: string;
  request_id: string | null;
}

/** An audit row as an entry, absent fields left out. */
export function auditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: iso(row.at),
    actor: row.actor,
    action: row.action,
    target: row.target,
    ...(row.connection === null ? {} : { connection: row.connection }),
    outcome: row.outcome,
    ...(row.request_id === null ? {} : { requestId: row.request_id }),
  };
}
