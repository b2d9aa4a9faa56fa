// One request and its whole answer, through undici's dispatcher with a handler of our own.
//
// `undici.request()` gives every answer a Readable stream (with its listeners, buffers and an
// async resource), then `body.text()` consumes it through a promise per step: on a 0.5–15 KB JSON
// answer that machinery is most of the client's CPU per call (about 1.7× a hand-held Pool on
// undici 8, see bench/README.md). A call that wants the whole answer only needs its chunks: this
// handler keeps them in an array and settles one promise when the answer ends.
import type { Dispatcher } from '../undici-lite.js';

/** A whole answer: status, headers as undici parsed them, and the body's bytes. */
export interface WholeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Why an exchange failed: the cause, and whether the answer had started (a body cut off). */
export class ExchangeFailure {
  constructor(
    readonly cause: unknown,
    readonly duringBody: boolean,
  ) {}
}

/** What to send: undici's own request options, without a body stream. */
export interface ExchangeOptions {
  origin: string;
  path: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/**
 * undici's handler interface (onRequestStart … onResponseEnd), collecting the body. The caller's
 * signal aborts the request through the controller undici hands over, as `request()` does.
 */
class WholeAnswer {
  #resolve: (response: WholeResponse) => void;
  #reject: (failure: ExchangeFailure) => void;
  #signal: AbortSignal | undefined;
  #controller: { abort(reason: unknown): void } | undefined;
  #status = 0;
  #headers: Record<string, string | string[] | undefined> = {};
  #chunks: Buffer[] = [];
  #size = 0;
  #started = false;
  #settled = false;

  constructor(
    resolve: (response: WholeResponse) => void,
    reject: (failure: ExchangeFailure) => void,
    signal: AbortSignal | undefined,
  ) {
    this.#resolve = resolve;
    this.#reject = reject;
    this.#signal = signal;
    signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  readonly #onAbort = () => {
    this.#controller?.abort(this.#signal?.reason);
  };

  onRequestStart(controller: { abort(reason: unknown): void }): void {
    this.#controller = controller;
    if (this.#signal?.aborted) controller.abort(this.#signal.reason);
  }

  onResponseStart(
    _controller: unknown,
    status: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    // 1xx answers (100 Continue) come before the real one.
    if (status < 200) return;
    this.#status = status;
    this.#headers = headers;
    this.#started = true;
  }

  onResponseData(_controller: unknown, chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#size += chunk.length;
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    const chunks = this.#chunks;
    const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, this.#size);
    const resolve = this.#resolve;
    const response = { status: this.#status, headers: this.#headers, body };
    this.#release();
    resolve(response);
  }

  onResponseError(_controller: unknown, error: Error): void {
    if (this.#settled) return;
    const reject = this.#reject;
    const started = this.#started;
    this.#release();
    reject(new ExchangeFailure(error, started));
  }

  /**
   * Lets go of everything the answer held. undici keeps a finished request's handler in its
   * dispatcher's queue until the queue is trimmed (up to 256 of them), and an old-generation array
   * that points at young objects keeps them alive through every scavenge: without this, each
   * answer's chunks (slices of the socket's read buffer) and headers lived on for hundreds of calls,
   * and the garbage collector's copying of them was most of the gap to a bare undici client.
   */
  #release(): void {
    this.#settled = true;
    this.#signal?.removeEventListener('abort', this.#onAbort);
    this.#signal = undefined;
    this.#controller = undefined;
    this.#chunks = [];
    this.#headers = {};
    this.#resolve = settledAlready;
    this.#reject = settledAlready;
  }
}

function settledAlready(): void {}

/**
 * Sends one request and reads its whole answer. Rejects with an `ExchangeFailure` (the transport's
 * error, and whether the answer had started) and never with anything else.
 */
export function exchange(
  dispatcher: Dispatcher,
  options: ExchangeOptions,
  signal: AbortSignal | undefined,
): Promise<WholeResponse> {
  return new Promise((resolve, reject) => {
    const handler = new WholeAnswer(resolve, reject, signal);
    try {
      dispatcher.dispatch(options, handler as unknown as Dispatcher.DispatchHandler);
    } catch (error) {
      handler.onResponseError(undefined, error as Error);
    }
  });
}
