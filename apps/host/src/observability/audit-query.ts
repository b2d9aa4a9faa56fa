import { ValidationError } from '@c/core';
import type { AuditQuery } from '../store/audit-store.js';

/** How many entries `c-host audit` and `GET /api/audit` return by default, and at most. */
export const AUDIT_LIMIT = { default: 100, max: 1000 } as const;

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Reads an audit query as the CLI flags and the HTTP query give it (text): `limit` a whole number
 * from 1 to 1000 (100 when absent), `since` an ISO 8601 time (`2026-03-01`, `2026-03-01T10:00:00Z`)
 * or a duration back from `now` (`30m`, `24h`, `7d`). A `ValidationError` names the bad one.
 */
export function parseAuditQuery(raw: { limit?: unknown; since?: unknown }, now = new Date()): AuditQuery {
  return {
    limit: parseLimit(raw.limit),
    ...(raw.since === undefined ? {} : { since: parseSince(raw.since, now) }),
  };
}

function parseLimit(value: unknown): number {
  if (value === undefined) return AUDIT_LIMIT.default;
  const text = typeof value === 'number' ? String(value) : value;
  const limit = typeof text === 'string' && /^\d{1,7}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(limit >= 1 && limit <= AUDIT_LIMIT.max)) {
    throw new ValidationError(
      `Invalid parameter "limit": expected a whole number from 1 to ${AUDIT_LIMIT.max}`,
      { parameter: 'limit' },
    );
  }
  return limit;
}

function parseSince(value: unknown, now: Date): Date {
  const text = typeof value === 'string' ? value.trim() : '';
  const relative = /^(\d{1,6})([smhd])$/.exec(text);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (UNITS[relative[2]!] ?? 0));
  // A calendar date or a date and time; `Date.parse` alone would take "1" or "March 3".
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return new Date(time);
  }
  throw new ValidationError(
    'Invalid parameter "since": expected an ISO 8601 time (2026-03-01, 2026-03-01T10:00:00Z) or a duration back from now (30m, 24h, 7d)',
    { parameter: 'since' },
  );
}
