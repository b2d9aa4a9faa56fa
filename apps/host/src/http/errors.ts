import { ConnectorError, type ErrorJson, type ErrorKind, toErrorJson } from '@c/core';

/**
 * The kinds of the HTTP API's error JSON: core's, plus `internal` for a fault of the host itself (a
 * bug, a broken store), which must not read as the provider's.
 */
export type HostErrorKind = ErrorKind | 'internal';

/** The error JSON of the HTTP API. */
export interface HostErrorJson extends Omit<ErrorJson, 'kind'> {
  kind: HostErrorKind;
}

const STATUS_BY_KIND: Record<HostErrorKind, number> = {
  validation: 400,
  auth: 401,
  permission: 403,
  not_found: 404,
  rate_limit: 429,
  provider: 502,
  network: 502,
  timeout: 504,
  internal: 500,
};

/** The HTTP status of an error JSON: by kind, with 404 for an unknown command and 409 for a taken name. */
export function statusOf(json: HostErrorJson): number {
  if (json.kind === 'validation' && json.details?.unknownCommand !== undefined) return 404;
  if (json.kind === 'validation' && json.details?.conflict === true) return 409;
  return STATUS_BY_KIND[json.kind] ?? 500;
}

/**
 * The `{ error }` body and status of any thrown value. A connector error keeps its kind; anything
 * else is the host's own fault: a 500 of kind `internal`, its message redacted like every other.
 */
export function errorResponse(error: unknown): { status: number; body: { error: HostErrorJson } } {
  if (ConnectorError.isInstance(error)) {
    const json = error.toJSON();
    return { status: statusOf(json), body: { error: json } };
  }
  const { message } = toErrorJson(error);
  return {
    status: 500,
    body: {
      error: {
        name: 'InternalError',
        kind: 'internal',
        message: `c-host failed on its side: ${message}`,
        retryable: false,
      },
    },
  };
}
