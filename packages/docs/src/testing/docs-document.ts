import { randomBytes } from 'node:crypto';
import type { DocsStructuralElement } from '../docs-types.js';

/** A text or paragraph style, as Google writes it (`{bold: true}`, `{namedStyleType: 'HEADING_1'}`). */
export type Style = Readonly<Record<string, unknown>>;

/** A paragraph to build a document from: plain text, or runs of styled text (no newlines). */
export interface ParagraphSpec {
  text?: string;
  runs?: { text: string; style?: Style }[];
  style?: Style;
}

/** A request Google refuses: its message, as Google words it, without the request prefix. */
export class InvalidRequestError extends Error {
  override readonly name = 'InvalidRequestError';
}

/** One UTF-16 code unit of the body, its text style, and on a newline its paragraph's style. */
interface Unit {
  c: string;
  ts: Style;
  ps?: Style;
}

interface ParagraphSpan {
  /** Offset of the first unit (the body index is offset + 1). */
  from: number;
  /** Offset of the newline that ends the paragraph. */
  newline: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters Google strips.
const STRIPPED = /[\u0000-\u0008\u000c-\u001f\ue000-\uf8ff]/g;
const styleKeys = new WeakMap<Style, string>();
const interned = new Map<string, Style>();

function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${sortedJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** One shared object per distinct style, so runs can be grouped by identity. */
function intern(style: Style): Style {
  const known = styleKeys.get(style);
  if (known !== undefined) return interned.get(known) ?? style;
  const key = sortedJson(style);
  let shared = interned.get(key);
  if (!shared) {
    shared = Object.freeze(JSON.parse(key) as Record<string, unknown>);
    interned.set(key, shared);
    styleKeys.set(shared, key);
  }
  styleKeys.set(style, key);
  return shared;
}

const EMPTY: Style = intern({});

function isHighSurrogate(c: string | undefined): boolean {
  return c !== undefined && c >= '\ud800' && c <= '\udbff';
}

function isLowSurrogate(c: string | undefined): boolean {
  return c !== undefined && c >= '\udc00' && c <= '\udfff';
}

function newHeadingId(): string {
  return `h.${randomBytes(6).toString('hex').slice(0, 12)}`;
}

/** Paragraph styles that carry a heading id (links to headings point at it). */
function withHeadingId(style: Style): Style {
  const type = style.namedStyleType;
  const heading = typeof type === 'string' && type.startsWith('HEADING_');
  if (heading) return intern({ ...style, headingId: newHeadingId() });
  if (style.headingId === undefined) return style;
  const { headingId: _dropped, ...rest } = style;
  return intern(rest);
}

/** Applies a field mask: listed fields take the new value, or return to the default when unset. */
function applyMask(current: Style, update: Style, fields: readonly string[] | '*'): Style {
  const next: Record<string, unknown> = { ...current };
  const names = fields === '*' ? new Set([...Object.keys(current), ...Object.keys(update)]) : new Set(fields);
  for (const name of names) {
    if (update[name] === undefined || update[name] === null) delete next[name];
    else next[name] = update[name];
  }
  return intern(next);
}

/**
 * The body of a Google Docs document, kept as UTF-16 code units with their styles so that
 * Google's index rules hold exactly: index 0 is the opening section break, index 1 the first
 * character of the body, and the body always ends with a newline that cannot be deleted.
 */
export class SimDocument {
  #units: Unit[];

  private constructor(units: Unit[]) {
    this.#units = units;
  }

  /** A document from paragraphs; an empty list gives a blank document (one empty paragraph). */
  static fromParagraphs(paragraphs: readonly ParagraphSpec[]): SimDocument {
    const units: Unit[] = [];
    const specs = paragraphs.length > 0 ? paragraphs : [{ text: '' }];
    for (const spec of specs) {
      const runs = spec.runs ?? [{ text: spec.text ?? '' }];
      let last: Style = EMPTY;
      for (const run of runs) {
        const ts = intern(run.style ?? {});
        for (const c of run.text.replace(STRIPPED, '').replace(/\n/g, ' ').split('')) units.push({ c, ts });
        last = ts;
      }
      units.push({
        c: '\n',
        ts: last,
        ps: withHeadingId(intern(spec.style ?? { namedStyleType: 'NORMAL_TEXT' })),
      });
    }
    return new SimDocument(units);
  }

  /** A copy to apply a batch to: a batch applies in full or not at all. */
  clone(): SimDocument {
    return new SimDocument(this.#units.map((unit) => ({ ...unit })));
  }

  /** The end index of the body: one past its final newline. */
  get endIndex(): number {
    return this.#units.length + 1;
  }

  /** The body's text, final newline included. */
  text(): string {
    return this.#units.map((unit) => unit.c).join('');
  }

  #spans(): ParagraphSpan[] {
    const spans: ParagraphSpan[] = [];
    let from = 0;
    this.#units.forEach((unit, offset) => {
      if (unit.c === '\n') {
        spans.push({ from, newline: offset });
        from = offset + 1;
      }
    });
    return spans;
  }

  #newlineAtOrAfter(offset: number): number {
    for (let at = offset; at < this.#units.length; at += 1) if (this.#units[at]!.c === '\n') return at;
    return this.#units.length - 1;
  }

  #checkRange(startIndex: number, endIndex: number, allowFinalNewline: boolean): void {
    if (startIndex < 1)
      throw new InvalidRequestError('The range cannot include the section break at index 0.');
    if (endIndex <= startIndex) throw new InvalidRequestError('The range should not be empty.');
    if (endIndex > this.endIndex) {
      throw new InvalidRequestError(
        `Index ${endIndex - 1} must be less than the end index of the referenced segment, ${this.endIndex}.`,
      );
    }
    if (!allowFinalNewline && endIndex === this.endIndex) {
      throw new InvalidRequestError(
        'The range cannot include the newline character at the end of the segment.',
      );
    }
  }

  /**
   * Inserts text at an index. Newlines start new paragraphs with the style of the paragraph at
   * the index; the text takes the style of the text just before it (or at it, at a paragraph's
   * start). Control characters and private-use characters are dropped, as Google does.
   */
  insertText(index: number, text: string): void {
    if (index < 1) {
      throw new InvalidRequestError(
        'The insertion index must be inside the bounds of an existing paragraph.',
      );
    }
    if (index >= this.endIndex) {
      throw new InvalidRequestError(
        `Index ${index} must be less than the end index of the referenced segment, ${this.endIndex}.`,
      );
    }
    const clean = text.replace(STRIPPED, '');
    if (clean.length === 0) return;
    let offset = index - 1;
    // Google moves an insertion out of a surrogate pair (a grapheme) to just after it.
    if (isHighSurrogate(this.#units[offset - 1]?.c) && isLowSurrogate(this.#units[offset]?.c)) offset += 1;
    const before = this.#units[offset - 1];
    const ts = before && before.c !== '\n' ? before.ts : this.#units[offset]!.ts;
    const paragraphStyle = this.#units[this.#newlineAtOrAfter(offset)]!.ps ?? EMPTY;
    const added: Unit[] = clean
      .split('')
      .map((c) => (c === '\n' ? { c, ts, ps: withHeadingId(paragraphStyle) } : { c, ts }));
    this.#units.splice(offset, 0, ...added);
  }

  /**
   * Deletes `[startIndex, endIndex)`. The body's final newline cannot be deleted. When the range
   * starts inside a paragraph and crosses its end, the paragraphs merge under the first one's style.
   */
  deleteContentRange(startIndex: number, endIndex: number): void {
    this.#checkRange(startIndex, endIndex, false);
    let from = startIndex - 1;
    let to = endIndex - 1;
    if (isLowSurrogate(this.#units[from]?.c)) from -= 1;
    if (isLowSurrogate(this.#units[to]?.c)) to += 1;
    const removed = this.#units.slice(from, to);
    const startsParagraph = from === 0 || this.#units[from - 1]!.c === '\n';
    const mergedStyle =
      !startsParagraph && removed.some((unit) => unit.c === '\n')
        ? this.#units[this.#newlineAtOrAfter(from)]!.ps
        : undefined;
    this.#units.splice(from, to - from);
    if (mergedStyle) this.#units[this.#newlineAtOrAfter(from)]!.ps = mergedStyle;
  }

  /** Sets or resets the text style fields named in `fields` over `[startIndex, endIndex)`. */
  updateTextStyle(startIndex: number, endIndex: number, style: Style, fields: readonly string[] | '*'): void {
    this.#checkRange(startIndex, endIndex, true);
    for (let offset = startIndex - 1; offset < endIndex - 1; offset += 1) {
      const unit = this.#units[offset]!;
      unit.ts = applyMask(unit.ts, style, fields);
    }
  }

  /** Sets or resets paragraph style fields on every paragraph the range overlaps. */
  updateParagraphStyle(
    startIndex: number,
    endIndex: number,
    style: Style,
    fields: readonly string[] | '*',
  ): void {
    this.#checkRange(startIndex, endIndex, true);
    const from = startIndex - 1;
    const to = endIndex - 1;
    for (const span of this.#spans()) {
      if (span.from < to && span.newline + 1 > from) {
        const unit = this.#units[span.newline]!;
        const before = unit.ps ?? EMPTY;
        const next = applyMask(before, style, fields);
        unit.ps = next.namedStyleType === before.namedStyleType ? next : withHeadingId(next);
      }
    }
  }

  /** Replaces every occurrence of a text; returns how many were replaced. */
  replaceAllText(search: string, replacement: string, matchCase: boolean): number {
    if (search.length === 0) throw new InvalidRequestError('The text to search for must not be empty.');
    const body = this.text();
    const haystack = matchCase ? body : body.toLowerCase();
    const needle = matchCase ? search : search.toLowerCase();
    const found: number[] = [];
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
      // The final newline of the body is not replaceable text.
      if (at + needle.length <= body.length - 1) found.push(at);
    }
    for (const at of found.reverse()) {
      const ts = this.#units[at]!.ts;
      const added = replacement
        .replace(STRIPPED, '')
        .split('')
        .map(
          (c): Unit =>
            c === '\n' ? { c, ts, ps: this.#units[this.#newlineAtOrAfter(at)]!.ps ?? EMPTY } : { c, ts },
        );
      this.#units.splice(at, needle.length, ...added);
    }
    return found.length;
  }

  /**
   * The body as Google returns it: the section break (Google leaves out a startIndex of 0), then
   * one paragraph per newline with its text runs; every index in UTF-16 code units.
   */
  content(): DocsStructuralElement[] {
    const content: DocsStructuralElement[] = [
      {
        endIndex: 1,
        sectionBreak: {
          sectionStyle: {
            columnSeparatorStyle: 'NONE',
            contentDirection: 'LEFT_TO_RIGHT',
            sectionType: 'CONTINUOUS',
          },
        },
      },
    ];
    for (const span of this.#spans()) {
      const elements = [];
      let runStart = span.from;
      for (let offset = span.from; offset <= span.newline; offset += 1) {
        const next = this.#units[offset + 1];
        const last = offset === span.newline;
        if (last || next!.ts !== this.#units[offset]!.ts) {
          elements.push({
            startIndex: runStart + 1,
            endIndex: offset + 2,
            textRun: {
              content: this.#units
                .slice(runStart, offset + 1)
                .map((unit) => unit.c)
                .join(''),
              textStyle: { ...this.#units[offset]!.ts },
            },
          });
          runStart = offset + 1;
        }
      }
      const paragraphStyle = this.#units[span.newline]!.ps ?? EMPTY;
      content.push({
        startIndex: span.from + 1,
        endIndex: span.newline + 2,
        paragraph: {
          elements,
          paragraphStyle: { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT', ...paragraphStyle },
        },
      });
    }
    return content;
  }
}
