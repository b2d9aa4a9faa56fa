import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waiters for named locks and slots. A waiter sleeps for its polling pause, or less when the holder
 * gives the name back in this process (or, with PostgreSQL, another instance says so): the store
 * has no way to block on a row, and waiting must never block the event loop.
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
      if (set.size === 0) this.#waiting.delete(name);
    }
  }

  /** Wakes every waiter of `name` at once: they race again for what was given back. */
  wake(name: string): void {
    for (const onWake of this.#waiting.get(name) ?? []) onWake();
  }
}

/** `pause` with up to as much again of jitter, so waiters of several processes do not poll in step. */
export function jittered(pause: number): number {
  return pause + Math.random() * pause;
}
