import type { IncomingMessage, ServerResponse } from 'node:http';
import { RateLimitError } from '@c/core';
import type { Host } from '../host.js';
import { isDatabaseOutage } from '../store/outage.js';

// `GET /api/events/stream`: stored events as Server-Sent Events, then new ones as they arrive. Each
// open stream holds a connection and a loop reading the store, so a token may hold only so many at
// once, and a reader without a cursor is given the recent events rather than the whole history.

/** How often an idle event stream sends a comment, so proxies keep it open. */
const KEEPALIVE_MS = 15_000;

/** The events a stream opened without a cursor (`Last-Event-ID` or `after`) starts with. */
export const REPLAY_WITHOUT_CURSOR = 100;

/** Open event streams one token or session may hold at once (a tab each, a few scripts). */
export const MAX_STREAMS_PER_ACTOR = 10;

/** Counts the open streams of each actor, refusing one more than the limit. */
export class StreamCount {
  readonly #open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /**
   * Counts one more stream for the actor, or throws a retryable 429 when it holds the limit
   * already. Returns the function that ends the count (safe to call more than once).
   */
  open(actor: string): () => void {
    const held = this.#open.get(actor) ?? 0;
    if (held >= this.limit) {
      throw new RateLimitError(
        `Too many open event streams for this token (${this.limit} at most): close one, or read /api/events a page at a time.`,
        { retryAfterMs: KEEPALIVE_MS },
      );
    }
    this.#open.set(actor, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(actor) ?? 1) - 1;
      if (left > 0) this.#open.set(actor, left);
      else this.#open.delete(actor);
    };
  }
}

/** Writes the events after `after` to a hijacked response as SSE frames until the client goes. */
export async function streamEvents(
  host: Host,
  request: IncomingMessage,
  out: ServerResponse,
  from: { subscription: string | undefined; after: number },
): Promise<void> {
  let after = from.after;
  const closed = new AbortController();
  request.once('close', () => closed.abort());
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
  });
  out.write(': c-host events\n\n');
  let idle = 0;
  while (!closed.signal.aborted) {
    let stored: Awaited<ReturnType<typeof host.triggers.events>>['stored'] = [];
    try {
      ({ stored } = await host.triggers.events({
        subscription: from.subscription,
        after: String(after),
        limit: 100,
      }));
    } catch (error) {
      // The database is away (a restart, a failover): nothing to send this time; the stream
      // stays open, kept alive, and reads again from where it was.
      if (!isDatabaseOutage(error)) throw error;
    }
    for (const event of stored) {
      const { seq, ...view } = event;
      out.write(`id: ${seq}\nevent: event\ndata: ${JSON.stringify(view)}\n\n`);
      after = seq;
    }
    if (stored.length === 100) continue;
    // Woken at once by an event received here; another instance's events show within a second.
    await host.triggers.waitForEvents(1000, closed.signal);
    idle += 1000;
    if (idle >= KEEPALIVE_MS) {
      out.write(': keep-alive\n\n');
      idle = 0;
    }
  }
  out.end();
}
