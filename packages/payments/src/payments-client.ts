import {
  bearerAuth,
  type ConnectorError,
  collect,
  cursorListPage,
  type ErrorResponse,
  errorFromStatus,
  type FormValue,
  HttpClient,
  type HttpResponse,
  type HttpTuning,
  ProviderError,
  parseRetryAfter,
  withTuning,
} from '@c/core';

import type { StripeList, StripeResumableList } from './schemas/common.js';

/**
 * The Stripe API version this package is built and tested against (the one `stripe` 23.1.0 pins),
 * sent as `Stripe-Version` unless a connection pins another; the commands' output schemas describe
 * its shapes.
 */
export const PAYMENTS_API_VERSION = '2026-10-28.endive';

/** Stripe's largest page: `limit` ranges from 1 to 100. */
const MAX_PAGE = 100;

/** The body of a Stripe error response. */
interface StripeErrorBody {
  error?: {
    type?: string;
    code?: string;
    decline_code?: string;
    param?: string;
    message?: string;
    doc_url?: string;
  };
}

/** Settings of one Stripe connection. */
export interface StripeHttpOptions {
  apiKey: string;
  baseUrl: string;
  /** Sent as `Stripe-Version` on every call; `PAYMENTS_API_VERSION` when omitted. */
  apiVersion?: string | undefined;
  /** The connection's retry and timeout tuning. */
  http?: HttpTuning | undefined;
}

/**
 * The HTTP client of one Stripe connection: bearer key, `Stripe-Version` on every call (so answers
 * never take the shape of the account's default version), one `Idempotency-Key` per POST reused by
 * every retry, Stripe's `request-id`, its error bodies and its `Stripe-Should-Retry` hint.
 */
export function createStripeHttp(options: StripeHttpOptions): HttpClient {
  return new HttpClient(
    withTuning(
      {
        provider: 'Stripe',
        baseUrls: { default: options.baseUrl },
        auth: bearerAuth(options.apiKey),
        headers: { 'Stripe-Version': options.apiVersion ?? PAYMENTS_API_VERSION },
        idempotency: { header: 'Idempotency-Key', methods: ['POST'] },
        requestIdHeader: 'request-id',
        parseError: parseStripeError,
        shouldRetry: stripeShouldRetry,
      },
      options.http,
    ),
  );
}

/** Reads `Stripe-Should-Retry`: Stripe knows better than the status code when it sends one. */
export function stripeShouldRetry(response: { headers: Record<string, string> }): boolean | undefined {
  const hint = response.headers['stripe-should-retry'];
  if (hint === 'true') return true;
  if (hint === 'false') return false;
  return undefined;
}

/**
 * Maps Stripe's `{error: {type, code, param, message}}` onto the error taxonomy, by status and by
 * Stripe's type and code (never by message text). 401, 403, 404 and 429 take their classes from the
 * status; a declined card (402), a refused parameter (400) and a reused idempotency key are
 * `ProviderError`s carrying Stripe's code, with the type and parameter in `details`.
 */
export function parseStripeError(response: ErrorResponse): ConnectorError | undefined {
  const error = (response.body as StripeErrorBody | undefined)?.error;
  if (!error || typeof error !== 'object') return undefined;
  const details: Record<string, unknown> = {};
  if (error.type) details.type = error.type;
  if (error.param) details.param = error.param;
  if (error.decline_code) details.declineCode = error.decline_code;
  if (error.doc_url) details.docUrl = error.doc_url;
  const providerCode = error.code ?? error.type;
  const base = {
    status: response.status,
    providerMessage: error.message,
    providerCode,
    requestId: response.requestId,
    details: Object.keys(details).length > 0 ? details : undefined,
  };
  const { status } = response;
  if (status === 401 || status === 403 || status === 404 || status === 429) {
    return errorFromStatus({ ...base, provider: 'Stripe', retryAfterMs: parseRetryAfter(response.headers) });
  }
  const said = error.message ? `: ${error.message}` : '';
  const about = error.param ? ` (parameter ${error.param})` : '';
  if (error.type === 'card_error' || status === 402) {
    return new ProviderError(`Stripe declined the request (${status})${said}${about}`, {
      ...base,
      retryable: false,
    });
  }
  if (error.type === 'idempotency_error') {
    // 409 means another request with the same key is still running: waiting and retrying is safe.
    return new ProviderError(`Stripe refused the idempotency key (${status})${said}`, {
      ...base,
      retryable: status === 409,
    });
  }
  if (status >= 500) {
    return new ProviderError(`Stripe failed on its side (${status})${said}`, base);
  }
  return new ProviderError(`Stripe refused the request (${status})${said}${about}`, {
    ...base,
    retryable: status === 409,
  });
}

/**
 * The list object of a list call's answer. Anything else (a proxy's text page with a 200, an object
 * of another kind) is a `ProviderError`, not a `TypeError` deep in the paging.
 */
function stripeList<T>(response: HttpResponse<unknown>, path: string): StripeList<T> {
  const list = response.data as Partial<StripeList<T>> | undefined;
  if (list && typeof list === 'object' && Array.isArray(list.data) && typeof list.has_more === 'boolean') {
    return list as StripeList<T>;
  }
  throw new ProviderError(`Stripe answered GET ${path} without a list object`, {
    status: response.status,
    providerCode: 'unexpected_response',
    requestId: response.requestId,
    retryable: false,
  });
}

/** Query parameters of a list call, bracket-encoded (`created[gt]=…`). */
export type ListQuery = Record<string, FormValue>;

/**
 * Reads up to `limit` items of a Stripe list. Above 100 it follows `starting_after` page by page,
 * asking each page for no more than is still needed, and stops as soon as the limit is met.
 */
export async function listUpTo<T extends { id: string }>(
  http: HttpClient,
  path: string,
  query: ListQuery,
  limit: number,
  signal?: AbortSignal,
): Promise<StripeList<T>> {
  const { next_starting_after: _next, ...list } = await listFrom<T>(http, path, query, limit, { signal });
  return list;
}

/**
 * Reads up to `limit` items of a Stripe list from a cursor (`startingAfter`), following pages as
 * `listUpTo` does; the result names the id to resume after (`next_starting_after`).
 */
export async function listFrom<T extends { id: string }>(
  http: HttpClient,
  path: string,
  query: ListQuery,
  limit: number,
  options: { signal?: AbortSignal | undefined; startingAfter?: string | undefined } = {},
): Promise<StripeResumableList<T>> {
  const { signal } = options;
  let url = path;
  const { items, hasMore, next } = await collect<T>(
    async (cursor, pageLimit) => {
      const response = await http.request({
        method: 'GET',
        path,
        query: { ...query, limit: pageLimit, starting_after: cursor },
        bracketQuery: true,
        signal,
      });
      const list = stripeList<T>(response, path);
      url = list.url ?? path;
      return cursorListPage(list);
    },
    { pageSize: MAX_PAGE, max: limit, cursor: options.startingAfter },
  );
  // Stopped by the limit inside a page: resume after the last item returned.
  const resume = hasMore ? (items.at(-1)?.id ?? next ?? null) : null;
  return { object: 'list', data: items, has_more: hasMore, url, next_starting_after: resume };
}

/** Sends one Stripe call and returns its JSON body. */
export async function stripeCall<T>(
  http: HttpClient,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, FormValue | undefined>,
  signal?: AbortSignal,
): Promise<T> {
  const response =
    method === 'POST'
      ? await http.request<T>({ method, path, form: params, signal })
      : await http.request<T>({ method, path, query: params, bracketQuery: true, signal });
  return response.data;
}

/** Reads every item of a Stripe list, 100 per page. */
export function listAll<T extends { id: string }>(
  http: HttpClient,
  path: string,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<StripeList<T>> {
  return listUpTo<T>(http, path, query, Number.POSITIVE_INFINITY, signal);
}

/** One page of a Stripe list, with the query passed through as given. */
export async function listPage<T>(
  http: HttpClient,
  path: string,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<StripeList<T>> {
  const response = await http.request({ method: 'GET', path, query, bracketQuery: true, signal });
  return stripeList<T>(response, path);
}

/** What every payments command runs with: the connection's Stripe client. */
export interface PaymentsContext {
  http: HttpClient;
  /** The connection's `Stripe-Version`, which webhook endpoints are created with too. */
  apiVersion: string;
  close(): Promise<void>;
}

/**
 * A call's parameters: `extra` (Stripe names, as given) under the fields a command maps, which win
 * where both name a parameter; fields left undefined do not hide `extra`'s.
 */
export function withExtra(
  extra: Record<string, unknown> | undefined,
  fields: Record<string, FormValue | undefined>,
): Record<string, FormValue | undefined> {
  const given = Object.entries(fields).filter(([, value]) => value !== undefined);
  return { ...(extra as Record<string, FormValue> | undefined), ...Object.fromEntries(given) };
}
