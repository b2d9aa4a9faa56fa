// A connection's limit on calls in flight, and the hook that shares it across processes.
import type { Readable } from 'node:stream';
import type { HttpResponse } from './request.js';

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

/**
 * At most `max` attempts in flight in this process, the rest queued in order; each also holds one
 * of the shared slots when there are any.
 */
export class ConcurrencyLimit {
  readonly #max: number;
  readonly #scope: string;
  readonly #slots: ConcurrencySlots | undefined;
  #active = 0;
  readonly #queue: (() => void)[] = [];

  constructor(max: number, scope: string, slots: ConcurrencySlots | undefined) {
    this.#max = max;
    this.#scope = scope;
    this.#slots = slots;
  }

  /**
   * Runs one attempt within the limit. A streamed response keeps its slot until its body ends or
   * is destroyed: the provider counts the call as running until then.
   */
  async run<T>(
    task: () => Promise<HttpResponse<T>>,
    streamed: boolean,
    signal: AbortSignal | undefined,
  ): Promise<HttpResponse<T>> {
    if (this.#active >= this.#max) await new Promise<void>((resolve) => this.#queue.push(resolve));
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
      if (this.#slots) releaseShared = await this.#slots(this.#scope, this.#max, signal);
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
}
