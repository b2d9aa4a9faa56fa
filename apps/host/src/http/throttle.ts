import { isIPv6 } from 'node:net';
import type { FailureStore, FailureWindow } from '../store/failure-store.js';

/** Failure counts in this process, bounded so a flood of addresses cannot grow it without end. */
export class MemoryFailureStore implements FailureStore {
  readonly #windows = new Map<string, FailureWindow>();
  readonly #maxKeys: number;

  constructor(options: { maxKeys?: number } = {}) {
    this.#maxKeys = options.maxKeys ?? 10_000;
  }

  async get(key: string, now: number): Promise<FailureWindow | undefined> {
    const window = this.#windows.get(key);
    return window && window.resetAt > now ? window : undefined;
  }

  async add(key: string, now: number, windowMs: number): Promise<FailureWindow> {
    const open = await this.get(key, now);
    const window = open
      ? { count: open.count + 1, resetAt: open.resetAt }
      : { count: 1, resetAt: now + windowMs };
    // Re-inserting keeps the map in order of last failure, so eviction drops the stalest key first.
    this.#windows.delete(key);
    this.#windows.set(key, window);
    if (this.#windows.size > this.#maxKeys) {
      for (const [stale, entry] of this.#windows) {
        if (this.#windows.size <= this.#maxKeys && entry.resetAt > now) break;
        this.#windows.delete(stale);
      }
    }
    return window;
  }

  async clear(key: string): Promise<void> {
    this.#windows.delete(key);
  }
}

/** The outcome of `GuessThrottle.check`: right, wrong, or refused unchecked for `retryAfterMs`. */
export type CheckOutcome = { ok: true } | { ok: false; retryAfterMs?: number };

/** Options of `GuessThrottle`. */
export interface GuessThrottleOptions {
  /** Failures allowed per window before the client is refused (default 10). */
  limit?: number;
  /** The window, in ms (default one minute). */
  windowMs?: number;
  /**
   * Where the counts live: this process's memory by default; the HTTP server passes its store's
   * (`HostStore.failures`), which every process and fleet instance on that store shares.
   */
  store?: FailureStore;
  /** The clock (tests pass their own). */
  now?: () => number;
}

/**
 * Slows down token guessing: after `limit` failed checks from one client within a window, every
 * further check from it is refused until the window ends, even with the right token (otherwise the
 * refusal would not slow a guesser down).
 */
export class GuessThrottle {
  readonly limit: number;
  readonly windowMs: number;
  readonly #store: FailureStore;
  readonly #now: () => number;
  /** The last check queued for each client key in this process, while one runs. */
  readonly #inFlight = new Map<string, Promise<void>>();

  constructor(options: GuessThrottleOptions = {}) {
    this.limit = options.limit ?? 10;
    this.windowMs = options.windowMs ?? 60_000;
    this.#store = options.store ?? new MemoryFailureStore();
    this.#now = options.now ?? Date.now;
  }

  /**
   * Runs one credential check for a client: not even tried while the client is blocked (the answer
   * then carries the wait), counted when wrong, clearing the count when right.
   *
   * A client's checks in this process run one after another, each reading the count the one before
   * it left: otherwise a burst of parallel guesses would all read the count before any of them was
   * recorded, and get as many answers as it sent. A wrong guess is answered "wrong" only while the
   * count it recorded is within the limit (guesses racing on other instances of a fleet are counted
   * by the store's atomic add, so the limit holds there too); past it, it gets the wait instead.
   */
  check(client: string, verify: () => Promise<boolean>): Promise<CheckOutcome> {
    const key = clientKey(client);
    const before = this.#inFlight.get(key);
    const run = (before ?? Promise.resolve()).then(() => this.#check(key, verify));
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.#inFlight.set(key, tail);
    void tail.then(() => {
      if (this.#inFlight.get(key) === tail) this.#inFlight.delete(key);
    });
    return run;
  }

  async #check(key: string, verify: () => Promise<boolean>): Promise<CheckOutcome> {
    const now = this.#now();
    const window = await this.#store.get(key, now);
    const retryAfterMs = this.#wait(window, now);
    if (retryAfterMs > 0) return { ok: false, retryAfterMs };
    if (await verify()) {
      // Only a client with failures on record has any to forget: a shared store is then not
      // written on every authenticated request.
      if (window) await this.#store.clear(key);
      return { ok: true };
    }
    const counted = await this.#store.add(key, this.#now(), this.windowMs);
    return counted.count > this.limit
      ? { ok: false, retryAfterMs: Math.max(1, counted.resetAt - this.#now()) }
      : { ok: false };
  }

  /** How long (ms) the client must wait before its next check; 0 when it may try now. */
  async waitFor(client: string): Promise<number> {
    const now = this.#now();
    return this.#wait(await this.#store.get(clientKey(client), now), now);
  }

  #wait(window: FailureWindow | undefined, now: number): number {
    return window && window.count >= this.limit ? window.resetAt - now : 0;
  }

  /** Counts a failed check. */
  async fail(client: string): Promise<void> {
    await this.#store.add(clientKey(client), this.#now(), this.windowMs);
  }

  /** A right token: the client's earlier mistakes are forgotten. */
  async succeed(client: string): Promise<void> {
    await this.#store.clear(clientKey(client));
  }
}

/**
 * The bucket of a client address: IPv4 (also when mapped into IPv6) as is, IPv6 by its /64, since
 * one host usually holds a whole /64 and could otherwise take a fresh address per guess.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
