import { ProviderError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { ExportEvents, type ExportLines, type ExportPiece, splitLines } from './analytics-export-lines.js';

/** Members given as chunks of text or bytes; each member's chunks are followed by its end. */
type Members = Record<string, (string | Buffer)[]>;

/** A piece source that records whether it was closed (what stops the download). */
function source(members: Members): { pieces: AsyncGenerator<ExportPiece, undefined>; closed: () => boolean } {
  let closed = false;
  async function* pieces(): AsyncGenerator<ExportPiece, undefined> {
    try {
      for (const [member, chunks] of Object.entries(members)) {
        for (const chunk of chunks) {
          yield { member, bytes: typeof chunk === 'string' ? Buffer.from(chunk) : chunk };
        }
        yield { member };
      }
    } finally {
      closed = true;
    }
  }
  return { pieces: pieces(), closed: () => closed };
}

async function eventsOf(members: Members): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of eventsFrom(source(members).pieces)) events.push(event);
  return events;
}

/** The parsed path: the line stage, then JSON.parse. */
function eventsFrom<T = unknown>(pieces: AsyncGenerator<ExportPiece, undefined>): ExportEvents<T> {
  return new ExportEvents<T>(splitLines(pieces));
}

/** Splits bytes at the given offsets. */
function cut(bytes: Buffer, ...at: number[]): Buffer[] {
  const bounds = [0, ...at, bytes.length];
  return bounds.slice(1).map((end, index) => bytes.subarray(bounds[index], end));
}

const EVENTS = [
  { event_type: 'Play', city: 'Zürich', uuid: 'a-1' },
  { event_type: 'Ünïcödé', user_id: '日本語のユーザー', uuid: 'a-2' },
  { event_type: 'Emoji 🎵🎶', region: 'Île-de-France', uuid: 'a-3' },
];
const TEXT = Buffer.from(`${EVENTS.map((event) => JSON.stringify(event)).join('\n')}\n`);

describe('ExportEvents', () => {
  it('decodes every line whatever the chunk boundaries, multi-byte characters split included', async () => {
    // Every two-chunk split of the text: boundaries inside a line, on a newline, and inside each
    // byte of 2-, 3- and 4-byte UTF-8 characters.
    for (let at = 0; at <= TEXT.length; at += 1) {
      expect(await eventsOf({ 'a.json': cut(TEXT, at) })).toEqual(EVENTS);
    }
    // One byte per chunk: every line is carried across many chunks.
    const bytes = [...TEXT].map((byte) => Buffer.from([byte]));
    expect(await eventsOf({ 'a.json': bytes })).toEqual(EVENTS);
  });

  it('ends a member without a trailing newline with its last line, in every member', async () => {
    const unterminated = TEXT.subarray(0, TEXT.length - 1);
    expect(
      await eventsOf({
        'a.json': cut(unterminated, 10),
        'b.json': [unterminated],
        'c.json': [unterminated.subarray(0, 5), unterminated.subarray(5)],
      }),
    ).toEqual([...EVENTS, ...EVENTS, ...EVENTS]);
  });

  it('yields nothing for empty members and blank lines, and drops a CR before the newline', async () => {
    expect(
      await eventsOf({
        'empty.json': [],
        'zero.json': [Buffer.alloc(0)],
        'blank.json': ['\n\n\r\n', '\n'],
        'crlf.json': ['{"a":1}\r', '\n{"a":2}\r\n\r\n{"a"', ':3}\r'],
        'last.json': [],
      }),
    ).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(await eventsOf({})).toEqual([]);
  });

  it('names the member and the line that is not JSON, and closes the source', async () => {
    const { pieces, closed } = source({
      'first.json': ['{"a":1}\n{"a":2}\n'],
      'second.json': ['{"a":3}\n\n{"a":', '4}\n{"a":5\n{"a":6}\n'],
    });
    const events = eventsFrom(pieces);
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const event of events) seen.push(event);
    })().catch((caught: unknown) => caught);
    expect(seen).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }]);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ providerCode: 'invalid_export_line', retryable: false });
    // Line numbers count from 1 in each member, blank lines included.
    expect((error as Error).message).toBe(
      "Amplitude's export file second.json holds a line that is not JSON (line 4)",
    );
    expect(closed()).toBe(true);
    expect(await events.next()).toEqual({ value: undefined, done: true });
  });

  it('names an unterminated last line that is not JSON', async () => {
    await expect(eventsOf({ 'cut.json': ['{"a":1}\n{"a"'] })).rejects.toThrow(
      "Amplitude's export file cut.json holds a line that is not JSON (line 2)",
    );
  });

  it('closes the source when the consumer stops early, and then reports done', async () => {
    const { pieces, closed } = source({ 'a.json': [TEXT, TEXT, TEXT] });
    const events = eventsFrom<{ uuid: string }>(pieces);
    for await (const event of events) {
      expect(event.uuid).toBe('a-1');
      break;
    }
    expect(closed()).toBe(true);
    expect(await events.next()).toEqual({ value: undefined, done: true });
  });

  it('answers overlapping next() calls in order, as an async generator does', async () => {
    const events = eventsFrom(source({ 'a.json': cut(TEXT, 3, 40, 41) }).pieces);
    const results = await Promise.all([events.next(), events.next(), events.next(), events.next()]);
    expect(results).toEqual([
      { value: EVENTS[0], done: false },
      { value: EVENTS[1], done: false },
      { value: EVENTS[2], done: false },
      { value: undefined, done: true },
    ]);
  });

  it('passes an error of the source through and stops', async () => {
    async function* failing(): AsyncGenerator<ExportPiece, undefined> {
      yield { member: 'a.json', bytes: Buffer.from('{"a":1}\n{"a"') };
      throw new ProviderError('cut', { providerCode: 'x', retryable: false });
    }
    const events = eventsFrom(failing());
    expect(await events.next()).toEqual({ value: { a: 1 }, done: false });
    await expect(events.next()).rejects.toThrow('cut');
    expect(await events.next()).toEqual({ value: undefined, done: true });
  });
});

async function linesOf(members: Members): Promise<ExportLines[]> {
  const lines: ExportLines[] = [];
  for await (const piece of splitLines(source(members).pieces)) lines.push(piece);
  return lines;
}

/** The text of the pieces, joined. */
const textOf = (lines: ExportLines[]) => Buffer.concat(lines.map((piece) => piece.bytes)).toString('utf8');

describe('splitLines', () => {
  it('yields whole lines whatever the chunk boundaries, multi-byte characters split included', async () => {
    for (let at = 0; at <= TEXT.length; at += 1) {
      const lines = await linesOf({ 'a.json': cut(TEXT, at) });
      expect(textOf(lines)).toBe(TEXT.toString('utf8'));
      for (const piece of lines) expect(piece.bytes.at(-1)).toBe(0x0a);
    }
    const bytes = [...TEXT].map((byte) => Buffer.from([byte]));
    const lines = await linesOf({ 'a.json': bytes });
    // One byte per chunk: each line is joined once its newline arrives.
    expect(lines.map((piece) => piece.bytes.toString('utf8'))).toEqual(
      EVENTS.map((event) => `${JSON.stringify(event)}\n`),
    );
  });

  it("yields a chunk's complete lines as one slice of it, and only a line across chunks as a copy", async () => {
    const chunk = Buffer.concat([TEXT, TEXT.subarray(0, 10)]);
    const rest = TEXT.subarray(10);
    const [first, joined, tail, ...more] = await linesOf({ 'a.json': [chunk, rest] });
    expect(more).toEqual([]);
    // The same memory as the chunk: no line copied.
    expect(first!.bytes.buffer).toBe(chunk.buffer);
    expect(first!.bytes.byteOffset).toBe(chunk.byteOffset);
    expect(first!.bytes.toString('utf8')).toBe(TEXT.toString('utf8'));
    expect(joined!.bytes.toString('utf8')).toBe(`${JSON.stringify(EVENTS[0])}\n`);
    expect(tail!.bytes.buffer).toBe(rest.buffer);
    expect(textOf([first!, joined!, tail!])).toBe(`${TEXT}${TEXT}`);
  });

  it('ends a member without a trailing newline with one, and yields nothing for an empty member', async () => {
    const unterminated = TEXT.subarray(0, TEXT.length - 1);
    const lines = await linesOf({
      'a.json': [unterminated],
      'empty.json': [],
      'zero.json': [Buffer.alloc(0)],
      'b.json': [unterminated.subarray(0, 5), unterminated.subarray(5)],
    });
    expect(lines.map((piece) => piece.member)).not.toContain('empty.json');
    expect(lines.map((piece) => piece.member)).not.toContain('zero.json');
    expect(textOf(lines)).toBe(`${TEXT}${TEXT}`);
    expect(lines.filter((piece) => piece.opens).map((piece) => piece.member)).toEqual(['a.json', 'b.json']);
  });

  it('drops blank lines and a CR before the newline, counting what it skipped', async () => {
    const lines = await linesOf({
      'crlf.json': ['{"a":1}\r', '\n{"a":2}\r\n\r\n{"a"', ':3}\r\n{"a":4}\n\n\n{"a":"x\ry"}\n', '\r'],
      'blank.json': ['\n\n\r\n', '\n'],
      'lead.json': ['\n{"b":1}\n{"b":2}\n'],
    });
    expect(textOf(lines)).toBe('{"a":1}\n{"a":2}\n{"a":3}\n{"a":4}\n{"a":"x\ry"}\n{"b":1}\n{"b":2}\n');
    expect(lines.map(({ member, opens, skipped }) => ({ member, opens, skipped }))).toEqual([
      { member: 'crlf.json', opens: true, skipped: 0 },
      // {"a":2} then a blank line (line 3) before {"a":3} (line 4).
      { member: 'crlf.json', opens: false, skipped: 0 },
      { member: 'crlf.json', opens: false, skipped: 1 },
      { member: 'crlf.json', opens: false, skipped: 0 },
      // Lines 6 and 7 are blank.
      { member: 'crlf.json', opens: false, skipped: 2 },
      { member: 'lead.json', opens: true, skipped: 1 },
    ]);
    for (const piece of lines) expect(piece.bytes.includes('\r\n')).toBe(false);
  });

  it('refuses a line longer than 32 MB rather than buffer it', async () => {
    const long = Buffer.alloc(17 * 1024 * 1024, 0x61);
    await expect(linesOf({ 'long.json': [Buffer.from('{"a":1}\n'), long, long] })).rejects.toMatchObject({
      providerCode: 'invalid_export_line',
      message: "Amplitude's export file long.json holds a line longer than 32 MB",
    });
  });

  it('closes the source when the consumer stops early', async () => {
    const { pieces, closed } = source({ 'a.json': [TEXT, TEXT, TEXT] });
    const lines = splitLines(pieces);
    for await (const piece of lines) {
      expect(piece.bytes.toString('utf8')).toBe(TEXT.toString('utf8'));
      break;
    }
    expect(closed()).toBe(true);
  });
});
