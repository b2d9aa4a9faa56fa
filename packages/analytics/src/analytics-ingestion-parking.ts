import { type Item, keysOf } from './analytics-ingestion-parts.js';

/**
 * Events held back for throttled devices and users: the keys (device or user) paused until a time,
 * the held events in input order, and per key how many of its events are held, so that its later
 * events queue behind them and each device's and user's order holds.
 */
export class Parking {
  readonly #pausedUntil = new Map<string, number>();
  readonly #heldPerKey = new Map<string, number>();
  #items: Item[] = [];

  /** How many events are held. */
  get size(): number {
    return this.#items.length;
  }

  /** Holds an event, in input order: a re-parked event goes back before later ones of its device. */
  hold(item: Item): void {
    if (!item.held) {
      item.held = true;
      for (const key of keysOf(item)) this.#heldPerKey.set(key, (this.#heldPerKey.get(key) ?? 0) + 1);
    }
    let at = this.#items.length;
    while (at > 0 && this.#items[at - 1]!.index > item.index) at -= 1;
    this.#items.splice(at, 0, item);
  }

  /** An event held before is sent or reported: its keys no longer hold later events back. */
  letGo(item: Item): void {
    if (!item.held) return;
    item.held = false;
    for (const key of keysOf(item)) {
      const left = (this.#heldPerKey.get(key) ?? 1) - 1;
      if (left > 0) this.#heldPerKey.set(key, left);
      else this.#heldPerKey.delete(key);
    }
  }

  /** Whether an event must wait: its device or user is paused, or has events held before it. */
  mustWait(item: Item, now: number): boolean {
    return keysOf(item).some((key) => this.#heldPerKey.has(key) || (this.#pausedUntil.get(key) ?? 0) > now);
  }

  /** Pauses the keys until `until` (a later pause already set wins). */
  pause(keys: readonly string[], until: number): void {
    for (const key of keys) this.#pausedUntil.set(key, Math.max(this.#pausedUntil.get(key) ?? 0, until));
  }

  /**
   * Takes the held events whose keys' pauses are over and that no earlier held event of the same
   * key blocks; `wake` is when the next pause ends (infinite when none is running).
   */
  takeReady(now: number): { ready: Item[]; wake: number } {
    const ready: Item[] = [];
    const waiting: Item[] = [];
    const blocked = new Set<string>();
    let wake = Number.POSITIVE_INFINITY;
    for (const item of this.#items) {
      const keys = keysOf(item);
      const until = Math.max(0, ...keys.map((key) => this.#pausedUntil.get(key) ?? 0));
      if (until > now || keys.some((key) => blocked.has(key))) {
        waiting.push(item);
        for (const key of keys) blocked.add(key);
        if (until > now) wake = Math.min(wake, until);
      } else ready.push(item);
    }
    if (ready.length > 0) {
      this.#items = waiting;
      for (const [key, until] of this.#pausedUntil) if (until <= now) this.#pausedUntil.delete(key);
    }
    return { ready, wake };
  }

  /** Empties the parking, returning what it held. */
  takeAll(): Item[] {
    const all = this.#items;
    this.#items = [];
    return all;
  }
}
