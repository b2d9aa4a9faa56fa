// The connection's one keep-alive agent: made (and undici loaded) on the first call, closed with a
// grace period for calls in flight.
import { createAgent, type Dispatcher } from '../undici-lite.js';

/** How long `close()` waits for calls in flight before it cuts them. */
const CLOSE_GRACE_MS = 2_000;

/** Connect, headers and body timeouts of the client's own agent, in milliseconds. */
export interface TransportTimeouts {
  connectMs?: number;
  headersMs?: number;
  bodyMs?: number;
}

/** A client's dispatcher: the caller's when given (never closed here), else its own agent. */
export class Transport {
  #dispatcher: Dispatcher | undefined;
  readonly #owns: boolean;
  readonly #timeouts: TransportTimeouts;

  constructor(dispatcher: Dispatcher | undefined, timeouts: TransportTimeouts | undefined) {
    this.#dispatcher = dispatcher;
    this.#owns = !dispatcher;
    this.#timeouts = timeouts ?? {};
  }

  /** The dispatcher to send through; a closed client's next call opens a new agent. */
  dispatcher(): Dispatcher {
    if (!this.#dispatcher) {
      const timeouts = this.#timeouts;
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

  /** Closes the client's own agent (not a caller's dispatcher). */
  async close(): Promise<void> {
    const dispatcher = this.#owns ? this.#dispatcher : undefined;
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
}
