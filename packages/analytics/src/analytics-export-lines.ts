import { ProviderError } from '@c/core';

/** A single line longer than this is not an event: stop rather than buffer without bound. */
const MAX_LINE_BYTES = 32 * 1024 * 1024;

/** What `next()` answers before the buffered text is exhausted; distinct from any JSON value. */
const NONE: unique symbol = Symbol('none');

/**
 * One piece of an export's decoded text: the next bytes of a member file, or (no `bytes`) the end
 * of that member, which also ends its last line.
 */
export interface ExportPiece {
  member: string;
  bytes?: Buffer;
}

/**
 * The events of an export's newline-delimited JSON, parsed one line per `next()` as the consumer
 * asks for them.
 *
 * Parsing on demand rather than a chunk at a time matters for speed and memory: an event the
 * consumer has dropped dies young (a chunk parsed ahead outlives a scavenge and is copied into the
 * old generation), and the iterator answers from the buffered chunk with an already-settled promise
 * instead of an async generator's per-value machinery, which costs more than the parse of a short
 * line. Lines are found by their `\n` byte, which never occurs inside a multi-byte UTF-8 character,
 * so a character split across chunks is decoded whole; only a line cut by a chunk boundary is
 * copied. Blank lines are skipped and a trailing `\r` is dropped.
 *
 * `return()` (a `break` in `for await`) and any error close the source, which stops the download.
 */
export class ExportEvents<T> implements AsyncGenerator<T, undefined, unknown> {
  readonly #source: AsyncGenerator<ExportPiece, undefined, unknown>;
  #bytes: Buffer = Buffer.alloc(0);
  #from = 0;
  /** The start of a line whose end has not arrived yet. */
  #carry: Buffer | undefined;
  #member = '';
  #line = 0;
  #done = false;
  /** The call being answered asynchronously: later calls wait for it, as an async generator's do. */
  #busy: Promise<unknown> | undefined;

  constructor(source: AsyncGenerator<ExportPiece, undefined, unknown>) {
    this.#source = source;
  }

  next(): Promise<IteratorResult<T, undefined>> {
    return this.#busy ? this.#after(() => this.#next()) : this.#next();
  }

  return(): Promise<IteratorResult<T, undefined>> {
    const close = async (): Promise<IteratorResult<T, undefined>> => {
      await this.#close();
      return { value: undefined, done: true };
    };
    return this.#busy ? this.#after(close) : this.#track(close());
  }

  throw(error: unknown): Promise<IteratorResult<T, undefined>> {
    const fail = () => this.#fail(error);
    return this.#busy ? this.#after(fail) : this.#track(fail());
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }

  /** Answers from the buffered chunk when it holds a line, else reads on. */
  #next(): Promise<IteratorResult<T, undefined>> {
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    let value: T | typeof NONE;
    try {
      value = this.#lineInChunk();
    } catch (error) {
      return this.#track(this.#fail(error));
    }
    if (value !== NONE) return Promise.resolve({ value, done: false });
    return this.#track(this.#pull());
  }

  #after<R>(call: () => Promise<R>): Promise<R> {
    return this.#track(this.#busy!.then(call, call));
  }

  #track<R>(running: Promise<R>): Promise<R> {
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.#busy = settled;
    void settled.then(() => {
      if (this.#busy === settled) this.#busy = undefined;
    });
    return running;
  }

  /** Reads pieces until a line is complete; the end of the source ends the iteration. */
  async #pull(): Promise<IteratorResult<T, undefined>> {
    try {
      for (;;) {
        const piece = await this.#source.next();
        if (piece.done) {
          this.#done = true;
          return { value: undefined, done: true };
        }
        const value = this.#take(piece.value);
        if (value !== NONE) return { value, done: false };
      }
    } catch (error) {
      return this.#fail(error);
    }
  }

  /** Takes in one piece; answers the first line it completes, if any. */
  #take(piece: ExportPiece): T | typeof NONE {
    this.#member = piece.member;
    const { bytes } = piece;
    if (!bytes) {
      // The member ended: whatever it left without a newline is its last line.
      const carry = this.#carry;
      this.#carry = undefined;
      const value = carry ? this.#parse(carry, 0, carry.length) : NONE;
      this.#line = 0;
      return value;
    }
    this.#bytes = bytes;
    this.#from = 0;
    const carry = this.#carry;
    if (carry) {
      const at = bytes.indexOf(0x0a);
      if (at === -1) {
        this.#keep(Buffer.concat([carry, bytes]));
        this.#bytes = Buffer.alloc(0);
        return NONE;
      }
      this.#carry = undefined;
      this.#from = at + 1;
      const line = Buffer.concat([carry, bytes.subarray(0, at)]);
      const value = this.#parse(line, 0, line.length);
      if (value !== NONE) return value;
    }
    return this.#lineInChunk();
  }

  /** Parses the next complete line of the current chunk; keeps an incomplete last line. */
  #lineInChunk(): T | typeof NONE {
    const bytes = this.#bytes;
    for (let at = bytes.indexOf(0x0a, this.#from); at !== -1; at = bytes.indexOf(0x0a, this.#from)) {
      const from = this.#from;
      this.#from = at + 1;
      const value = this.#parse(bytes, from, at);
      if (value !== NONE) return value;
    }
    if (this.#from < bytes.length) this.#keep(bytes.subarray(this.#from));
    this.#bytes = Buffer.alloc(0);
    this.#from = 0;
    return NONE;
  }

  #keep(carry: Buffer): void {
    if (carry.length > MAX_LINE_BYTES) {
      throw new ProviderError(`Amplitude's export file ${this.#member} holds a line longer than 32 MB`, {
        providerCode: 'invalid_export_line',
        retryable: false,
      });
    }
    this.#carry = carry;
  }

  #parse(bytes: Buffer, from: number, to: number): T | typeof NONE {
    this.#line += 1;
    const end = to > from && bytes[to - 1] === 0x0d ? to - 1 : to;
    if (end === from) return NONE;
    try {
      return JSON.parse(bytes.toString('utf8', from, end)) as T;
    } catch {
      throw new ProviderError(
        `Amplitude's export file ${this.#member} holds a line that is not JSON (line ${this.#line})`,
        { providerCode: 'invalid_export_line', retryable: false },
      );
    }
  }

  async #fail(error: unknown): Promise<never> {
    await this.#close();
    throw error;
  }

  async #close(): Promise<void> {
    this.#done = true;
    this.#carry = undefined;
    this.#bytes = Buffer.alloc(0);
    await this.#source.return(undefined);
  }
}
