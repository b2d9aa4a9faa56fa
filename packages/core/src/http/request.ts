// The shape of one call, what comes back and what a connector's error parser sees. Kept apart from
// the client so that an auth strategy can name a call without depending on the client.
import type { ConnectorError } from '../errors/connector-error.js';
import type { FormValue } from './encode.js';
import type { RetryPolicy } from './retry.js';

/**
 * How the body of a response is returned. `auto` picks by content type. A `stream` is handed over
 * as it arrives and is not masked (see `HttpRequest.redact`).
 */
export type ResponseType = 'auto' | 'json' | 'text' | 'bytes' | 'stream';

/** One call through an `HttpClient`. */
export interface HttpRequest {
  method: string;
  /** Which of the client's base URLs; the first one when omitted. */
  api?: string;
  /** Path relative to the base URL's own path; may carry a query string. Required unless `url` is given. */
  path?: string;
  /**
   * An absolute http(s) address the provider handed out, such as a pre-signed download link, sent
   * instead of `api` and `path`. Such a link carries its own authorization, so only a call with
   * `auth: false` may use it, and the client's default headers do not go with it.
   */
  url?: string;
  /**
   * What a 3xx answer does. `refuse` (the default) fails the call: credentials go to the configured
   * base URL only, so a redirect usually means a wrong base URL. `return` hands it back as the answer
   * (`status`, the `location` header, no body), for an API that answers with a link to follow
   * without credentials (`url` with `auth: false`).
   */
  redirect?: 'refuse' | 'return';
  query?: Record<string, FormValue> | undefined;
  /** Encode nested query values with brackets (`created[gt]=1`). */
  bracketQuery?: boolean;
  json?: unknown;
  form?: Record<string, FormValue> | undefined;
  body?: string | Uint8Array | undefined;
  contentType?: string;
  headers?: Record<string, string> | undefined;
  /** The idempotency key of this call, reused by every attempt. Generated when the client's policy says. */
  idempotencyKey?: string | undefined;
  /** Overrides the method's own idempotency (e.g. a GraphQL query sent by POST is idempotent). */
  idempotent?: boolean;
  responseType?: ResponseType;
  signal?: AbortSignal | undefined;
  /** `false` disables retries for this call; an object overrides the policy. */
  retry?: false | Partial<RetryPolicy>;
  /** `false` sends no credentials (a token endpoint). */
  auth?: boolean;
  /**
   * Masks the connection's credentials in a successful answer (JSON, text and bytes; headers too),
   * should the provider echo one. Default: on, except for calls with `auth: false`, so a token
   * endpoint's answer, which is credentials by design, arrives whole. Streamed bodies are never
   * masked: they are downloads (an export's archive) read as data, where masking could not see
   * inside compressed bytes and could only corrupt them. Error bodies are always masked, before any
   * truncation.
   */
  redact?: boolean;
  /** A limit on the whole call, every attempt and wait included. */
  timeoutMs?: number;
  /** Maps this call's error responses, before the client's own `parseError` (e.g. a token endpoint). */
  parseError?: (response: ErrorResponse) => ConnectorError | undefined;
}

/** What came back. `data` is parsed according to the response type. */
export interface HttpResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
  requestId: string | undefined;
}

/** A provider's error response as seen by its connector's parser. */
export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the body was JSON, else the text (HTML pages are reduced to a note). */
  body: unknown;
  requestId: string | undefined;
  request: { method: string; path: string };
}
