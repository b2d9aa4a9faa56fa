import { STATUS_CODES } from 'node:http';
import {
  ConnectorError,
  type ErrorJson,
  type ErrorKind,
  InternalError,
  TimeoutError,
  ValidationError,
} from '@c/core';
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

/**
 * What Node's HTTP parser refuses before a route sees it (a request not whole in time, headers too
 * large, bytes that are not HTTP), answered with the error JSON of every other failure rather than
 * Fastify's own shape, then the connection closed. Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(
  error: Error & { code?: string },
  socket: import('node:stream').Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, json] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [
          408,
          new TimeoutError(
            'The request did not arrive whole in time (headers and body); send it again at once.',
          ).toJSON(),
        ]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, new ValidationError('Invalid request: its headers are too large.').toJSON()]
        : [400, new ValidationError('Invalid request: it is not well-formed HTTP.').toJSON()];
  const body = JSON.stringify({ error: json });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
