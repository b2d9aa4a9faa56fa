/** One client's failures in the current window. */
export interface FailureWindow {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Where the guessing throttle's failure counts live: in one process's memory
 * (`MemoryFailureStore`), or in a store (`HostStore.failures`) that several processes and
 * instances share, so a client cannot spread its guesses across them.
 */
export interface FailureStore {
  /** The open window of a key, if any (a window past `resetAt` is as good as none). */
  get(key: string, now: number): Promise<FailureWindow | undefined>;
  /**
   * Adds one failure in one atomic step (concurrent adds each count): opens a window of `windowMs`
   * when none is open (or the last one has ended), and returns the window.
   */
  add(key: string, now: number, windowMs: number): Promise<FailureWindow>;
  /** Forgets a key (after a success). */
  clear(key: string): Promise<void>;
}

/**
 * How many expired failure windows one `add` deletes at most, besides counting its own. Each `add`
 * writes at most one row and clears up to this many ended ones, so ended windows never pile up
 * while failures keep coming, and no single `add` pays for a backlog. What bounds the table: a
 * window lives one window length (its end is fixed when it opens, later failures do not extend it),
 * so the rows are at most the distinct clients (IPv4 addresses, IPv6 /64s) that failed within the
 * last window, plus the ended windows the last adds left. There is deliberately no cap that evicts
 * live windows: a flood of fresh addresses could then wipe a guesser's count.
 */
export const FAILURE_PRUNE_BATCH = 100;

/** A failure window as the stores return it (`reset_at` is a bigint: the driver may hand a string). */
export function failureWindow(row: { count: number | string; reset_at: number | string }): FailureWindow {
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}
