import { NetworkError } from '@c/core';

// What a database outage looks like from the host: the driver's own socket errors, PostgreSQL's
// connection-class SQLSTATEs, and the messages `pg` gives a connection it lost without a code (it
// has no code for these, so its words are all there is to go by).

/** Node's socket errors: the database refused, dropped or cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server going away or refusing sessions: admin, crash and
 * immediate shutdown, not yet accepting connections, too many connections.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** `pg`'s words for a connection it lost, which carry no code. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection ended unexpectedly)/;

/** Whether an error means the database is away (down, restarting, failing over, unreachable). */
export function isDatabaseOutage(error: unknown): boolean {
  if (NetworkError.isInstance(error)) return error.details?.unavailable === 'database';
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Class 08: connection exceptions.
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true;
  }
  return LOST_CONNECTION.test(error.message);
}

/**
 * The error a caller sees while the database is away: retryable, and in words that name no host,
 * port or database (the driver's own message does, and it goes nowhere).
 */
export function databaseUnavailable(error: unknown): NetworkError {
  const code = (error as { code?: unknown }).code;
  const why = typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : '';
  return new NetworkError(
    `The host's database is unavailable${why}; it may be restarting. Try again in a few seconds.`,
    { retryable: true, details: { unavailable: 'database', ...(why ? { code } : {}) } },
  );
}

/** An outage as `databaseUnavailable`; any other error as it is. */
export function asOutage(error: unknown): unknown {
  return isDatabaseOutage(error) && !NetworkError.isInstance(error) ? databaseUnavailable(error) : error;
}
