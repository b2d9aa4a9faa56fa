/** Options of `LockStore.withLock`. */
export interface LockOptions {
  /**
   * How long the lock holds without its holder: a process that dies holding it (kill -9) blocks
   * the others this long at most. The holder renews it while its work runs. Default 30 s.
   */
  ttlMs?: number;
  /** How long to wait for the lock before failing with a `TimeoutError`. Default 60 s. */
  waitMs?: number;
  signal?: AbortSignal | undefined;
}

/** Options of `LockStore.acquireSlot`. */
export interface SlotOptions {
  /**
   * How long a slot stays taken without its holder: a process that dies holding one (kill -9)
   * keeps it from the others this long at most. The holder renews it while it holds it. Default 30 s.
   */
  ttlMs?: number;
  /** How long to wait for a free slot before failing with a `TimeoutError`. Default 60 s. */
  waitMs?: number;
  signal?: AbortSignal | undefined;
}

/**
 * The locks and slots role: named locks and shared budgets that every process (and every host
 * instance) sharing the store respects.
 */
export interface LockStore {
  /**
   * Runs work holding a named lock, e.g. `oauth-refresh:<connection>` so that one process refreshes
   * a token while the others wait and then read what it stored. The embedded store keeps a lock row
   * with an expiry, polled without blocking; PostgreSQL holds an advisory lock on the name's hash.
   * Not re-entrant.
   */
  withLock<T>(name: string, work: () => Promise<T>, options?: LockOptions): Promise<T>;
  /**
   * Takes one of `limit` slots of a named budget, waiting without blocking until one is free;
   * resolves with the function that gives it back. A connection's concurrency limit (Amplitude's 5
   * concurrent requests per project) holds across a fleet this way.
   */
  acquireSlot(name: string, limit: number, options?: SlotOptions): Promise<() => Promise<void>>;
}
