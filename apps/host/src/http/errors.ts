import { ConnectorError, type ErrorJson, type ErrorKind, InternalError } from '@c/core';
import { databaseUnavailable, isDatabaseOutage } from '../store/outage.js';

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  validation: 400,
  auth: 401,
  permission: 403,
  not_found: 404,
  rate_limit: 429,
  provider: 502,
  network: 502,
  timeout: 504,
  internal: 500,
  // Stripe's own receivers answer a failed signature check with 400: the provider logs it and retries.
  signature: 400,
};

/**
 * The HTTP status of an error JSON: by kind, with 404 for an unknown command, 409 for a taken name
 * and 503 while the host's database is away.
 */
export function statusOf(json: ErrorJson): number {
  if (json.kind === 'validation' && json.details?.unknownCommand !== undefined) return 404;
  if (json.kind === 'validation' && json.details?.conflict === true) return 409;
  if (json.kind === 'network' && json.details?.unavailable === 'database') return 503;
  return STATUS_BY_KIND[json.kind] ?? 500;
}

/**
 * The `{ error }` body and status of any thrown value. A connector error keeps its kind; the
 * database away (the queue's driver says so in its own words) is a retryable 503 naming no address;
 * anything else is the host's own fault: a 500 of kind `internal`, its message redacted like every
 * other.
 */
export function errorResponse(error: unknown): { status: number; body: { error: ErrorJson } } {
  const json = ConnectorError.isInstance(error)
    ? error.toJSON()
    : isDatabaseOutage(error)
      ? databaseUnavailable(error).toJSON()
      : new InternalError(
          `c-host failed on its side: ${error instanceof Error ? error.message : String(error)}`,
        ).toJSON();
  return { status: statusOf(json), body: { error: json } };
}
