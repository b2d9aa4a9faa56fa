import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waiters for named locks and slots, in the order they came. A waiter sleeps for its polling pause,
 * or less when a holder gives the name back in this process (or, with PostgreSQL, another instance
 * says so): the store has no way to block on a row, and waiting must never block the event loop.
 */
export class Wakeups {
  readonly #waiting = new Map<string, Set<() => void>>();

  /** Sleeps up to `ms`, waking early when `wake(name)` is called; rejects when `signal` aborts. */
  async wait(name: string, ms: number, signal: AbortSignal | undefined): Promise<void> {
    const controller = new AbortController();
    const onWake = () => controller.abort();
    let set = this.#waiting.get(name);
    if (!set) {
      set = new Set();
      this.#waiting.set(name, set);
    }
    set.add(onWake);
    try {
      await sleep(ms, undefined, {
        signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
      });
    } catch (error) {
      signal?.throwIfAborted();
      if (!controller.signal.aborted) throw error;
    } finally {
      set.delete(onWake);
      if (set.size === 0 && this.#waiting.get(name) === set) this.#waiting.delete(name);
    }
  }

  /**
   * Wakes the longest waiter of `name` to try again for what was given back. One, not all: one
   * lock or slot came free, and waking every waiter would send them all to the database to find
   * that out (the others still poll).
   */
  wake(name: string): void {
    const set = this.#waiting.get(name);
    const first = set?.values().next().value;
    if (!first) return;
    set!.delete(first);
    first();
  }
}

/** `pause` with up to as much again of jitter, so waiters of several processes do not poll in step. */
export function jittered(pause: number): number {
  return pause + Math.random() * pause;
}
