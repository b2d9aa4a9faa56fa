import type { AuthTransport } from '../auth/auth-strategy.js';
import { AuthError } from '../errors/auth-error.js';
import { ConnectorError } from '../errors/connector-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { currentRun, type ProviderCallObserver, type RunState } from '../run-context.js';
import { SentCredentials } from './answer-masking.js';
import { type AttemptEnv, attempt, type Call } from './attempt.js';
import { type BaseUrl, joinPath, parseBaseUrls, parseHttpUrl, requestTarget } from './base-url.js';
import { encodeBody } from './body-codec.js';
import type { HttpClientOptions } from './client-options.js';
import { ConcurrencyLimit } from './concurrency.js';
import { recordDryRun } from './dry-run.js';
import { abortError } from './failure.js';
import { checkCredentialHeader, checkHeaders, lowerKeys } from './headers.js';
import { callIdempotency } from './idempotency.js';
import type { HttpRequest, HttpResponse } from './request.js';
import { defaultRetryPolicy, isRetryable, type RetryPolicy, retryDelay, sleep } from './retry.js';
import { Transport } from './transport.js';

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
  /** The lower-case header of the client's idempotency keys. */
  readonly #idempotencyHeader: string | undefined;
  readonly #limit: ConcurrencyLimit | undefined;
  readonly #credentials = new SentCredentials();
  /** What every attempt of this client's calls shares. */
  readonly #env: AttemptEnv;

  constructor(options: HttpClientOptions) {
    this.provider = options.provider;
    this.#options = options;
    this.#bases = parseBaseUrls(options.baseUrls, options.baseUrlOptions);
    this.#defaultApi = this.#bases.keys().next().value as string;
    this.#policy = { ...defaultRetryPolicy, ...options.retry };
    this.#defaultHeaders = lowerKeys(options.headers ?? {});
    this.#idempotencyHeader = options.idempotency?.header.toLowerCase();
    this.#transport = new Transport(options.dispatcher, options.timeouts);
    this.#env = {
      provider: options.provider,
      transport: this.#transport,
      credentials: this.#credentials,
      requestIdHeader: options.requestIdHeader?.toLowerCase(),
      hints: new WeakMap(),
      parseError: options.parseError,
      shouldRetry: options.shouldRetry,
    };
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
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> {
    let call: Call;
    try {
      call = this.#prepare(request);
    } catch (error) {
      return Promise.reject(error);
    }
    const run = currentRun();
    // Most calls need nothing awaited before they are sent: they go straight to the request loop,
    // without an async step of their own (each is a promise and microtask hops per call).
    if (run?.dryRun || this.#mustLearnFirst(call)) return this.#beforeSend<T>(call, run);
    return this.#observed<T>(call, run);
  }

  /** A call encoded once: target, body, idempotency, retry policy and signals, for every attempt. */
  #prepare(request: HttpRequest): Call {
    const method = request.method.toUpperCase();
    const base = request.url === undefined ? this.#base(request.api) : linkBase(request);
    const relative = request.url === undefined ? pathOf(request) : linkPath(request.url);
    const { joined, target: path } = requestTarget(base, relative, request.query, request.bracketQuery);
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
    return {
      provider: this.provider,
      outcome,
      timeoutSignal,
      timeoutMs: request.timeoutMs,
      callerSignal: request.signal,
      request,
      method,
      base,
      joined,
      path,
      body,
      contentType,
      idempotencyKey,
      safe,
      policy,
      signal,
      mask: request.redact ?? request.auth !== false,
      retries: 0,
    };
  }

  /**
   * A call without credentials may still be asked to mask them (a Custom Action on an API that
   * takes its key in the body): the strategy's credentials are learnt once, before it is sent.
   */
  #mustLearnFirst(call: Call): boolean {
    return (
      call.mask && call.request.auth === false && this.#credentials.empty && this.#options.auth !== undefined
    );
  }

  /** What must happen before a call is sent: a dry run records it (and stops), credentials are learnt. */
  async #beforeSend<T>(call: Call, run: RunState | undefined): Promise<HttpResponse<T>> {
    const { request, signal } = call;
    const auth = this.#options.auth;
    if (run?.dryRun) {
      await recordDryRun(
        run.dryRun,
        {
          method: call.method,
          url: `${call.base.origin}${call.path}`,
          headers: this.#headers(request, call.contentType, call.idempotencyKey),
          body: call.body,
          sendsAuth: request.auth !== false,
        },
        auth,
        this.#credentials,
        signal,
      );
    }
    if (auth && this.#mustLearnFirst(call)) this.#credentials.learn(await auth.headers(signal));
    return this.#observed<T>(call, run);
  }

  /** The request loop, reported to the run's observer when it has one. */
  #observed<T>(call: Call, run: RunState | undefined): Promise<HttpResponse<T>> {
    const observer = run?.observer?.onCall?.({
      provider: this.provider,
      method: call.method,
      url: `${call.base.origin}${call.joined.split('?')[0]}`,
    });
    if (!observer) return this.#send<T>(call, undefined);
    return this.#send<T>(call, observer).then(
      (response) => {
        observer.onEnd?.({ status: response.status, requestId: response.requestId, retries: call.retries });
        return response;
      },
      (error: unknown) => {
        const known = ConnectorError.isInstance(error) ? error : undefined;
        observer.onEnd?.({
          status: known?.status,
          requestId: known?.requestId,
          error,
          retries: call.retries,
        });
        throw error;
      },
    );
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
              () => attempt<T>(this.#env, call, headers),
              request.responseType === 'stream',
              signal,
            )
          : await attempt<T>(this.#env, call, headers);
      } catch (caught) {
        if (!ConnectorError.isInstance(caught)) throw caught;
        error = caught;
      }
      if (AuthError.isInstance(error) && error.status === 401 && !refreshed && auth?.handleUnauthorized) {
        refreshed = true;
        if (await auth.handleUnauthorized(headers, signal)) continue;
      }
      const hint = this.#env.hints.get(error);
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
    // A link the provider handed out gets only the call's own headers (see `HttpRequest.url`).
    const defaults = request.url === undefined ? this.#defaultHeaders : {};
    const headers: Record<string, string> = request.headers
      ? { ...defaults, ...lowerKeys(request.headers) }
      : { ...defaults };
    if (contentType && !headers['content-type']) headers['content-type'] = contentType;
    if (idempotencyKey && this.#idempotencyHeader) headers[this.#idempotencyHeader] = idempotencyKey;
    return headers;
  }
}

/** The origin of a call to an absolute link (`HttpRequest.url`): only a call without credentials. */
function linkBase(request: HttpRequest): BaseUrl {
  const url = parseHttpUrl('url', request.url ?? '');
  if (request.auth !== false) {
    throw new ValidationError(
      'Invalid parameter "url": an absolute link is called without credentials; set auth: false',
      { parameter: 'url' },
    );
  }
  return { origin: url.origin, pathPrefix: '' };
}

/** The path of a call on a base URL, which it must have. */
function pathOf(request: HttpRequest): string {
  if (request.path === undefined) {
    throw new ValidationError('Invalid parameter "path": a call needs a path (or a url)', {
      parameter: 'path',
    });
  }
  return request.path;
}

/** The request target of an absolute link: its path and query, as given. */
function linkPath(raw: string): string {
  const url = new URL(raw);
  return `${url.pathname}${url.search}`;
}
