// Audit log (`c-host audit`, `GET /api/audit`): who changed what and when, with the outcome, for
// every write command run and every connection change, on every surface and every instance. Kept
// in the store so a fleet has one log. Entries hold no secret: the actor is a hash prefix of a
// token or session, never the value.

/** What `appendAudit` records. */
export interface NewAuditEntry {
  /** When it happened. */
  at: Date;
  /**
   * Who: `token:<12 hex of its SHA-256>`, `session:<12 hex>`, `cli` (a command line on a machine
   * with the store), or `anonymous` (a public route, such as an OAuth callback without a session).
   */
  actor: string;
  /**
   * `command.run`, or a connection change: `connection.create`, `connection.update` (new
   * credentials), `connection.remove`, `connection.default`, `connection.needs_reconnect` (the
   * provider refused its credentials during a run or a check), or `run.cancel` (an async run asked
   * to stop).
   */
  action: string;
  /** The command id (`payments.createCustomer`), the connection name, or the run's id (`run.cancel`). */
  target: string;
  /** The connection the action used or changed. */
  connection?: string | undefined;
  /**
   * `ok`, `replayed` (an idempotency key's stored result, nothing sent), `unknown` (a write whose
   * worker died mid-run: check it at the provider), or the error's kind.
   */
  outcome: string;
  /** The provider's request id of a run's last call, to find it in the provider's own logs. */
  requestId?: string | undefined;
}

/** A stored audit entry. */
export interface AuditEntry extends Omit<NewAuditEntry, 'at'> {
  /** Increasing with each entry in one store. */
  id: number;
  /** ISO 8601. */
  at: string;
}

/** Which entries `listAudit` returns: the newest first. */
export interface AuditQuery {
  /** At most this many. */
  limit: number;
  /** Only entries at or after this time. */
  since?: Date | undefined;
}

/** The audit log role of the store. */
export interface AuditStore {
  /** Appends one entry. */
  appendAudit(entry: NewAuditEntry): Promise<void>;
  /** Entries, newest first. */
  listAudit(query: AuditQuery): Promise<AuditEntry[]>;
}
