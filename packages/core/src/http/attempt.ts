// One attempt of a call: send it, read the answer, and turn it into a decoded response or the
// failure it maps to (a refused redirect, an error response, a transport error).
import type { Readable } from 'node:stream';
import type { ConnectorError } from '../errors/connector-error.js';
import { redactDeep, secretsIn } from '../redact.js';
import { type Dispatcher, dispatchRequest } from '../undici-lite.js';
import { echoes, maskDecoded, maskHeaders, type SentCredentials } from './answer-masking.js';
import type { BaseUrl } from './base-url.js';
import { decodeBody, isJson, parseJson } from './body-codec.js';
import type { HttpClientOptions } from './client-options.js';
import { type ExchangeFailure, exchange } from './exchange.js';
import {
  type AttemptContext,
  errorOfResponse,
  errorResponseOf,
  isRedirect,
  readErrorResponse,
  redirectError,
  transportError,
} from './failure.js';
import { flattenHeaders } from './headers.js';
import type { HttpRequest, HttpResponse } from './request.js';
import { parseRetryAfter, type RetryHint, type RetryPolicy } from './retry.js';
import type { Transport } from './transport.js';

/**
 * One call as the request loop and the attempts share it: everything that is the same for every
 * attempt, in one object (it is also the context a transport failure is mapped with).
 */
export interface Call extends AttemptContext {
  request: HttpRequest;
  method: string;
  base: BaseUrl;
  /** The path joined to the base URL's prefix, query included (the observer's URL drops it). */
  joined: string;
  /** The request target sent: the joined path and the query. */
  path: string;
  body: string | Uint8Array | undefined;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  /** The call may be repeated (see `callIdempotency`). */
  safe: boolean;
  policy: RetryPolicy | undefined;
  signal: AbortSignal | undefined;
  mask: boolean;
  /** Retries made so far, for the observer's end report. */
  retries: number;
}

/** What an attempt needs of its client: the same for every call of one connection. */
export interface AttemptEnv {
  provider: string;
  transport: Transport;
  credentials: SentCredentials;
  /** The lower-case response header carrying the provider's request id. */
  requestIdHeader: string | undefined;
  /** What an error response said about retrying, kept beside the error rather than on it. */
  hints: WeakMap<ConnectorError, RetryHint>;
  parseError: HttpClientOptions['parseError'];
  shouldRetry: HttpClientOptions['shouldRetry'];
}

/** The head of an answer: its headers (masked where they must be) and the provider's request id. */
interface Head {
  status: number;
  headers: Record<string, string>;
  requestId: string | undefined;
  credentials: readonly string[];
}

/**
 * Sends one attempt and reads its answer: a decoded body, or the failure it maps to. A stream is
 * handed over as undici's Readable; every other answer is read whole by `exchange`.
 */
export function attempt<T>(env: AttemptEnv, a: Call, sent: Record<string, string>): Promise<HttpResponse<T>> {
  return a.request.responseType === 'stream' ? attemptStream(env, a, sent) : attemptWhole(env, a, sent);
}

function attemptWhole<T>(env: AttemptEnv, a: Call, sent: Record<string, string>): Promise<HttpResponse<T>> {
  // Chained on the exchange rather than awaited in an async function: one promise less per call.
  return exchange(
    env.transport.dispatcher(),
    {
      origin: a.base.origin,
      path: a.path,
      method: a.method as Dispatcher.HttpMethod,
      headers: sent,
      body: a.body,
    },
    a.signal,
  ).then(
    (response) => {
      const head = headOf(env, a, sent, response.status, response.headers);
      if (isRedirect(head.status, sent)) return redirectAnswer(head);
      if (head.status >= 400) {
        const base = errorBase(head, a);
        throw failWith(env, a, head, errorResponseOf(response.body, base, head.credentials));
      }
      return decodeWhole<T>(a, head, response.body, env.provider);
    },
    (failure: unknown) => {
      const { cause, duringBody } = failure as ExchangeFailure;
      throw transportError(cause, a, duringBody);
    },
  );
}

/** A whole answer decoded by its response type; a credential it echoes is masked. */
function decodeWhole<T>(a: Call, head: Head, bytes: Buffer, provider: string): HttpResponse<T> {
  const { status, headers, requestId, credentials } = head;
  const responseType = a.request.responseType ?? 'auto';
  if (responseType === 'json' || (responseType === 'auto' && isJson(headers['content-type']))) {
    // Parsed once from text. The echo check is one substring search per credential form on that
    // text; only an answer that holds one is walked and masked after parsing.
    const text = utf8(bytes);
    const data = parseJson<T>(text, provider, requestId);
    return {
      status,
      headers,
      data: a.mask && echoes(text, credentials) ? redactDeep(data, credentials) : data,
      requestId,
    };
  }
  const echoed = a.mask ? secretsIn(bytes, credentials) : [];
  const data = decodeBody<T>(bytes, headers, responseType, provider, requestId);
  return { status, headers, data: echoed.length > 0 ? maskDecoded(data, echoed) : data, requestId };
}

/** UTF-8 text of a body, a byte order mark dropped (as `body.text()` did). */
function utf8(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

async function attemptStream<T>(
  env: AttemptEnv,
  a: Call,
  sent: Record<string, string>,
): Promise<HttpResponse<T>> {
  let response: Dispatcher.ResponseData;
  try {
    response = await dispatchRequest(env.transport.dispatcher(), {
      origin: a.base.origin,
      path: a.path,
      method: a.method as Dispatcher.HttpMethod,
      headers: sent,
      body: a.body,
      signal: a.signal,
    });
  } catch (cause) {
    throw transportError(cause, a, false);
  }
  const drain = () => response.body.dump().catch(() => undefined);
  const head = headOf(env, a, sent, response.statusCode, response.headers, drain);
  if (isRedirect(head.status, sent)) return redirectAnswer(head);
  if (head.status >= 400) {
    const errorResponse = await readErrorResponse(response.body, errorBase(head, a), head.credentials);
    throw failWith(env, a, head, errorResponse);
  }
  const { status, headers, requestId } = head;
  return { status, headers, data: response.body as Readable as T, requestId };
}

/**
 * The head of an answer, its headers masked when they may carry a credential; a redirect is
 * refused (undici follows none, and must not: credentials go to the configured base URL only).
 */
function headOf(
  env: AttemptEnv,
  a: Call,
  sent: Record<string, string>,
  status: number,
  raw: Record<string, string | string[] | undefined>,
  drain?: () => unknown,
): Head {
  const credentials = env.credentials.forms();
  const headers =
    status >= 300 || a.mask
      ? maskHeaders(flattenHeaders(raw), credentials, status >= 300)
      : flattenHeaders(raw);
  const requestId = env.requestIdHeader ? headers[env.requestIdHeader] : undefined;
  if (isRedirect(status, sent)) {
    drain?.();
    if (a.request.redirect === 'return') return { status, headers, requestId, credentials };
    throw redirectError({
      provider: env.provider,
      status,
      location: headers.location,
      base: a.base,
      path: a.path,
      requestId,
      credentials,
    });
  }
  return { status, headers, requestId, credentials };
}

/** A redirect the call asked to see (`redirect: 'return'`): its head, without a body. */
function redirectAnswer<T>(head: Head): HttpResponse<T> {
  return { status: head.status, headers: head.headers, data: undefined as T, requestId: head.requestId };
}

function errorBase(head: Head, a: Call) {
  const { status, headers, requestId } = head;
  return { status, headers, requestId, request: { method: a.method, path: a.path.split('?')[0] ?? a.path } };
}

/** The taxonomy error of an error response, its retry hint kept beside it. */
function failWith(
  env: AttemptEnv,
  a: Call,
  head: Head,
  errorResponse: Parameters<typeof errorOfResponse>[0],
): ConnectorError {
  const mapped = errorOfResponse(errorResponse, env.provider, [a.request.parseError, env.parseError]);
  env.hints.set(mapped, {
    shouldRetry: env.shouldRetry?.({
      status: head.status,
      headers: head.headers,
      method: a.method,
      path: errorResponse.request.path,
    }),
    retryAfterMs: parseRetryAfter(head.headers),
  });
  return mapped;
}
