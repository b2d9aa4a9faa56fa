/** Ingestion throttling per device and per user, as Amplitude applies it. */
export interface ThrottleOptions {
  /** Events per second, averaged over the window, above which a device or user is throttled (30). */
  eventsPerSecond?: number;
  /** Length of the averaging window (ms, default 30,000). */
  windowMs?: number;
}

const MAX_TRACKED = 100_000;

/**
 * Amplitude's per-device and per-user throttle: a device or user whose events over the recent
 * window average more than 30 per second is throttled until its average falls back under the limit
 * (Amplitude asks senders to pause it for 30 s). Counts are kept per second in a sliding window, so
 * a pause of one window always lets it through again.
 */
export class EventRateLimiter {
  readonly eventsPerSecond: number;
  readonly windowMs: number;
  /** id → per-second counts within the window: [second, count] pairs, oldest first. */
  readonly #counts = new Map<string, [number, number][]>();

  constructor(options: ThrottleOptions = {}) {
    this.eventsPerSecond = options.eventsPerSecond ?? 30;
    this.windowMs = options.windowMs ?? 30_000;
  }

  /** The id's average events per second over the window ending at `now`. */
  rate(id: string, now: number): number {
    const counts = this.#counts.get(id);
    if (!counts) return 0;
    this.#prune(counts, now);
    let total = 0;
    for (const [, count] of counts) total += count;
    return total / (this.windowMs / 1000);
  }

  /** The ids among `ids` that are over the limit now, each with its rate (rounded, as Amplitude shows it). */
  over(ids: Iterable<string>, now: number): Map<string, number> {
    const out = new Map<string, number>();
    for (const id of ids) {
      const rate = this.rate(id, now);
      if (rate > this.eventsPerSecond) out.set(id, Math.round(rate));
    }
    return out;
  }

  /** Counts one event of `id` at `at`. */
  count(id: string, at: number): void {
    const second = Math.floor(at / 1000);
    let counts = this.#counts.get(id);
    if (!counts) {
      if (this.#counts.size >= MAX_TRACKED) this.#forgetIdle(at);
      counts = [];
      this.#counts.set(id, counts);
    }
    const last = counts.at(-1);
    if (last && last[0] === second) last[1] += 1;
    else counts.push([second, 1]);
  }

  #prune(counts: [number, number][], now: number): void {
    const oldest = Math.floor((now - this.windowMs) / 1000);
    let drop = 0;
    while (drop < counts.length && counts[drop]![0] <= oldest) drop += 1;
    if (drop > 0) counts.splice(0, drop);
  }

  #forgetIdle(now: number): void {
    for (const [id, counts] of this.#counts) {
      this.#prune(counts, now);
      if (counts.length === 0) this.#counts.delete(id);
    }
  }
}
