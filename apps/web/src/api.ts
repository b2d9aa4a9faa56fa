import { rememberLookups } from './commands/lookups';
import type {
  CommandDetail,
  CommandSummary,
  Connection,
  ConnectorInfo,
  ErrorJson,
  ErrorKind,
  HistoryPage,
  SandboxView,
} from './types';
import { kindLabels } from './ui/error-panel';

// The kinds core defines: `kindLabels` is a record over core's `ErrorKind`, so the type check keeps
// this list complete.
const kinds = new Set<ErrorKind>(Object.keys(kindLabels) as ErrorKind[]);

/** A failed API call, carrying the host's error JSON (or one made up for a transport failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorJson;

  constructor(status: number, body: ErrorJson) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * The error JSON of a failed call: the host's own, or, for anything else thrown (the transport's
 * failures are already an `ApiError`), a network error that is not said to be retryable.
 */
export function errorOf(cause: unknown): ErrorJson {
  return cause instanceof ApiError
    ? cause.body
    : { name: 'Error', kind: 'network', message: String(cause), retryable: false };
}

/** Called when the host answers 401: the session is missing or expired. */
type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribes to "the session is gone"; returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function errorJsonOf(status: number, payload: unknown): ErrorJson {
  const error = (payload as { error?: unknown } | null)?.error;
  if (error && typeof error === 'object' && typeof (error as ErrorJson).message === 'string') {
    const json = error as ErrorJson;
    return { ...json, kind: kinds.has(json.kind) ? json.kind : 'provider' };
  }
  const message = typeof error === 'string' ? error : `The host answered ${status}`;
  return {
    name: 'Error',
    kind: status === 401 ? 'auth' : status === 404 ? 'not_found' : 'provider',
    message,
    retryable: status >= 500,
    status,
  };
}

/** Calls the host's API; throws `ApiError` on any non-2xx answer or transport failure. */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  onHeaders?: (headers: Headers) => void,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, {
      name: 'NetworkError',
      kind: 'network',
      message: 'The host could not be reached. Is `c-host serve` still running?',
      retryable: true,
    });
  }
  onHeaders?.(response.headers);
  if (!response.ok) throw await apiErrorOf(response, path);
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return undefined as T;
  }
}

/**
 * The `ApiError` for a non-2xx answer, read from its error JSON; the host's own "no session" answer
 * tells every `onUnauthorized` listener.
 */
export async function apiErrorOf(response: Response, path: string): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  // The host marks its own "no session" answer with WWW-Authenticate; a provider refusing a
  // connection's credentials is a 401 too, but without it, and must not sign the user out.
  if (
    response.status === 401 &&
    response.headers.has('www-authenticate') &&
    !path.startsWith('/api/session')
  ) {
    for (const listener of unauthorizedListeners) listener();
  }
  return new ApiError(response.status, errorJsonOf(response.status, payload));
}

/** The typed routes of the host's API. */
export const api = {
  health: () => apiRequest<{ ok: boolean; version: string }>('GET', '/api/health'),
  signIn: (token: string) => apiRequest<unknown>('POST', '/api/session', { token }),
  connectors: () => apiRequest<ConnectorInfo[]>('GET', '/api/connectors'),
  commands: () => apiRequest<CommandSummary[]>('GET', '/api/commands'),
  command: (id: string) =>
    apiRequest<CommandDetail>('GET', `/api/commands/${encodeURIComponent(id)}`).then((detail) => {
      // Forms plan their lookup fields from the detail's lookups (see `lookupFor`).
      rememberLookups(detail.id, detail.lookups);
      return detail;
    }),
  /** Runs a command; `onRunId` hears the id of its line in the run history (the `c-run-id` header). */
  run: (
    id: string,
    input: unknown,
    connection?: string,
    signal?: AbortSignal,
    onRunId?: (runId: string) => void,
  ) =>
    apiRequest<{ result: unknown }>(
      'POST',
      `/api/commands/${encodeURIComponent(id)}/run`,
      connection ? { connection, input } : { input },
      signal,
      (headers) => {
        const runId = headers.get('c-run-id');
        if (runId) onRunId?.(runId);
      },
    ),
  /** Runs a lookup: a read that fills a form's choice list, left out of the run history. */
  lookup: (id: string, input: unknown, connection?: string) =>
    apiRequest<{ result: unknown }>('POST', `/api/commands/${encodeURIComponent(id)}/run`, {
      ...(connection ? { connection } : {}),
      input,
      lookup: true,
    }),
  /** A page of the run history of every surface (`GET /api/runs`). */
  history: (filters: Record<string, string | undefined>) => {
    const query = new URLSearchParams(
      Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return apiRequest<HistoryPage>('GET', `/api/runs${query ? `?${query}` : ''}`);
  },
  connections: () => apiRequest<Connection[]>('GET', '/api/connections'),
  sandbox: () => apiRequest<SandboxView>('GET', '/api/sandbox'),
  createConnection: (body: {
    name: string;
    connector: string;
    credentials: Record<string, unknown>;
    options: Record<string, unknown>;
    isDefault?: boolean;
  }) => apiRequest<Connection>('POST', '/api/connections', body),
  deleteConnection: (name: string) =>
    apiRequest<unknown>('DELETE', `/api/connections/${encodeURIComponent(name)}`),
  testConnection: (name: string) =>
    apiRequest<unknown>('POST', `/api/connections/${encodeURIComponent(name)}/test`),
  makeDefault: (name: string) =>
    apiRequest<unknown>('POST', `/api/connections/${encodeURIComponent(name)}/default`),
};

/** Where the OAuth pop-up starts for a connector and the connection name it will save. */
export function oauthStartUrl(connector: string, connection: string): string {
  return `/api/oauth/${encodeURIComponent(connector)}/start?connection=${encodeURIComponent(connection)}`;
}
