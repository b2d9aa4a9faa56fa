import {
  AuthError,
  type ConnectorError,
  type ErrorResponse,
  errorFromStatus,
  HttpClient,
  type HttpTuning,
  headerAuth,
  NotFoundError,
  type OAuthTokens,
  oauth2Auth,
  PermissionError,
  ProviderError,
  parseRetryAfter,
  RateLimitError,
  type RefreshCoordinator,
  withTuning,
} from '@c/core';
import type { GraphqlOperation } from './issues-documents.js';

/**
 * The `@linear/sdk` release whose schema every document here is written and checked against
 * (Linear's GraphQL API has no version header; the simulator serves the same schema, and the
 * conformance suite drives that SDK).
 */
export const ISSUES_API_VERSION = '98.0.0';

/** What every issues command runs with: one connection's GraphQL client. */
export interface IssuesContext {
  linear: LinearGraphqlClient;
  close(): Promise<void>;
}

/** One entry of a GraphQL response's `errors`, with Linear's extensions. */
export interface LinearGraphqlError {
  message?: string;
  path?: (string | number)[];
  extensions?: {
    code?: string;
    type?: string;
    statusCode?: number;
    userError?: boolean;
    userPresentableMessage?: string;
  };
}

/** A GraphQL response body. */
export interface GraphqlResponse<T = Record<string, unknown>> {
  data?: T | null;
  errors?: LinearGraphqlError[];
}

/** A GraphQL request body as sent to `POST /graphql`. */
export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | undefined;
  operationName?: string | undefined;
}

/** Credentials of a connection: an OAuth token set, or a personal API key. */
export interface LinearCredentials {
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
  expiresAt?: number | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  apiKey?: string | undefined;
}

/** When a refusal means "there is no such entity": an input error on this root field. */
export interface NotFoundRule {
  /** The root field looked up, e.g. `issue`. */
  field: string;
  /** What was looked for, for the message, e.g. `issue 2f6c…`. */
  what: string;
}

const AUTH_CODES = new Set(['AUTHENTICATION_ERROR']);
const AUTH_TYPES = new Set(['authentication error']);
const FORBIDDEN_CODES = new Set(['FORBIDDEN', 'FEATURE_NOT_ACCESSIBLE']);
const FORBIDDEN_TYPES = new Set(['forbidden', 'feature not accessible']);
const INPUT_CODES = new Set(['INPUT_ERROR']);
const INPUT_TYPES = new Set(['invalid input']);
const RETRYABLE_TYPES = new Set(['internal error', 'lock timeout', 'network error']);
const RATE_LIMIT_DIMENSIONS = ['requests', 'complexity', 'endpoint-requests'];

/**
 * How long Linear asked a rate-limited caller to wait: `Retry-After` when sent, else the reset
 * time (epoch milliseconds) of the exhausted `X-RateLimit-*` budget, or of the latest one when the
 * headers do not say which ran out.
 */
export function linearRetryAfterMs(
  headers: Record<string, string>,
  now: number = Date.now(),
): number | undefined {
  const hinted = parseRetryAfter(headers, now);
  if (hinted !== undefined) return hinted;
  const resets: { at: number; exhausted: boolean }[] = [];
  for (const dimension of RATE_LIMIT_DIMENSIONS) {
    const at = Number(headers[`x-ratelimit-${dimension}-reset`]);
    if (!Number.isFinite(at) || at <= 0) continue;
    const remaining = Number(headers[`x-ratelimit-${dimension}-remaining`]);
    resets.push({ at, exhausted: Number.isFinite(remaining) && remaining <= 0 });
  }
  const relevant = resets.some((reset) => reset.exhausted)
    ? resets.filter((reset) => reset.exhausted)
    : resets;
  if (relevant.length === 0) return undefined;
  return Math.max(0, Math.max(...relevant.map((reset) => reset.at)) - now);
}

/**
 * Maps Linear's GraphQL `errors` onto the taxonomy by `extensions.code` and `extensions.type`
 * (never by message text): RATELIMITED → `RateLimitError`, authentication → `AuthError`,
 * forbidden or a feature not accessible → `PermissionError`, an input error on the looked-up root
 * field → `NotFoundError` (Linear reports a missing entity that way), anything else
 * → `ProviderError` with Linear's own message and code.
 */
export function linearErrorFrom(
  errors: LinearGraphqlError[],
  response: { status: number; headers: Record<string, string>; requestId: string | undefined },
  notFound?: NotFoundRule,
): ConnectorError {
  const is = (error: LinearGraphqlError, codes: Set<string>, types: Set<string>) =>
    codes.has(error.extensions?.code ?? '') || types.has(error.extensions?.type ?? '');
  const rateLimited = errors.find(
    (error) => error.extensions?.code === 'RATELIMITED' || error.extensions?.type === 'ratelimited',
  );
  const auth = errors.find((error) => is(error, AUTH_CODES, AUTH_TYPES));
  const forbidden = errors.find((error) => is(error, FORBIDDEN_CODES, FORBIDDEN_TYPES));
  const missing = notFound
    ? errors.find((error) => error.path?.[0] === notFound.field && is(error, INPUT_CODES, INPUT_TYPES))
    : undefined;
  const primary = rateLimited ?? auth ?? forbidden ?? missing ?? errors[0] ?? {};
  const ext = primary.extensions ?? {};
  const providerMessage = ext.userPresentableMessage ?? primary.message ?? 'no message';
  const providerCode = ext.code ?? ext.type;
  const httpError = response.status >= 400;
  const status = httpError ? response.status : ext.statusCode;
  const options = {
    status,
    providerMessage,
    providerCode,
    requestId: response.requestId,
    details: {
      errors: errors.slice(0, 5).map((error) => ({
        message: error.message,
        path: error.path,
        code: error.extensions?.code,
        type: error.extensions?.type,
      })),
    },
  };
  if (rateLimited) {
    return new RateLimitError(`Linear rate limit reached: ${providerMessage}`, {
      ...options,
      retryAfterMs: linearRetryAfterMs(response.headers),
    });
  }
  if (auth || response.status === 401) {
    return new AuthError(
      `Linear rejected the credentials: ${providerMessage}. Reconnect the account or replace the API key.`,
      options,
    );
  }
  if (forbidden) return new PermissionError(`Linear refused access: ${providerMessage}`, options);
  if (missing && notFound) {
    return new NotFoundError(`Linear has no ${notFound.what}: ${providerMessage}`, {
      ...options,
      status: undefined,
    });
  }
  const retryable = (status !== undefined && status >= 500) || RETRYABLE_TYPES.has(ext.type ?? '');
  return new ProviderError(
    `Linear refused the request (${providerCode ?? status ?? 'error'}): ${providerMessage}`,
    {
      ...options,
      retryable,
    },
  );
}

/**
 * Linear's HTTP error bodies: a GraphQL `errors` list is mapped by code (a rate limit arrives as
 * HTTP 400 RATELIMITED and becomes a `RateLimitError`, which core retries after the wait Linear
 * named: a refused request is safe to repeat); anything else falls back to the status.
 */
export function parseLinearError(response: ErrorResponse): ConnectorError | undefined {
  const body = response.body as GraphqlResponse | undefined;
  const hasErrors =
    !!body && typeof body === 'object' && Array.isArray(body.errors) && body.errors.length > 0;
  if (hasErrors) {
    const mapped = linearErrorFrom(body!.errors!, response);
    // A 429 is a rate limit whatever its body says: keep Linear's message, but let core wait and retry.
    if (response.status !== 429 || RateLimitError.isInstance(mapped)) return mapped;
    return new RateLimitError(
      `Linear rate limit reached (429)${mapped.providerMessage ? `: ${mapped.providerMessage}` : ''}`,
      {
        status: 429,
        providerMessage: mapped.providerMessage,
        providerCode: mapped.providerCode,
        requestId: response.requestId,
        retryAfterMs: linearRetryAfterMs(response.headers),
      },
    );
  }
  return errorFromStatus({
    status: response.status,
    provider: 'Linear',
    providerMessage: typeof response.body === 'string' ? response.body : undefined,
    requestId: response.requestId,
    retryAfterMs: linearRetryAfterMs(response.headers),
  });
}

/** Options of a GraphQL call. */
export interface GraphqlCallOptions {
  signal?: AbortSignal | undefined;
  /** Maps an input error on this root field to `NotFoundError`. */
  notFound?: NotFoundRule | undefined;
}

/**
 * Linear's GraphQL endpoint over one connection's `HttpClient`. Queries are sent as idempotent
 * (retried after a dropped connection or a 5xx); mutations are not, so a mutation whose response
 * was lost ends in a `NetworkError` with `outcomeUnknown` instead of a second issue. A response
 * with `errors` is an error even at HTTP 200.
 */
export class LinearGraphqlClient {
  readonly #http: HttpClient;

  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Runs a named operation and returns its `data`. Like `send`, it chains on the call's promise
   * rather than awaiting it in an async function of its own: every layer between a command and
   * the socket that awaits is one more promise and microtask per call (bench/README.md).
   */
  run<T>(
    operation: GraphqlOperation,
    variables: Record<string, unknown>,
    options: GraphqlCallOptions = {},
  ): Promise<T> {
    const body: GraphqlRequest = { query: operation.document, variables, operationName: operation.name };
    return this.send(body, operation.kind === 'query', options).then((data) => {
      // Every root field the package asks for is a non-null object in Linear's schema: an answer
      // without one is not Linear's, and is refused here rather than failing inside a command.
      const missing = operation.rootFields.find((field) => !isObject(data[field]));
      if (missing !== undefined) {
        throw new ProviderError(`Linear answered ${operation.name} without its ${missing}`, {
          providerCode: 'invalid_response',
        });
      }
      return data as T;
    });
  }

  /** Sends any GraphQL request and returns its `data`. */
  send(
    body: GraphqlRequest,
    idempotent: boolean,
    options: GraphqlCallOptions = {},
  ): Promise<Record<string, unknown>> {
    return this.#http
      .request<GraphqlResponse>({
        method: 'POST',
        path: '/graphql',
        json: body,
        idempotent,
        responseType: 'json',
        signal: options.signal,
      })
      .then((response) => {
        const payload = response.data;
        if (payload && Array.isArray(payload.errors) && payload.errors.length > 0) {
          throw linearErrorFrom(payload.errors, response, options.notFound);
        }
        if (!payload || typeof payload !== 'object' || !payload.data || typeof payload.data !== 'object') {
          throw new ProviderError('Linear answered without GraphQL data', {
            status: response.status,
            requestId: response.requestId,
          });
        }
        return payload.data;
      });
  }

  /** Closes the connection's sockets and releases its credentials. */
  close(): Promise<void> {
    return this.#http.close();
  }
}

/**
 * The HTTP client of one connection: the GraphQL base URL and the token URL, and the auth Linear
 * expects: a personal API key bare in `Authorization`, an OAuth access token as `Bearer` with
 * refresh through the token URL (Linear's access tokens live 24 hours; refresh tokens rotate and
 * the new set goes to `onTokens`).
 */
export function createLinearHttpClient(config: {
  credentials: LinearCredentials;
  baseUrl: string;
  tokenUrl: string;
  onTokens?: ((tokens: OAuthTokens) => void | Promise<void>) | undefined;
  coordinateRefresh?: RefreshCoordinator | undefined;
  http?: HttpTuning | undefined;
}): HttpClient {
  const { credentials } = config;
  const auth = credentials.apiKey
    ? headerAuth('Authorization', credentials.apiKey)
    : oauth2Auth({
        accessToken: credentials.accessToken ?? '',
        refreshToken: credentials.refreshToken,
        expiresAt: credentials.expiresAt,
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        tokenApi: 'token',
        provider: 'Linear',
        onTokens: config.onTokens,
        coordinateRefresh: config.coordinateRefresh,
      });
  return new HttpClient(
    withTuning(
      {
        provider: 'Linear',
        baseUrls: { default: config.baseUrl, token: config.tokenUrl },
        auth,
        parseError: parseLinearError,
      },
      config.http,
    ),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
