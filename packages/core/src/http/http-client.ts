import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AuthStrategy } from '../auth/auth-strategy.js';
import { AuthError } from '../errors/auth-error.js';
import { ConnectorError } from '../errors/connector-error.js';
import { errorFromStatus } from '../errors/from-status.js';
import { NetworkError } from '../errors/network-error.js';
import { ProviderError } from '../errors/provider-error.js';
import { RateLimitError } from '../errors/rate-limit-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { redact, redactBytes, redactDeep, secretForms, secretsIn } from '../redact.js';
import { currentRun, DryRunStop, nextWriteKey, type RunState, withRun } from '../run-context.js';
import { createAgent, type Dispatcher, dispatchRequest } from '../undici-lite.js';
import { encodeForm, encodeQuery, type FormValue } from './encode.js';
import { backoffDelay, defaultRetryPolicy, parseRetryAfter, type RetryPolicy, sleep } from './retry.js';

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
  /** Path relative to the base URL's own path; may carry a query string. */
  path: string;
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

/**
 * Shares a connection's concurrency limit (`maxConcurrent`) with every other process using the same
 * connection, e.g. host instances behind a load balancer that together must keep Amplitude's 5
 * concurrent requests per project. Called before each attempt, once the client's own limit lets it
 * through, with the client's provider name (`scope`) and the limit; resolves with a function that
 * gives the slot back, once the slot is held. A rejection fails the call before anything is sent.
 */
export type ConcurrencySlots = (
  scope: string,
  limit: number,
  signal: AbortSignal | undefined,
) => Promise<() => void>;

/** Per-connection tuning of retries and timeouts, as given to `connect({ http })`. */
export interface HttpTuning {
  retry?: Partial<RetryPolicy>;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
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
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  retry?: Partial<RetryPolicy>;
  /** Adds a generated key under this header to every call whose method is listed. */
  idempotency?: { header: string; methods: readonly string[] };
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

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);
const RETRY_STATUSES = new Set([408, 409, 500, 502, 503, 504]);
/** Errors that prove the request never reached the server: safe to retry for any method. */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const MAX_ERROR_BODY = 64 * 1024;
/** How much of a text error body is kept (after masking). */
const MAX_ERROR_TEXT = 500;
/** How many credential forms a client remembers for masking (OAuth access tokens rotate). */
const MAX_MASKED_FORMS = 32;
/** What undici (and HTTP) refuse in a header value: CR, LF, NUL and anything above U+00FF. */
const INVALID_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;
/** What undici refuses in a request target. */
const INVALID_PATH = /[^\u0021-\u00ff]/;
/** How long `close()` waits for calls in flight before it cuts them. */
const CLOSE_GRACE_MS = 2_000;

interface Base {
  origin: string;
  pathPrefix: string;
}

/**
 * One connection's HTTP client on undici: a keep-alive agent shared by all its calls, base-URL
 * joining, JSON and form bodies, content-type parsing, timeouts, retries with full-jitter backoff
 * and `Retry-After`, idempotency keys, and the never-repeat rule for calls whose outcome is unknown.
 */
export class HttpClient {
  readonly provider: string;
  readonly #bases: Map<string, Base>;
  readonly #defaultApi: string;
  readonly #options: HttpClientOptions;
  #dispatcher: Dispatcher | undefined;
  readonly #ownsDispatcher: boolean;
  readonly #policy: RetryPolicy;
  readonly #defaultHeaders: Record<string, string>;
  #active = 0;
  /** What an error response said about retrying, kept beside the error rather than on it. */
  readonly #hints = new WeakMap<
    ConnectorError,
    { shouldRetry?: boolean | undefined; retryAfterMs?: number | undefined }
  >();
  readonly #queue: (() => void)[] = [];
  /**
   * The credentials this client has sent, in the forms a provider could echo, oldest first. They
   * come from the auth strategy's own headers, so masking needs nothing from the connector.
   */
  readonly #credentials = new Set<string>();
  /** Auth header values already read into `#credentials`. */
  readonly #seenAuth = new Set<string>();

  constructor(options: HttpClientOptions) {
    this.provider = options.provider;
    this.#options = options;
    this.#bases = new Map();
    Object.entries(options.baseUrls).forEach(([name, raw], index) => {
      const option =
        options.baseUrlOptions?.[name] ??
        (index === 0 ? 'baseUrl' : name === 'token' ? 'tokenUrl' : `${name}BaseUrl`);
      this.#bases.set(name, parseBase(option, raw));
    });
    const first = Object.keys(options.baseUrls)[0];
    if (!first) throw new ValidationError('At least one base URL is required', { parameter: 'baseUrl' });
    this.#defaultApi = first;
    this.#policy = { ...defaultRetryPolicy, ...options.retry };
    this.#defaultHeaders = lowerKeys(options.headers ?? {});
    this.#ownsDispatcher = !options.dispatcher;
    this.#dispatcher = options.dispatcher;
    options.auth?.attach?.(this);
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
    const query = encodeQuery(request.query, request.bracketQuery);
    const joined = joinPath(base.pathPrefix, request.path);
    const path = query ? `${joined}${joined.includes('?') ? '&' : '?'}${query}` : joined;
    if (INVALID_PATH.test(path)) {
      throw new ValidationError(
        'Invalid parameter "path": holds spaces, control characters or characters above U+00FF; percent-encode them',
        { parameter: 'path' },
      );
    }
    checkHeaders({ ...this.#defaultHeaders, ...(request.headers ?? {}) });
    const { body, contentType } = encodeBody(request);
    const idempotency = this.#options.idempotency;
    // A key the caller set in the headers (a Custom Action, say) is the call's key: keep it.
    const headerKey = idempotency ? headerValue(request.headers, idempotency.header) : undefined;
    // Within a run the key comes from the run's own (the caller's, when given), so that repeating
    // the run repeats the same keys and the provider applies each write once.
    const idempotencyKey =
      request.idempotencyKey ??
      headerKey ??
      (idempotency?.methods.includes(method) ? (nextWriteKey() ?? randomUUID()) : undefined);
    const safe = request.idempotent ?? (IDEMPOTENT_METHODS.has(method) || idempotencyKey !== undefined);
    // A call that may change something: when it fails after sending, its outcome is unknown (even
    // with an idempotency key, which only makes repeating it safe).
    const outcome: Outcome = {
      mayApply: !(request.idempotent ?? IDEMPOTENT_METHODS.has(method)),
      keyed: idempotencyKey !== undefined,
    };
    const policy: RetryPolicy | undefined =
      request.retry === false ? undefined : { ...this.#policy, ...(request.retry ?? {}) };

    const timeoutSignal = request.timeoutMs ? AbortSignal.timeout(request.timeoutMs) : undefined;
    const signal =
      timeoutSignal && request.signal
        ? AbortSignal.any([timeoutSignal, request.signal])
        : (timeoutSignal ?? request.signal);

    const dryRun = currentRun()?.dryRun;
    if (dryRun) {
      await this.#capture(dryRun, { method, base, path, body, contentType, idempotencyKey, request, signal });
    }

    const mask = request.redact ?? request.auth !== false;
    // A call without credentials may still be asked to mask them (a Custom Action on an API that
    // takes its key in the body): learn them from the strategy once.
    if (mask && request.auth === false && this.#credentials.size === 0 && this.#options.auth) {
      this.#learn(await this.#options.auth.headers(signal));
    }

    const observer = currentRun()?.observer?.onCall?.({
      provider: this.provider,
      method,
      url: `${base.origin}${joined.split('?')[0]}`,
    });
    let attempt = 0;
    const send = async (): Promise<HttpResponse<T>> => {
      let waited = 0;
      let refreshed = false;
      for (;;) {
        const headers: Record<string, string> = {
          ...this.#defaultHeaders,
          ...lowerKeys(request.headers ?? {}),
        };
        if (contentType && !headers['content-type']) headers['content-type'] = contentType;
        if (idempotencyKey && idempotency) headers[idempotency.header.toLowerCase()] = idempotencyKey;
        if (request.auth !== false && this.#options.auth) {
          const credentials = await this.#options.auth.headers(signal);
          checkCredentialHeaders(credentials);
          this.#learn(credentials);
          Object.assign(headers, credentials);
        }
        let error: ConnectorError;
        try {
          return await this.#limit(
            () =>
              this.#attempt<T>({
                method,
                base,
                path,
                body,
                headers,
                request,
                outcome,
                signal,
                timeoutSignal,
                mask,
              }),
            request.responseType === 'stream',
            signal,
          );
        } catch (caught) {
          if (!ConnectorError.isInstance(caught)) throw caught;
          error = caught;
        }
        if (
          AuthError.isInstance(error) &&
          error.status === 401 &&
          !refreshed &&
          request.auth !== false &&
          this.#options.auth?.handleUnauthorized
        ) {
          refreshed = true;
          if (await this.#options.auth.handleUnauthorized(headers, signal)) continue;
        }
        if (!policy || attempt >= policy.maxRetries || !this.#retryable(error, safe)) throw error;
        const hinted = RateLimitError.isInstance(error)
          ? (error.retryAfterMs ?? this.#hints.get(error)?.retryAfterMs)
          : this.#hints.get(error)?.retryAfterMs;
        const delay = hinted ?? backoffDelay(policy, attempt, this.#options.random);
        if (waited + delay > policy.maxTotalWaitMs) throw error;
        attempt += 1;
        waited += delay;
        this.#options.onRetry?.({ attempt, delayMs: delay, error });
        observer?.onRetry?.({ attempt, delayMs: delay, error });
        try {
          await sleep(delay, signal);
        } catch (reason) {
          throw this.#abortError(reason, timeoutSignal, outcome, request.timeoutMs);
        }
      }
    };
    if (!observer) return send();
    try {
      const response = await send();
      observer.onEnd?.({ status: response.status, requestId: response.requestId, retries: attempt });
      return response;
    } catch (error) {
      const known = ConnectorError.isInstance(error) ? error : undefined;
      observer.onEnd?.({ status: known?.status, requestId: known?.requestId, error, retries: attempt });
      throw error;
    }
  }

  /**
   * Records the request a dry run would send, exactly as its first attempt would carry it but with
   * every credential masked, then stops the run: what it would do next depends on the answer.
   */
  async #capture(
    dryRun: NonNullable<RunState['dryRun']>,
    a: {
      method: string;
      base: Base;
      path: string;
      body: string | Uint8Array | undefined;
      contentType: string | undefined;
      idempotencyKey: string | undefined;
      request: HttpRequest;
      signal: AbortSignal | undefined;
    },
  ): Promise<never> {
    if (dryRun.resolvingCredentials) throw new DryRunStop();
    const headers: Record<string, string> = {
      ...this.#defaultHeaders,
      ...lowerKeys(a.request.headers ?? {}),
    };
    if (a.contentType && !headers['content-type']) headers['content-type'] = a.contentType;
    const idempotency = this.#options.idempotency;
    if (a.idempotencyKey && idempotency) headers[idempotency.header.toLowerCase()] = a.idempotencyKey;
    // The credentials are read even for a call without them (a key in the body must be masked too).
    const credentials = this.#options.auth ? await this.#dryRunCredentials(a.signal) : undefined;
    if (credentials && a.request.auth !== false) Object.assign(headers, credentials);
    const forms = [...this.#credentials];
    const masked: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) masked[name] = redact(value, forms);
    dryRun.requests.push({
      method: a.method,
      url: redact(`${a.base.origin}${a.path}`, forms),
      headers: masked,
      ...(typeof a.body === 'string' ? { body: redact(a.body, forms) } : {}),
      ...(a.body instanceof Uint8Array ? { bodyBytes: a.body.byteLength } : {}),
    });
    throw new DryRunStop();
  }

  /**
   * The auth headers a dry run shows (masked). Resolving them may need a token refresh, which is a
   * request of its own: it is stopped like any other (sending nothing), and the header then reads
   * as a masked placeholder.
   */
  async #dryRunCredentials(signal: AbortSignal | undefined): Promise<Record<string, string>> {
    const auth = this.#options.auth;
    if (!auth) return {};
    try {
      const headers = await withRun(
        { idempotencyKey: undefined, writes: 0, dryRun: { requests: [], resolvingCredentials: true } },
        async () => auth.headers(signal),
      );
      this.#learn(headers);
      return headers;
    } catch (error) {
      if (!(error instanceof DryRunStop)) throw error;
      return { authorization: '[REDACTED] (an access token refreshed first)' };
    }
  }

  /** Closes the connection's keep-alive sockets and releases its credentials from redaction. */
  async close(): Promise<void> {
    this.#options.auth?.dispose?.();
    const dispatcher = this.#ownsDispatcher ? this.#dispatcher : undefined;
    this.#dispatcher = undefined;
    if (!dispatcher) return;
    // Let calls in flight finish briefly; a call that never ends (a stalled provider) must not
    // keep the connection open for ever.
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS);
    });
    const outcome = await Promise.race([dispatcher.close().then(() => 'closed' as const), grace]);
    clearTimeout(timer);
    if (outcome === 'late') await dispatcher.destroy();
  }

  /** The connection's one keep-alive agent, made (and undici loaded) on the first call. */
  #agent(): Dispatcher {
    if (!this.#dispatcher) {
      const timeouts = this.#options.timeouts ?? {};
      this.#dispatcher = createAgent({
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        headersTimeout: timeouts.headersMs ?? 60_000,
        bodyTimeout: timeouts.bodyMs ?? 120_000,
        connect: { timeout: timeouts.connectMs ?? 10_000 },
      });
    }
    return this.#dispatcher;
  }

  #base(api: string | undefined): Base {
    const name = api ?? this.#defaultApi;
    const base = this.#bases.get(name);
    if (!base) throw new ValidationError(`Unknown API "${name}" for ${this.provider}`, { parameter: 'api' });
    return base;
  }

  /** Reads the credentials out of auth headers (a Basic pair decoded too) into `#credentials`. */
  #learn(headers: Record<string, string>): void {
    for (const value of Object.values(headers)) {
      if (this.#seenAuth.has(value)) continue;
      this.#seenAuth.add(value);
      for (const credential of credentialsIn(value)) {
        for (const form of secretForms(credential)) {
          this.#credentials.delete(form);
          this.#credentials.add(form);
        }
      }
    }
    for (const form of this.#credentials) {
      if (this.#credentials.size <= MAX_MASKED_FORMS) break;
      this.#credentials.delete(form);
    }
    if (this.#seenAuth.size > MAX_MASKED_FORMS) this.#seenAuth.clear();
  }

  #retryable(error: ConnectorError, safe: boolean): boolean {
    const hint = this.#hints.get(error)?.shouldRetry;
    // The provider's own "do not retry" wins, even over a 429 (a daily quota cannot be waited out).
    if (hint === false) return false;
    if (RateLimitError.isInstance(error)) return true;
    if (NetworkError.isInstance(error) || TimeoutError.isInstance(error)) {
      return !error.outcomeUnknown || safe;
    }
    if (!safe || error.status === undefined) return false;
    if (hint !== undefined) return hint;
    // A connector's parser may mark a 5xx as final (an export too large to ever build).
    if (error.status >= 500 && !error.retryable) return false;
    return RETRY_STATUSES.has(error.status);
  }

  /**
   * Runs one attempt within the connection's concurrency limit. A streamed response keeps its slot
   * until its body ends or is destroyed: the provider counts the call as running until then.
   */
  async #limit<T>(
    task: () => Promise<HttpResponse<T>>,
    streamed: boolean,
    signal: AbortSignal | undefined,
  ): Promise<HttpResponse<T>> {
    const max = this.#options.maxConcurrent;
    if (!max) return task();
    if (this.#active >= max) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#active += 1;
    let released = false;
    let releaseShared: (() => void) | undefined;
    const release = () => {
      if (released) return;
      released = true;
      releaseShared?.();
      this.#active -= 1;
      this.#queue.shift()?.();
    };
    try {
      // The local queue first: this process never asks the shared budget for more than its limit.
      const slots = this.#options.concurrencySlots;
      if (slots) releaseShared = await slots(this.provider, max, signal);
      const response = await task();
      const body = response.data as Readable | undefined;
      if (streamed && body && typeof body.once === 'function' && !body.destroyed) body.once('close', release);
      else release();
      return response;
    } catch (error) {
      release();
      throw error;
    }
  }

  async #attempt<T>(a: {
    method: string;
    base: Base;
    path: string;
    body: string | Uint8Array | undefined;
    headers: Record<string, string>;
    request: HttpRequest;
    outcome: Outcome;
    signal: AbortSignal | undefined;
    timeoutSignal: AbortSignal | undefined;
    mask: boolean;
  }): Promise<HttpResponse<T>> {
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatchRequest(this.#agent(), {
        origin: a.base.origin,
        path: a.path,
        method: a.method as Dispatcher.HttpMethod,
        headers: a.headers,
        body: a.body,
        signal: a.signal,
      });
    } catch (cause) {
      throw this.#transportError(cause, a, false);
    }
    const status = response.statusCode;
    const credentials = [...this.#credentials];
    const headers =
      status >= 300 || a.mask
        ? maskHeaders(flattenHeaders(response.headers), credentials, status >= 300)
        : flattenHeaders(response.headers);
    const requestId = this.#options.requestIdHeader
      ? headers[this.#options.requestIdHeader.toLowerCase()]
      : undefined;
    if (status >= 300 && status < 400 && !(status === 304 && isConditional(a.headers))) {
      // undici follows no redirect, and must not: credentials go to the configured base URL only.
      await response.body.dump().catch(() => undefined);
      throw redirectError({
        provider: this.provider,
        status,
        location: headers.location,
        ...a,
        requestId,
        credentials,
      });
    }
    if (status >= 400) {
      const text = await readText(response.body, MAX_ERROR_BODY).catch(() => '');
      const parsed = parseErrorBody(text, headers['content-type'], credentials);
      const errorResponse: ErrorResponse = {
        status,
        headers,
        body: parsed,
        requestId,
        request: { method: a.method, path: a.path.split('?')[0] ?? a.path },
      };
      const mapped =
        a.request.parseError?.(errorResponse) ??
        this.#options.parseError?.(errorResponse) ??
        errorFromStatus({
          status,
          provider: this.provider,
          providerMessage: typeof parsed === 'string' ? parsed : undefined,
          requestId,
          retryAfterMs: parseRetryAfter(headers),
        });
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
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.body.arrayBuffer());
    } catch (cause) {
      throw this.#transportError(cause, a, true);
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

  #abortError(
    reason: unknown,
    timeoutSignal: AbortSignal | undefined,
    outcome: Outcome,
    timeoutMs?: number,
  ): unknown {
    if (timeoutSignal?.aborted || isTimeoutReason(reason)) {
      const within = timeoutMs === undefined ? 'before the deadline' : `within ${timeoutMs} ms`;
      return new TimeoutError(`${this.provider} did not answer ${within}${unknownNote(outcome, true)}`, {
        outcomeUnknown: outcome.mayApply,
      });
    }
    return reason;
  }

  #transportError(
    cause: unknown,
    a: { outcome: Outcome; timeoutSignal: AbortSignal | undefined; request: HttpRequest },
    duringBody: boolean,
  ): unknown {
    const { outcome, timeoutSignal } = a;
    const timeoutMs = a.request.timeoutMs;
    if (timeoutSignal?.aborted) return this.#abortError(cause, timeoutSignal, outcome, timeoutMs);
    const callerSignal = a.request.signal;
    if (callerSignal?.aborted) {
      // A deadline (AbortSignal.timeout, a run's timeoutMs) is a timeout like any other: say
      // whether a write may have been applied. Any other cancellation hands back its own reason.
      if (isTimeoutReason(callerSignal.reason))
        return this.#abortError(callerSignal.reason, undefined, outcome);
      return callerSignal.reason;
    }
    if (isAbort(cause)) return cause;
    const code = errorCode(cause);
    const neverSent = !duringBody && code !== undefined && NEVER_SENT_CODES.has(code);
    const outcomeUnknown = !neverSent && outcome.mayApply;
    const note = neverSent ? '' : unknownNote(outcome, false);
    if (code !== undefined && TIMEOUT_CODES.has(code)) {
      return new TimeoutError(`${this.provider} timed out (${code})${note}`, { cause, outcomeUnknown });
    }
    const what = neverSent
      ? 'could not be reached'
      : duringBody
        ? 'dropped the connection mid-response'
        : 'connection failed';
    return new NetworkError(`${this.provider} ${what} (${code ?? 'network error'})${note}`, {
      cause,
      outcomeUnknown,
    });
  }
}

/**
 * A base URL is an http(s) origin with an optional path prefix. User info, a query or a fragment
 * is refused: a query would become the prefix of every path (turning a Custom Action's path guard
 * into a query value), and credentials belong in the connection's credentials.
 */
function parseBase(option: string, raw: string): Base {
  const fail = (message: string): never => {
    throw new ValidationError(`Invalid parameter "${option}": ${message}`, { parameter: option });
  };
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    fail('is not a valid URL');
  }
  if (!url) return fail('is not a valid URL');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail('must be an http or https URL');
  // `https://@host` parses to an empty user name: look at the text as well.
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:[/\\]*[^/?#\\]*@/i.test(raw)) {
    fail('must not carry user info (user:password@); credentials go in the credential fields');
  }
  if (url.search || raw.includes('?')) fail('must not carry a query string (?…); give an origin and a path');
  if (url.hash || raw.includes('#')) fail('must not carry a fragment (#…); give an origin and a path');
  return { origin: url.origin, pathPrefix: url.pathname.replace(/\/+$/, '') };
}

/** Caller-given headers that HTTP cannot carry are the caller's fault, not the network's. */
function checkHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    const parameter = `headers.${name}`;
    if (!HEADER_NAME.test(name)) {
      throw new ValidationError(`Invalid parameter "${parameter}": is not a valid header name`, {
        parameter,
      });
    }
    if (typeof value !== 'string' || INVALID_HEADER_VALUE.test(value)) {
      throw new ValidationError(
        `Invalid parameter "${parameter}": a header value must be Latin-1 text without CR, LF or NUL`,
        { parameter },
      );
    }
  }
}

/** A credential that cannot go in a header (a pasted line break, say), said without showing it. */
function checkCredentialHeaders(headers: Record<string, string>): void {
  for (const value of Object.values(headers)) {
    if (INVALID_HEADER_VALUE.test(value)) {
      throw new ValidationError(
        'Invalid parameter "credentials": a credential holds a line break or a character that cannot be sent in a header',
        { parameter: 'credentials' },
      );
    }
  }
}

/** The credentials inside one auth header value: a scheme's token (a Basic pair decoded), or the value. */
function credentialsIn(value: string): string[] {
  const match = /^([A-Za-z][\w.-]*) +(\S+)$/.exec(value);
  if (!match) return [value];
  const [, scheme = '', token = ''] = match;
  if (scheme.toLowerCase() !== 'basic') return [token];
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? [token, decoded] : [token, decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** Masks credentials in response header values; `all` adds every registered secret (error answers). */
function maskHeaders(
  headers: Record<string, string>,
  credentials: readonly string[],
  all: boolean,
): Record<string, string> {
  for (const [key, value] of Object.entries(headers)) {
    if (all) headers[key] = redact(value, credentials);
    else if (credentials.some((form) => value.includes(form))) headers[key] = redact(value, credentials);
  }
  return headers;
}

/** Masks credentials found in a decoded successful body: JSON after parsing, text and bytes in place. */
function maskDecoded<T>(data: T, credentials: readonly string[]): T {
  if (data instanceof Uint8Array) return new Uint8Array(redactBytes(Buffer.from(data), credentials)) as T;
  return redactDeep(data, credentials);
}

function isConditional(headers: Record<string, string>): boolean {
  return headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
}

/**
 * An answer that points elsewhere is not success: the base URL is likely wrong (an old host, http
 * for https). Says where it points, with user info and any credential in it masked.
 */
function redirectError(r: {
  provider: string;
  status: number;
  location: string | undefined;
  base: Base;
  path: string;
  requestId: string | undefined;
  credentials: readonly string[];
}): ProviderError {
  const { provider, status, location, base, path, requestId } = r;
  let where: string | undefined;
  if (location) {
    try {
      const url = new URL(location, `${base.origin}${path}`);
      const userInfo = url.username || url.password ? '[REDACTED]@' : '';
      where = `${url.protocol}//${userInfo}${url.host}${url.pathname}${url.search}${url.hash}`;
    } catch {
      where = location;
    }
    where = truncate(redact(where, r.credentials), MAX_ERROR_TEXT);
  }
  const target = where ? ` to ${where}` : ' without a Location';
  return new ProviderError(
    `${provider} answered ${status}, a redirect${target}. Redirects are not followed (credentials go to the configured base URL only): check the base URL.`,
    { status, requestId, retryable: false, ...(where ? { details: { location: where } } : {}) },
  );
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Joins a base path and a relative path with exactly one slash between them. */
export function joinPath(prefix: string, path: string): string {
  if (!path) return prefix || '/';
  const rest = path.startsWith('/') ? path : `/${path}`;
  return `${prefix}${rest}`;
}

function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = value;
  return out;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function encodeBody(request: HttpRequest): { body: string | Uint8Array | undefined; contentType?: string } {
  if (request.json !== undefined) {
    return { body: JSON.stringify(request.json), contentType: 'application/json' };
  }
  if (request.form !== undefined) {
    return { body: encodeForm(request.form), contentType: 'application/x-www-form-urlencoded' };
  }
  if (request.body !== undefined) {
    return request.contentType
      ? { body: request.body, contentType: request.contentType }
      : { body: request.body };
  }
  return { body: undefined };
}

function isJson(contentType: string | undefined): boolean {
  return !!contentType && /^application\/(.+\+)?json\b/i.test(contentType.trim());
}

function isText(contentType: string | undefined): boolean {
  return (
    !!contentType && /^(text\/|application\/(.+\+)?(xml|csv|javascript|x-ndjson)\b)/i.test(contentType.trim())
  );
}

function decodeBody<T>(
  bytes: Buffer,
  headers: Record<string, string>,
  responseType: ResponseType,
  provider: string,
  requestId: string | undefined,
): T {
  const contentType = headers['content-type'];
  if (responseType === 'bytes') return new Uint8Array(bytes) as T;
  if (responseType === 'text') return bytes.toString('utf8') as T;
  if (responseType === 'json' || (responseType === 'auto' && isJson(contentType))) {
    if (bytes.length === 0) return undefined as T;
    try {
      return JSON.parse(bytes.toString('utf8')) as T;
    } catch {
      throw new ProviderError(`${provider} sent a response that is not valid JSON`, {
        providerCode: 'invalid_json',
        requestId,
        retryable: false,
      });
    }
  }
  if (isText(contentType) || (!contentType && bytes.length === 0)) return bytes.toString('utf8') as T;
  return new Uint8Array(bytes) as T;
}

/**
 * Parses an error body with every credential masked first (the connection's and every registered
 * one), so no later cut (here, or in a connector's parser) can leave part of a key behind.
 */
function parseErrorBody(
  text: string,
  contentType: string | undefined,
  credentials: readonly string[],
): unknown {
  if (isJson(contentType) || /^\s*[{[]/.test(text)) {
    try {
      return redactDeep(JSON.parse(text) as unknown, credentials);
    } catch {
      // Not JSON after all: fall through to text.
    }
  }
  if (/^\s*<(!doctype|html)/i.test(text)) return 'an HTML error page';
  return truncate(redact(text, credentials), MAX_ERROR_TEXT) || undefined;
}

async function readText(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    if (size < limit) chunks.push(buffer.subarray(0, limit - size));
    size += buffer.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a failed call may have changed something at the provider, and whether it carried a key. */
interface Outcome {
  mayApply: boolean;
  keyed: boolean;
}

function unknownNote(outcome: Outcome, finalAttempt: boolean): string {
  if (!outcome.mayApply) return '';
  if (outcome.keyed) {
    return '; the outcome is unknown: the request may have been applied (repeating it with the same idempotency key is safe)';
  }
  return `; the outcome is unknown: the request may have been applied${finalAttempt ? '' : ', so it was not repeated'}`;
}

function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError' && !ConnectorError.isInstance(reason);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || errorCode(error) === 'UND_ERR_ABORTED');
}
