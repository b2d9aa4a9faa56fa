import type { Readable } from 'node:stream';
import type { AuthStrategy, AuthTransport } from '../auth/auth-strategy.js';
import { AuthError } from '../errors/auth-error.js';
import { ConnectorError } from '../errors/connector-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { redactDeep, secretsIn } from '../redact.js';
import { currentRun, type ProviderCallObserver } from '../run-context.js';
import type { Dispatcher } from '../undici-lite.js';
import { dispatchRequest } from '../undici-lite.js';
import { echoes, maskDecoded, maskHeaders, SentCredentials } from './answer-masking.js';
import { type BaseUrl, joinPath, parseBaseUrls, requestTarget } from './base-url.js';
import { decodeBody, encodeBody, isJson, parseJson } from './body-codec.js';
import { ConcurrencyLimit, type ConcurrencySlots } from './concurrency.js';
import { recordDryRun } from './dry-run.js';
import {
  type AttemptContext,
  abortError,
  errorOfResponse,
  isRedirect,
  readErrorResponse,
  redirectError,
  transportError,
} from './failure.js';
import { checkCredentialHeader, checkHeaders, flattenHeaders, lowerKeys } from './headers.js';
import { callIdempotency, type IdempotencyPolicy } from './idempotency.js';
import type { ErrorResponse, HttpRequest, HttpResponse } from './request.js';
import {
  defaultRetryPolicy,
  isRetryable,
  parseRetryAfter,
  type RetryHint,
  type RetryPolicy,
  retryDelay,
  sleep,
} from './retry.js';
import { Transport, type TransportTimeouts } from './transport.js';

/** The shared-slots hook of `HttpClientOptions.concurrencySlots`, beside the options that take it. */
export type { ConcurrencySlots } from './concurrency.js';

/** Per-connection tuning of retries and timeouts, as given to `connect({ http })`. */
export interface HttpTuning {
  retry?: Partial<RetryPolicy>;
  timeouts?: TransportTimeouts;
  /** A host's shared concurrency budget for this connection (see `ConcurrencySlots`). */
  concurrencySlots?: ConcurrencySlots | undefined;
}

/** Applies a connection's tuning over a connector's own client options (the tuning wins). */
export function withTuning(options: HttpClientOptions, tuning: HttpTuning | undefined): HttpClientOptions {
  if (!tuning) return options;
  return {
    ...options,
    retry: { ...options.retry, ...tuning.retry },
    timeouts: { ...options.timeouts, ...tuning.timeouts },
    ...(tuning.concurrencySlots ? { concurrencySlots: tuning.concurrencySlots } : {}),
  };
}

/** Options of one connection's client. */
export interface HttpClientOptions {
  /** The provider's name for messages, e.g. "Stripe". */
  provider: string;
  /** Named base URLs; credentials go to these and nowhere else. The first is the default. */
  baseUrls: Record<string, string>;
  /**
   * The connection option each base URL came from, for the `ValidationError` a bad one gets. By
   * default the first base URL is `baseUrl`, one named `token` is `tokenUrl`, and any other `x` is
   * `xBaseUrl`.
   */
  baseUrlOptions?: Record<string, string>;
  auth?: AuthStrategy | undefined;
  headers?: Record<string, string>;
  timeouts?: TransportTimeouts;
  retry?: Partial<RetryPolicy>;
  /** Adds a generated key under this header to every call whose method is listed. */
  idempotency?: IdempotencyPolicy;
  /** Response header carrying the provider's request id. */
  requestIdHeader?: string;
  /** At most this many calls in flight on this connection; the rest queue. */
  maxConcurrent?: number;
  /**
   * Makes `maxConcurrent` hold across processes: each attempt also takes one of the shared slots
   * (see `ConcurrencySlots`). Without `maxConcurrent` it is not used.
   */
  concurrencySlots?: ConcurrencySlots | undefined;
  /** Maps an error response onto the taxonomy; return undefined for the status-based default. */
  parseError?: (response: ErrorResponse) => ConnectorError | undefined;
  /** The provider's own retry hint (e.g. `Stripe-Should-Retry`): true, false, or no opinion. */
  shouldRetry?: (response: {
    status: number;
    headers: Record<string, string>;
    method: string;
    /** The request path, without the query string. */
    path: string;
  }) => boolean | undefined;
  /** Called before each retry wait; for progress and logs. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ConnectorError }) => void;
  /** Random source for backoff jitter (tests). */
  random?: () => number;
  /** A dispatcher to use instead of the client's own keep-alive agent. */
  dispatcher?: Dispatcher;
}

/**
 * One call as the request loop and `#attempt` share it: everything that is the same for every
 * attempt, in one object (it is also the context a transport failure is mapped with).
 */
interface Call extends AttemptContext {
  request: HttpRequest;
  method: string;
  base: BaseUrl;
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

/**
 * One connection's HTTP client on undici: the request loop. Each call is encoded once, then
 * attempted (credentials, the concurrency limit, one send) until it succeeds or the retry policy
 * says stop, refreshing credentials once after a 401. The parts live beside it: base URLs and
 * targets, body codecs, failure mapping, retry policy, idempotency, concurrency, answer masking,
 * dry runs and the keep-alive transport.
 */
export class HttpClient {
  readonly provider: string;
  readonly #bases: Map<string, BaseUrl>;
  readonly #defaultApi: string;
  readonly #options: HttpClientOptions;
  readonly #transport: Transport;
  readonly #policy: RetryPolicy;
  readonly #defaultHeaders: Record<string, string>;
  /** Whether the client's own headers passed `checkHeaders` (once, not on every call). */
  #defaultHeadersChecked = false;
  /** The lower-case response header carrying the provider's request id. */
  readonly #requestIdHeader: string | undefined;
  /** The lower-case header of the client's idempotency keys. */
  readonly #idempotencyHeader: string | undefined;
  readonly #limit: ConcurrencyLimit | undefined;
  /** What an error response said about retrying, kept beside the error rather than on it. */
  readonly #hints = new WeakMap<ConnectorError, RetryHint>();
  readonly #credentials = new SentCredentials();

  constructor(options: HttpClientOptions) {
    this.provider = options.provider;
    this.#options = options;
    this.#bases = parseBaseUrls(options.baseUrls, options.baseUrlOptions);
    this.#defaultApi = this.#bases.keys().next().value as string;
    this.#policy = { ...defaultRetryPolicy, ...options.retry };
    this.#defaultHeaders = lowerKeys(options.headers ?? {});
    this.#requestIdHeader = options.requestIdHeader?.toLowerCase();
    this.#idempotencyHeader = options.idempotency?.header.toLowerCase();
    this.#transport = new Transport(options.dispatcher, options.timeouts);
    this.#limit = options.maxConcurrent
      ? new ConcurrencyLimit(options.maxConcurrent, options.provider, options.concurrencySlots)
      : undefined;
    // The strategy gets a way to make its own calls (a token refresh), not the client itself.
    const transport: AuthTransport = { request: (request) => this.request(request) };
    options.auth?.attach?.(transport);
  }

  /** The full URL of a path on one of the base URLs (for messages and links; no credentials). */
  url(path: string, api?: string): string {
    const base = this.#base(api);
    return `${base.origin}${joinPath(base.pathPrefix, path)}`;
  }

  /** Performs one call with retries. Throws a `ConnectorError` for every failure. */
  async request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> {
    const method = request.method.toUpperCase();
    const base = this.#base(request.api);
    const { joined, target: path } = requestTarget(base, request.path, request.query, request.bracketQuery);
    if (!this.#defaultHeadersChecked) {
      checkHeaders(this.#defaultHeaders);
      this.#defaultHeadersChecked = true;
    }
    if (request.headers) checkHeaders(request.headers);
    const { body, contentType } = encodeBody(request);
    const {
      key: idempotencyKey,
      safe,
      outcome,
    } = callIdempotency(method, request, this.#options.idempotency);
    const policy: RetryPolicy | undefined =
      request.retry === false
        ? undefined
        : request.retry
          ? { ...this.#policy, ...request.retry }
          : this.#policy;

    const timeoutSignal = request.timeoutMs ? AbortSignal.timeout(request.timeoutMs) : undefined;
    const signal =
      timeoutSignal && request.signal
        ? AbortSignal.any([timeoutSignal, request.signal])
        : (timeoutSignal ?? request.signal);
    const auth = this.#options.auth;

    const run = currentRun();
    if (run?.dryRun) {
      await recordDryRun(
        run.dryRun,
        {
          method,
          url: `${base.origin}${path}`,
          headers: this.#headers(request, contentType, idempotencyKey),
          body,
          sendsAuth: request.auth !== false,
        },
        auth,
        this.#credentials,
        signal,
      );
    }

    const mask = request.redact ?? request.auth !== false;
    // A call without credentials may still be asked to mask them (a Custom Action on an API that
    // takes its key in the body): learn them from the strategy once.
    if (mask && request.auth === false && this.#credentials.empty && auth) {
      this.#credentials.learn(await auth.headers(signal));
    }

    const observer = run?.observer?.onCall?.({
      provider: this.provider,
      method,
      url: `${base.origin}${joined.split('?')[0]}`,
    });
    const call: Call = {
      provider: this.provider,
      outcome,
      timeoutSignal,
      timeoutMs: request.timeoutMs,
      callerSignal: request.signal,
      request,
      method,
      base,
      path,
      body,
      contentType,
      idempotencyKey,
      safe,
      policy,
      signal,
      mask,
      retries: 0,
    };
    if (!observer) return this.#send<T>(call, undefined);
    try {
      const response = await this.#send<T>(call, observer);
      observer.onEnd?.({ status: response.status, requestId: response.requestId, retries: call.retries });
      return response;
    } catch (error) {
      const known = ConnectorError.isInstance(error) ? error : undefined;
      observer.onEnd?.({
        status: known?.status,
        requestId: known?.requestId,
        error,
        retries: call.retries,
      });
      throw error;
    }
  }

  /**
   * The request loop of one call: credentials, the concurrency limit and one send per attempt,
   * until an answer, or a failure the retry policy will not repeat.
   */
  async #send<T>(call: Call, observer: ProviderCallObserver | undefined): Promise<HttpResponse<T>> {
    const { request, signal, policy } = call;
    const auth = request.auth === false ? undefined : this.#options.auth;
    let waited = 0;
    let refreshed = false;
    for (;;) {
      const headers = this.#headers(request, call.contentType, call.idempotencyKey);
      if (auth) {
        // Most strategies answer at once; only a refresh makes the headers wait.
        const pending = auth.headers(signal);
        const credentials = pending instanceof Promise ? await pending : pending;
        this.#credentials.learn(credentials, checkCredentialHeader);
        Object.assign(headers, credentials);
      }
      let error: ConnectorError;
      try {
        return this.#limit
          ? await this.#limit.run(
              () => this.#attempt<T>(call, headers),
              request.responseType === 'stream',
              signal,
            )
          : await this.#attempt<T>(call, headers);
      } catch (caught) {
        if (!ConnectorError.isInstance(caught)) throw caught;
        error = caught;
      }
      if (AuthError.isInstance(error) && error.status === 401 && !refreshed && auth?.handleUnauthorized) {
        refreshed = true;
        if (await auth.handleUnauthorized(headers, signal)) continue;
      }
      const hint = this.#hints.get(error);
      if (!policy || call.retries >= policy.maxRetries || !isRetryable(error, call.safe, hint)) throw error;
      const delay = retryDelay(error, hint, policy, call.retries, this.#options.random);
      if (waited + delay > policy.maxTotalWaitMs) throw error;
      call.retries += 1;
      waited += delay;
      this.#options.onRetry?.({ attempt: call.retries, delayMs: delay, error });
      observer?.onRetry?.({ attempt: call.retries, delayMs: delay, error });
      try {
        await sleep(delay, signal);
      } catch (reason) {
        throw abortError(this.provider, reason, call.timeoutSignal, call.outcome, request.timeoutMs);
      }
    }
  }

  /** Closes the connection's keep-alive sockets and releases its credentials from redaction. */
  async close(): Promise<void> {
    this.#options.auth?.dispose?.();
    await this.#transport.close();
  }

  #base(api: string | undefined): BaseUrl {
    const name = api ?? this.#defaultApi;
    const base = this.#bases.get(name);
    if (!base) throw new ValidationError(`Unknown API "${name}" for ${this.provider}`, { parameter: 'api' });
    return base;
  }

  /** The headers of one attempt before credentials: the client's, the call's, content type and key. */
  #headers(
    request: HttpRequest,
    contentType: string | undefined,
    idempotencyKey: string | undefined,
  ): Record<string, string> {
    const headers: Record<string, string> = request.headers
      ? { ...this.#defaultHeaders, ...lowerKeys(request.headers) }
      : { ...this.#defaultHeaders };
    if (contentType && !headers['content-type']) headers['content-type'] = contentType;
    if (idempotencyKey && this.#idempotencyHeader) headers[this.#idempotencyHeader] = idempotencyKey;
    return headers;
  }

  /** Sends one attempt and reads its answer: a decoded body, or the failure it maps to. */
  async #attempt<T>(a: Call, sent: Record<string, string>): Promise<HttpResponse<T>> {
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatchRequest(this.#transport.dispatcher(), {
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
    const status = response.statusCode;
    const credentials = this.#credentials.forms();
    const headers =
      status >= 300 || a.mask
        ? maskHeaders(flattenHeaders(response.headers), credentials, status >= 300)
        : flattenHeaders(response.headers);
    const requestId = this.#requestIdHeader ? headers[this.#requestIdHeader] : undefined;
    if (isRedirect(status, sent)) {
      // undici follows no redirect, and must not: credentials go to the configured base URL only.
      await response.body.dump().catch(() => undefined);
      throw redirectError({
        provider: this.provider,
        status,
        location: headers.location,
        base: a.base,
        path: a.path,
        requestId,
        credentials,
      });
    }
    if (status >= 400) {
      const errorResponse = await readErrorResponse(
        response.body,
        { status, headers, requestId, request: { method: a.method, path: a.path.split('?')[0] ?? a.path } },
        credentials,
      );
      const mapped = errorOfResponse(errorResponse, this.provider, [
        a.request.parseError,
        this.#options.parseError,
      ]);
      this.#hints.set(mapped, {
        shouldRetry: this.#options.shouldRetry?.({
          status,
          headers,
          method: a.method,
          path: errorResponse.request.path,
        }),
        retryAfterMs: parseRetryAfter(headers),
      });
      throw mapped;
    }
    const responseType = a.request.responseType ?? 'auto';
    if (responseType === 'stream') {
      return { status, headers, data: response.body as Readable as T, requestId };
    }
    if (responseType === 'json' || (responseType === 'auto' && isJson(headers['content-type']))) {
      // JSON is read as text (undici decodes its chunks without copying them into one buffer first)
      // and parsed once. The echo check is one substring search per credential form on that text;
      // only an answer that holds one is walked and masked after parsing.
      let text: string;
      try {
        text = await response.body.text();
      } catch (cause) {
        throw transportError(cause, a, true);
      }
      const data = parseJson<T>(text, this.provider, requestId);
      return {
        status,
        headers,
        data: a.mask && echoes(text, credentials) ? redactDeep(data, credentials) : data,
        requestId,
      };
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.body.arrayBuffer());
    } catch (cause) {
      throw transportError(cause, a, true);
    }
    const echoed = a.mask ? secretsIn(bytes, credentials) : [];
    const data = decodeBody<T>(bytes, headers, responseType, this.provider, requestId);
    return {
      status,
      headers,
      data: echoed.length > 0 ? maskDecoded(data, echoed) : data,
      requestId,
    };
  }
}
