// The memory a Node process keeps, as opposed to what it has merely not collected yet. A process's
// resident set follows V8's heap sizing: under load the old space fills with garbage up to a limit
// V8 raises as it sees fit, and the pages stay resident after a collection, so two samples of it
// differ by whenever the collector last ran (on a busy machine, by tens of MB). What a leak grows is
// the live set: the heap and the external memory (Buffers) still reachable after a full collection.
// This reads it through the process's inspector, on a child started with `LIVE_HEAP_NODE_OPTIONS`.
import { WebSocket } from 'undici';

/**
 * `NODE_OPTIONS` for a child whose live memory is to be measured: its inspector on a loopback port
 * of the system's choosing (printed on its standard error), and `gc()` for the probe to call. For
 * test processes only: while it runs, any local process may attach to that inspector and run code.
 */
export const LIVE_HEAP_NODE_OPTIONS = '--inspect=127.0.0.1:0 --expose-gc';

/** Two collections this close (in bytes) mean nothing was waiting for a cleanup callback. */
const SETTLED_BYTES = 256 * 1024;

/** What a process still holds after a full collection, in bytes. */
export interface LiveMemory {
  /** The V8 heap in use. */
  heapUsed: number;
  /** Memory outside the heap that JavaScript objects own (Buffers, ArrayBuffers). */
  external: number;
}

// Collected until two collections agree: a FinalizationRegistry (undici keeps one for its Requests)
// holds what it hands to its cleanup callback until that callback has run, a task after the
// collection that the event loop reaches after its timers (hence the immediate after the timeout).
const MEASURE = `(async () => {
  const settle = () => new Promise((resolve) => setTimeout(() => setImmediate(resolve), 10));
  let last = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 6; round += 1) {
    globalThis.gc();
    const { heapUsed, external } = process.memoryUsage();
    if (last - heapUsed < ${SETTLED_BYTES}) return JSON.stringify({ heapUsed, external });
    last = heapUsed;
    await settle();
  }
  const { heapUsed, external } = process.memoryUsage();
  return JSON.stringify({ heapUsed, external });
})()`;

interface Reply {
  id: number;
  result?: { result?: { value?: unknown }; exceptionDetails?: { text?: string } };
  error?: { message: string };
}

/** A session on a child's inspector that measures its live memory. */
export class LiveHeapProbe {
  readonly #socket: WebSocket;
  readonly #waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #next = 0;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      const reply = JSON.parse(String(event.data)) as Partial<Reply>;
      if (typeof reply.id !== 'number') return;
      this.#waiting.get(reply.id)?.resolve(reply as Reply);
      this.#waiting.delete(reply.id);
    });
    socket.addEventListener('close', () => {
      for (const { reject } of this.#waiting.values())
        reject(new Error('the inspector closed (the process exited)'));
      this.#waiting.clear();
    });
  }

  /**
   * Connects to the inspector whose address a child started with `LIVE_HEAP_NODE_OPTIONS` printed
   * on its standard error (`stderr` is all of it so far).
   */
  static async connect(stderr: string): Promise<LiveHeapProbe> {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1];
    if (!url)
      throw new Error(`the process printed no inspector address (NODE_OPTIONS ${LIVE_HEAP_NODE_OPTIONS})`);
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${url}`)), {
        once: true,
      });
    });
    return new LiveHeapProbe(socket);
  }

  /** Collects the garbage (until it settles, see above) and reads what is left. */
  async measure(): Promise<LiveMemory> {
    const reply = await this.#call('Runtime.evaluate', {
      expression: MEASURE,
      awaitPromise: true,
      returnByValue: true,
    });
    const value = reply.result?.result?.value;
    if (reply.error || typeof value !== 'string') {
      const why = reply.error?.message ?? reply.result?.exceptionDetails?.text ?? 'no value';
      throw new Error(`the live heap could not be measured: ${why}`);
    }
    return JSON.parse(value) as LiveMemory;
  }

  /** Ends the session (the process runs on). */
  close(): void {
    this.#socket.close();
  }

  #call(method: string, params: Record<string, unknown>): Promise<Reply> {
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#socket.send(JSON.stringify({ id, method, params }));
    });
  }
}
