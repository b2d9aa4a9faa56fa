import { parseAuditQuery } from '../observability/audit-query.js';
import { cliHost, type GlobalFlags } from './context.js';
import { printJson } from './output.js';

/** Options of `c-host audit`. */
export interface AuditFlags extends GlobalFlags {
  limit?: string;
  since?: string;
}

/**
 * `c-host audit`: the audit log, newest first, as JSON: every write command run and connection
 * change, by whom (a hash prefix of the token or session, or `cli`), when, with its outcome. The
 * whole fleet's with `C_HOST_DATABASE_URL`. `--limit` (default 100, at most 1000) and `--since` (ISO
 * 8601, or a duration back from now: `24h`, `7d`) are checked before the store is opened.
 */
export async function auditCommand(flags: AuditFlags): Promise<void> {
  const query = parseAuditQuery({ limit: flags.limit, since: flags.since });
  const host = await cliHost(flags, []);
  try {
    printJson(await host.store.audit.listAudit(query));
  } finally {
    await host.close();
  }
}
