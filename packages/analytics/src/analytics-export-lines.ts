import { ProviderError } from '@c/core';

/** A single line longer than this is not an event: stop rather than buffer without bound. */
const MAX_LINE_BYTES = 32 * 1024 * 1024;

const NEWLINE = Buffer.from('\n');
const BLANK_LINE = Buffer.from('\n\n');
const EMPTY = Buffer.alloc(0);

/**
 * One piece of an export's decoded text: the next bytes of a member file, or (no `bytes`) the end
 * of that member, which also ends its last line.
 */
export interface ExportPiece {
  member: string;
  bytes?: Buffer;
}

/** Whole lines of one member of an export, as `splitLines` yields them. */
export interface ExportLines {
  member: string;
  /**
   * One or more lines, each ending with `\n` (a member's last line included), none blank, none
   * with a `\r` before its `\n`; consecutive in the member, no blank line dropped between them.
   */
  bytes: Buffer;
  /** The first piece of its member: line numbers start again. */
  opens: boolean;
  /** Blank lines of the member dropped just before these lines (for line numbers). */
  skipped: number;
}

/**
 * Cuts an export's decoded text into whole lines, without decoding it: the complete lines of a
 * chunk are yielded as one slice of it, so the bytes are copied only where a line straddles two
 * chunks (or, rarely, holds `\r\n` or blank lines). Lines are found by their `\n` byte, which never
 * occurs inside a multi-byte UTF-8 character, so no character is ever split. A member's last line
 * gets the `\n` it lacks; blank lines and a `\r` before a `\n` are dropped.
 *
 * Closing it (`return()`, an error) closes the source, which stops the download.
 */
export async function* splitLines(
  pieces: AsyncIterable<ExportPiece>,
): AsyncGenerator<ExportLines, undefined, unknown> {
  /** The start of a line whose end has not arrived yet. */
  let carry: Buffer | undefined;
  let opens = true;
  let skipped = 0;
  const emit = (bytes: Buffer, member: string): ExportLines => {
    const lines = { member, bytes, opens, skipped };
    opens = false;
    skipped = 0;
    return lines;
  };
  for await (const { member, bytes } of pieces) {
    if (!bytes) {
      // The member ended: whatever it left without a newline is its last line.
      if (carry) {
        const last = Buffer.concat([carry, NEWLINE]);
        carry = undefined;
        for (const lines of cleanLines(last)) {
          if (lines) yield emit(lines, member);
          else skipped += 1;
        }
      }
      opens = true;
      skipped = 0;
      continue;
    }
    let from = 0;
    if (carry) {
      const at = bytes.indexOf(0x0a);
      if (at === -1) {
        carry = keep(Buffer.concat([carry, bytes]), member);
        continue;
      }
      const line = Buffer.concat([carry, bytes.subarray(0, at + 1)]);
      carry = undefined;
      from = at + 1;
      for (const lines of cleanLines(line)) {
        if (lines) yield emit(lines, member);
        else skipped += 1;
      }
    }
    const last = bytes.lastIndexOf(0x0a);
    if (last >= from) {
      const complete = bytes.subarray(from, last + 1);
      from = last + 1;
      if (complete[0] !== 0x0a && complete.indexOf(0x0d) === -1 && complete.indexOf(BLANK_LINE) === -1) {
        yield emit(complete, member);
      } else {
        for (const lines of cleanLines(complete)) {
          if (lines) yield emit(lines, member);
          else skipped += 1;
        }
      }
    }
    if (from < bytes.length) carry = keep(bytes.subarray(from), member);
  }
}

/**
 * The lines of `bytes` (whole lines, each ending with `\n`) without `\r` before a `\n`, as runs of
 * consecutive non-blank lines, with `undefined` for each blank line between them. The slow path of
 * `splitLines`: only text holding a `\r` or a blank line comes here.
 */
function* cleanLines(bytes: Buffer): Generator<Buffer | undefined, undefined, unknown> {
  let parts: Buffer[] = [];
  /** The start of the current stretch of lines kept as they are, -1 when there is none. */
  let stretch = -1;
  for (let from = 0, at = bytes.indexOf(0x0a); at !== -1; from = at + 1, at = bytes.indexOf(0x0a, from)) {
    const end = at > from && bytes[at - 1] === 0x0d ? at - 1 : at;
    if (end === at && end > from) {
      if (stretch === -1) stretch = from;
      continue;
    }
    if (stretch !== -1) parts.push(bytes.subarray(stretch, from));
    stretch = -1;
    if (end > from) {
      parts.push(bytes.subarray(from, end), NEWLINE);
      continue;
    }
    if (parts.length > 0) yield parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    parts = [];
    yield undefined;
  }
  if (stretch !== -1) parts.push(bytes.subarray(stretch));
  if (parts.length > 0) yield parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

function keep(carry: Buffer, member: string): Buffer {
  if (carry.length > MAX_LINE_BYTES) {
    throw new ProviderError(`Amplitude's export file ${member} holds a line longer than 32 MB`, {
      providerCode: 'invalid_export_line',
      retryable: false,
    });
  }
  return carry;
}

/**
 * The events of an export's newline-delimited JSON: the lines of `splitLines`, parsed one per
 * `next()` as the consumer asks for them.
 *
 * Parsing on demand rather than a chunk at a time matters for speed and memory: an event the
 * consumer has dropped dies young (a chunk parsed ahead outlives a scavenge and is copied into the
 * old generation), and the iterator answers from the buffered lines with an already-settled promise
 * instead of an async generator's per-value machinery, which costs more than the parse of a short
 * line.
 *
 * `return()` (a `break` in `for await`) and any error close the source, which stops the download.
 */
export class ExportEvents<T> implements AsyncGenerator<T, undefined, unknown> {
  readonly #source: AsyncGenerator<ExportLines, undefined, unknown>;
  #bytes: Buffer = EMPTY;
  #from = 0;
  #member = '';
  /** The number in its member of the last line parsed, blank lines counted. */
  #line = 0;
  #done = false;
  /** The call being answered asynchronously: later calls wait for it, as an async generator's do. */
  #busy: Promise<unknown> | undefined;

  constructor(source: AsyncGenerator<ExportLines, undefined, unknown>) {
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

  /** Answers from the buffered lines when one is left, else reads on. */
  #next(): Promise<IteratorResult<T, undefined>> {
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    if (this.#from < this.#bytes.length) {
      try {
        return Promise.resolve({ value: this.#parseNext(), done: false });
      } catch (error) {
        return this.#track(this.#fail(error));
      }
    }
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

  /** Reads the next lines; the end of the source ends the iteration. */
  async #pull(): Promise<IteratorResult<T, undefined>> {
    try {
      const next = await this.#source.next();
      if (next.done) {
        this.#done = true;
        this.#bytes = EMPTY;
        return { value: undefined, done: true };
      }
      const { member, bytes, opens, skipped } = next.value;
      this.#member = member;
      if (opens) this.#line = 0;
      this.#line += skipped;
      this.#bytes = bytes;
      this.#from = 0;
      return { value: this.#parseNext(), done: false };
    } catch (error) {
      return this.#fail(error);
    }
  }

  /** Parses the next buffered line (every line ends with `\n` and is not blank). */
  #parseNext(): T {
    const bytes = this.#bytes;
    const from = this.#from;
    const at = bytes.indexOf(0x0a, from);
    this.#from = at + 1;
    this.#line += 1;
    try {
      return JSON.parse(bytes.toString('utf8', from, at)) as T;
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
    this.#bytes = EMPTY;
    this.#from = 0;
    await this.#source.return(undefined);
  }
}
