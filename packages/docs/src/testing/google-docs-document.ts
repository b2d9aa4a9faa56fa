import { randomBytes } from 'node:crypto';
import type { DocsParagraphElement, DocsStructuralElement } from '../docs-schemas.js';

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

/** A paragraph's place in a list. */
interface ListItem {
  listId: string;
  nestingLevel: number;
}

/** The structure around table content, and section breaks: each takes one index, as in Google's model. */
type Mark = 'table' | 'row' | 'cell' | 'tableEnd' | 'section';

/**
 * One index of a body: a UTF-16 code unit of text with its style, a paragraph's closing newline
 * (with the paragraph's style and list item), an inline element (a person, a date, a page break…),
 * or the start of a table, row or cell, or the end of a table.
 */
export interface Unit {
  c: string;
  ts: Style;
  ps?: Style;
  bullet?: ListItem;
  mark?: Mark;
  inline?: Record<string, unknown>;
  /** An inline image's object (`documentTab.inlineObjects[id]`), kept with the index that shows it. */
  object?: Record<string, unknown>;
  /** Ids of the named ranges this index is in: a range moves and shrinks with its text, as Google's do. */
  ranges?: string[];
  /**
   * A structure unit's properties, replaced whole, never changed in place (clones share them): a
   * table's `columns` (`TableColumnProperties`), a row's `TableRowStyle`, a cell's `TableCellStyle`
   * (`rowSpan`/`columnSpan` on the head of merged cells), a section break's `SectionStyle`.
   */
  props?: Record<string, unknown>;
  /** A suggested insertion or deletion this index is part of (suggestions come from the editor only). */
  suggested?: { id: string; kind: 'insertion' | 'deletion'; author: string };
}

/** A `SimDocument` as plain data (see `SimDocument.toData`). */
export interface SimDocumentData {
  units: Unit[];
  lists: [string, string][];
  /** Named range id → name. */
  named?: [string, string][];
  /** 0 for a header, footer or footnote (no section break before its text); 1 (the default) for a body. */
  base?: number;
  /** The first section's style (the section break at index 0 of a body). */
  firstSection?: Record<string, unknown>;
}

interface ParagraphSpan {
  /** Offset of the first unit (the body index is offset + 1). */
  from: number;
  /** Offset of the newline that ends the paragraph. */
  newline: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters Google strips.
const STRIPPED = /[\u0000-\u0008\u000c-\u001f\ue000-\uf8ff]/g;
/** How an inline element reads in the body's text (Unicode's object replacement character). */
const OBJECT = '\ufffc';
const INSIDE_PARAGRAPH =
  'The insertion index must be inside the bounds of an existing paragraph. You can still create new paragraphs by inserting newlines.';
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
const CELL_PARAGRAPH: Style = intern({ namedStyleType: 'NORMAL_TEXT' });

/** A table, row or cell start (or a table's end) with no properties of its own. */
export function structureUnit(mark: 'table' | 'row' | 'cell' | 'tableEnd'): Unit {
  return { c: '', ts: EMPTY, mark };
}

/** The one empty paragraph of a new table cell. */
export function emptyCellParagraph(): Unit {
  return { c: '\n', ts: EMPTY, ps: CELL_PARAGRAPH };
}

function isHighSurrogate(c: string | undefined): boolean {
  return c !== undefined && c >= '\ud800' && c <= '\udbff';
}

function isLowSurrogate(c: string | undefined): boolean {
  return c !== undefined && c >= '\udc00' && c <= '\udfff';
}

/** An id of the form Google gives headings, lists and inline elements (`h.…`, `kix.…`). */
export function newKixId(prefix = 'kix'): string {
  return `${prefix}.${randomBytes(6).toString('hex').slice(0, 12)}`;
}

/** Paragraph styles that carry a heading id (links to headings point at it). */
function withHeadingId(style: Style): Style {
  const type = style.namedStyleType;
  const heading = typeof type === 'string' && type.startsWith('HEADING_');
  if (heading) return intern({ ...style, headingId: newKixId('h') });
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

const pt = (magnitude: number) => ({ magnitude, unit: 'PT' });

/** Glyphs of the first three nesting levels of each bullet preset; deeper levels repeat them. */
const BULLET_PRESETS: Record<string, { symbol?: string; type?: string; format: string }[]> = {
  BULLET_DISC_CIRCLE_SQUARE: [{ symbol: '●' }, { symbol: '○' }, { symbol: '■' }].map(glyph),
  BULLET_DIAMONDX_ARROW3D_SQUARE: [{ symbol: '❖' }, { symbol: '➢' }, { symbol: '■' }].map(glyph),
  BULLET_CHECKBOX: [{ symbol: '☐' }, { symbol: '☐' }, { symbol: '☐' }].map(glyph),
  BULLET_ARROW_DIAMOND_DISC: [{ symbol: '➔' }, { symbol: '◆' }, { symbol: '●' }].map(glyph),
  BULLET_STAR_CIRCLE_SQUARE: [{ symbol: '★' }, { symbol: '○' }, { symbol: '■' }].map(glyph),
  BULLET_ARROW3D_CIRCLE_SQUARE: [{ symbol: '➢' }, { symbol: '○' }, { symbol: '■' }].map(glyph),
  BULLET_LEFTTRIANGLE_DIAMOND_DISC: [{ symbol: '◄' }, { symbol: '◆' }, { symbol: '●' }].map(glyph),
  BULLET_DIAMONDX_HOLLOWDIAMOND_SQUARE: [{ symbol: '❖' }, { symbol: '◇' }, { symbol: '■' }].map(glyph),
  BULLET_DIAMOND_CIRCLE_SQUARE: [{ symbol: '◆' }, { symbol: '○' }, { symbol: '■' }].map(glyph),
  NUMBERED_DECIMAL_ALPHA_ROMAN: numbered(['DECIMAL', 'ALPHA', 'ROMAN'], '.'),
  NUMBERED_DECIMAL_ALPHA_ROMAN_PARENS: numbered(['DECIMAL', 'ALPHA', 'ROMAN'], ')'),
  NUMBERED_DECIMAL_NESTED: [
    { type: 'DECIMAL', format: '%0.' },
    { type: 'DECIMAL', format: '%0.%1.' },
    { type: 'DECIMAL', format: '%0.%1.%2.' },
  ],
  NUMBERED_UPPERALPHA_ALPHA_ROMAN: numbered(['UPPER_ALPHA', 'ALPHA', 'ROMAN'], '.'),
  NUMBERED_UPPERROMAN_UPPERALPHA_DECIMAL: numbered(['UPPER_ROMAN', 'UPPER_ALPHA', 'DECIMAL'], '.'),
  NUMBERED_ZERODECIMAL_ALPHA_ROMAN: numbered(['ZERO_DECIMAL', 'ALPHA', 'ROMAN'], '.'),
};

function glyph(entry: { symbol: string }) {
  return { symbol: entry.symbol, format: '%0' };
}

function numbered(types: string[], close: string) {
  return types.map((type, level) => ({ type, format: `%${level}${close}` }));
}

/** A list as `documents.get` shows it: nine nesting levels with glyphs and indents. */
function renderList(preset: string) {
  const glyphs = BULLET_PRESETS[preset]!;
  return {
    listProperties: {
      nestingLevels: Array.from({ length: 9 }, (_, level) => {
        const { symbol, type, format } = glyphs[level % 3]!;
        return {
          bulletAlignment: 'START',
          ...(symbol ? { glyphSymbol: symbol } : { glyphType: type }),
          glyphFormat: format,
          indentFirstLine: pt(18 + 36 * level),
          indentStart: pt(36 + 36 * level),
          textStyle: { underline: false },
          startNumber: 1,
        };
      }),
    },
  };
}

/** A section break's style as `documents.get` shows it: Google's defaults, then what was set. */
function sectionStyle(style: Record<string, unknown>): Record<string, unknown> {
  return {
    columnSeparatorStyle: 'NONE',
    contentDirection: 'LEFT_TO_RIGHT',
    sectionType: 'CONTINUOUS',
    ...style,
  };
}

const CELL_STYLE = {
  rowSpan: 1,
  columnSpan: 1,
  backgroundColor: {},
  paddingLeft: pt(5),
  paddingRight: pt(5),
  paddingTop: pt(5),
  paddingBottom: pt(5),
  contentAlignment: 'TOP',
};

/**
 * The content of one Google Docs tab: its body, kept as one unit per index so that Google's
 * index rules hold exactly (index 0 is the opening section break, index 1 the first character,
 * and the body always ends with a newline that cannot be deleted), with tables, list items and
 * inline elements in the places Google gives them, and the lists the paragraphs belong to.
 */
export class SimDocument {
  #units: Unit[];
  /** List id → the bullet preset it was made with. */
  #lists: Map<string, string>;
  /** Named range id → its name. */
  #named: Map<string, string>;
  /** The index of the first unit: 1 in a body (after the section break at 0), 0 in other segments. */
  readonly #base: number;
  /** The style of the section break at index 0 (a body's only, until `insertSectionBreak`). */
  #firstSection: Record<string, unknown>;

  private constructor(
    units: Unit[],
    lists = new Map<string, string>(),
    named = new Map<string, string>(),
    base = 1,
    firstSection: Record<string, unknown> = {},
  ) {
    this.#units = units;
    this.#lists = lists;
    this.#named = named;
    this.#base = base;
    this.#firstSection = firstSection;
  }

  /** The index of an offset into the units. */
  #ix(offset: number): number {
    return offset + this.#base;
  }

  /** Whether this is a header, footer or footnote (indexes from 0, no section break). */
  get isSegment(): boolean {
    return this.#base === 0;
  }

  /**
   * A document from paragraphs; an empty list gives a blank document (one empty paragraph). With
   * `segment`, the text of a header, footer or footnote: indexes from 0, no section break.
   */
  static fromParagraphs(paragraphs: readonly ParagraphSpec[], segment = false): SimDocument {
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
    return new SimDocument(units, undefined, undefined, segment ? 0 : 1);
  }

  /** The document as plain data (JSON), for `SimDocument.fromData` to rebuild it. */
  toData(): SimDocumentData {
    return {
      units: this.#units.map((unit) => ({ ...unit })),
      lists: [...this.#lists],
      named: [...this.#named],
      ...(this.#base === 0 ? { base: 0 } : {}),
      ...(Object.keys(this.#firstSection).length > 0 ? { firstSection: this.#firstSection } : {}),
    };
  }

  /** A document from what `toData` returned. */
  static fromData(data: SimDocumentData): SimDocument {
    const units = data.units.map((unit) => ({
      ...unit,
      ts: intern(unit.ts),
      ...(unit.ps ? { ps: intern(unit.ps) } : {}),
    }));
    return new SimDocument(
      units,
      new Map(data.lists),
      new Map(data.named ?? []),
      data.base ?? 1,
      data.firstSection ?? {},
    );
  }

  /** A copy to apply a batch to: a batch applies in full or not at all. */
  clone(): SimDocument {
    return new SimDocument(
      this.#units.map((unit) => ({ ...unit, ...(unit.ranges ? { ranges: [...unit.ranges] } : {}) })),
      new Map(this.#lists),
      new Map(this.#named),
      this.#base,
      this.#firstSection,
    );
  }

  /** The end index of the body: one past its final newline. */
  get endIndex(): number {
    return this.#units.length + this.#base;
  }

  /** The body's text, final newline included; inline elements read as U+FFFC, tables as their cells' text. */
  text(): string {
    return this.#units
      .filter((unit) => !unit.mark)
      .map((unit) => (unit.inline ? OBJECT : unit.c))
      .join('');
  }

  #isParagraphUnit(offset: number): boolean {
    const unit = this.#units[offset];
    return unit !== undefined && !unit.mark;
  }

  #spans(): ParagraphSpan[] {
    const spans: ParagraphSpan[] = [];
    let from = 0;
    this.#units.forEach((unit, offset) => {
      if (unit.mark) {
        from = offset + 1;
      } else if (unit.c === '\n' && !unit.inline) {
        spans.push({ from, newline: offset });
        from = offset + 1;
      }
    });
    return spans;
  }

  #newlineAtOrAfter(offset: number): number {
    for (let at = offset; at < this.#units.length; at += 1) {
      const unit = this.#units[at]!;
      if (unit.c === '\n' && !unit.mark && !unit.inline) return at;
    }
    return this.#units.length - 1;
  }

  #checkRange(startIndex: number, endIndex: number, allowFinalNewline: boolean): void {
    if (startIndex < this.#base)
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

  /** The offset to insert at, for an index that must fall inside a paragraph (not before a table). */
  #insertionOffset(index: number): number {
    if (index < this.#base) throw new InvalidRequestError(INSIDE_PARAGRAPH);
    if (index >= this.endIndex) {
      throw new InvalidRequestError(
        `Index ${index} must be less than the end index of the referenced segment, ${this.endIndex}.`,
      );
    }
    let offset = index - this.#base;
    if (!this.#isParagraphUnit(offset)) throw new InvalidRequestError(INSIDE_PARAGRAPH);
    // Google moves an insertion out of a surrogate pair (a grapheme) to just after it.
    if (isHighSurrogate(this.#units[offset - 1]?.c) && isLowSurrogate(this.#units[offset]?.c)) offset += 1;
    return offset;
  }

  /** The text style an insertion at this offset takes: the text before it, or at a paragraph's start the text at it. */
  #styleAt(offset: number): Style {
    const before = this.#units[offset - 1];
    return before && !before.mark && before.c !== '\n' ? before.ts : this.#units[offset]!.ts;
  }

  /** A newline closing a new paragraph split off the paragraph at `offset`: its style and list item. */
  #splitNewline(offset: number, ts: Style): Unit {
    const closing = this.#units[this.#newlineAtOrAfter(offset)]!;
    return {
      c: '\n',
      ts,
      ps: withHeadingId(closing.ps ?? EMPTY),
      ...(closing.bullet ? { bullet: closing.bullet } : {}),
    };
  }

  #tableDepthAt(offset: number): number {
    let depth = 0;
    for (let at = 0; at < offset; at += 1) {
      const mark = this.#units[at]!.mark;
      if (mark === 'table') depth += 1;
      else if (mark === 'tableEnd') depth -= 1;
    }
    return depth;
  }

  /**
   * Inserts text at an index inside a paragraph. Newlines start new paragraphs with the style (and
   * list) of the paragraph at the index; the text takes the style of the text just before it (or
   * at it, at a paragraph's start). Control characters and private-use characters are dropped, as
   * Google does.
   */
  insertText(index: number, text: string): void {
    const offset = this.#insertionOffset(index);
    const clean = text.replace(STRIPPED, '');
    if (clean.length === 0) return;
    const ts = this.#styleAt(offset);
    const added: Unit[] = clean
      .split('')
      .map((c) => (c === '\n' ? this.#splitNewline(offset, ts) : { c, ts }));
    this.#units.splice(offset, 0, ...added);
  }

  /**
   * Inserts an inline element (a person mention, a date, a rich link…) at an index inside a
   * paragraph, where it takes one index and the text style around it.
   */
  insertInline(index: number, element: Record<string, unknown>): void {
    const offset = this.#insertionOffset(index);
    this.#units.splice(offset, 0, { c: OBJECT, ts: this.#styleAt(offset), inline: element });
  }

  /**
   * Inserts an inline image at an index inside a paragraph: one index, an `inlineObjectElement`
   * pointing at the object, which `inlineObjects()` lists. Returns the object's id.
   */
  insertImage(index: number, embeddedObject: (objectId: string) => Record<string, unknown>): string {
    const offset = this.#insertionOffset(index);
    const objectId = newKixId();
    this.#units.splice(offset, 0, {
      c: OBJECT,
      ts: this.#styleAt(offset),
      inline: { inlineObjectElement: { inlineObjectId: objectId } },
      object: { objectId, inlineObjectProperties: { embeddedObject: embeddedObject(objectId) } },
    });
    return objectId;
  }

  /** Replaces an inline object by id with what `next` makes of it; false when there is none. */
  replaceObject(
    objectId: string,
    next: (object: Record<string, unknown>) => Record<string, unknown>,
  ): boolean {
    // Units are copied per clone but share their object: a new object keeps the batch atomic.
    const unit = this.#units.find((candidate) => candidate.object?.objectId === objectId);
    if (!unit) return false;
    unit.object = next(unit.object!);
    return true;
  }

  /** The inline objects (images) of the body, by id, as `documentTab.inlineObjects` lists them. */
  inlineObjects(): Record<string, unknown> {
    const objects: Record<string, unknown> = {};
    for (const unit of this.#units) {
      if (unit.object) objects[String(unit.object.objectId)] = unit.object;
    }
    return objects;
  }

  /** Names `[startIndex, endIndex)`; returns the new range's id. */
  createNamedRange(startIndex: number, endIndex: number, name: string): string {
    if (name.length < 1 || name.length > 256) {
      throw new InvalidRequestError('The name of a named range must be 1 to 256 characters long.');
    }
    this.#checkRange(startIndex, endIndex, true);
    const id = newKixId();
    this.#named.set(id, name);
    for (let offset = startIndex - this.#base; offset < endIndex - this.#base; offset += 1) {
      const unit = this.#units[offset]!;
      unit.ranges = [...(unit.ranges ?? []), id];
    }
    return id;
  }

  /** Removes the named ranges with this id, or every one with this name; returns how many went. */
  deleteNamedRange(by: { id?: string | undefined; name?: string | undefined }): number {
    const ids = [...this.#named].filter(([id, name]) => id === by.id || name === by.name).map(([id]) => id);
    for (const id of ids) this.#named.delete(id);
    for (const unit of this.#units) {
      if (unit.ranges) unit.ranges = unit.ranges.filter((id) => !ids.includes(id));
    }
    return ids.length;
  }

  /** The named ranges, by name, as `documentTab.namedRanges` lists them; a range whose text is all gone is left out. */
  namedRanges(tabId: string): Record<string, unknown> {
    const spans = new Map<string, { start: number; end: number }>();
    this.#units.forEach((unit, offset) => {
      for (const id of unit.ranges ?? []) {
        const span = spans.get(id);
        if (span) span.end = this.#ix(offset) + 1;
        else spans.set(id, { start: this.#ix(offset), end: this.#ix(offset) + 1 });
      }
    });
    const byName: Record<string, { name: string; namedRanges: unknown[] }> = {};
    for (const [id, name] of this.#named) {
      const span = spans.get(id);
      if (!span) continue;
      byName[name] ??= { name, namedRanges: [] };
      byName[name].namedRanges.push({
        namedRangeId: id,
        name,
        ranges: [{ startIndex: span.start, endIndex: span.end, tabId }],
      });
    }
    return byName;
  }

  /** The ranges named `name` (every tab's text is searched by the caller), as index pairs. */
  rangesNamed(by: { id?: string | undefined; name?: string | undefined }): { start: number; end: number }[] {
    const ids = [...this.#named].filter(([id, name]) => id === by.id || name === by.name).map(([id]) => id);
    return ids.flatMap((id) => {
      const offsets = this.#units.flatMap((unit, offset) => (unit.ranges?.includes(id) ? [offset] : []));
      return offsets.length > 0 ? [{ start: this.#ix(offsets[0]!), end: this.#ix(offsets.at(-1)!) + 1 }] : [];
    });
  }

  /**
   * Replaces the text of the ranges named so with `text`; the range then holds the new text. From
   * the last range back, so that replacing one does not move those before it.
   */
  replaceNamedRange(by: { id?: string | undefined; name?: string | undefined }, text: string): void {
    const ids = [...this.#named].filter(([id, name]) => id === by.id || name === by.name).map(([id]) => id);
    for (const id of ids) {
      for (const range of this.rangesNamed({ id }).reverse()) {
        const clean = text.replace(STRIPPED, '');
        this.insertText(range.start, clean);
        for (
          let offset = range.start - this.#base;
          offset < range.start - this.#base + clean.length;
          offset += 1
        ) {
          const unit = this.#units[offset]!;
          unit.ranges = [...(unit.ranges ?? []), id];
        }
        this.deleteContentRange(range.start + clean.length, range.end + clean.length);
      }
    }
  }

  /** Inserts a page break followed by a newline; page breaks cannot go inside a table. */
  insertPageBreak(index: number): void {
    const offset = this.#insertionOffset(index);
    if (this.#tableDepthAt(offset) > 0) {
      throw new InvalidRequestError('Page breaks cannot be inserted inside a table.');
    }
    const ts = this.#styleAt(offset);
    this.#units.splice(
      offset,
      0,
      { c: OBJECT, ts, inline: { pageBreak: {} } },
      this.#splitNewline(offset, ts),
    );
  }

  /**
   * Inserts an empty table of `rows` × `columns` at an index inside a paragraph. As Google does, a
   * newline goes in first, so the table starts at index + 1: the text before the index stays a
   * paragraph of its own, and the text after it follows the table.
   */
  insertTable(index: number, rows: number, columns: number): void {
    if (!Number.isInteger(rows) || rows < 1)
      throw new InvalidRequestError('The table must have at least one row.');
    if (!Number.isInteger(columns) || columns < 1)
      throw new InvalidRequestError('The table must have at least one column.');
    if (columns > 20) throw new InvalidRequestError('The table cannot have more than 20 columns.');
    const offset = this.#insertionOffset(index);
    const ts = this.#styleAt(offset);
    const table: Unit[] = [{ c: '', ts: EMPTY, mark: 'table' }];
    for (let row = 0; row < rows; row += 1) {
      table.push({ c: '', ts: EMPTY, mark: 'row' });
      for (let column = 0; column < columns; column += 1) {
        table.push({ c: '', ts: EMPTY, mark: 'cell' }, { c: '\n', ts: EMPTY, ps: CELL_PARAGRAPH });
      }
    }
    table.push({ c: '', ts: EMPTY, mark: 'tableEnd' });
    this.#units.splice(offset, 0, this.#splitNewline(offset, ts), ...table);
  }

  /**
   * Deletes `[startIndex, endIndex)`. The body's final newline cannot be deleted, nor part of a
   * table, nor the last newline of a cell, nor the newline before a table that stays. When the
   * range starts inside a paragraph and crosses its end, the paragraphs merge under the first
   * one's style.
   */
  deleteContentRange(startIndex: number, endIndex: number): void {
    this.#checkRange(startIndex, endIndex, false);
    let from = startIndex - this.#base;
    let to = endIndex - this.#base;
    if (isLowSurrogate(this.#units[from]?.c)) from -= 1;
    if (isLowSurrogate(this.#units[to]?.c)) to += 1;
    this.#checkStructure(from, to);
    const removed = this.#units.slice(from, to);
    const startsParagraph =
      from === 0 || !this.#isParagraphUnit(from - 1) || this.#units[from - 1]!.c === '\n';
    const merged =
      !startsParagraph && removed.some((unit) => unit.c === '\n' && !unit.mark)
        ? this.#units[this.#newlineAtOrAfter(from)]!
        : undefined;
    this.#units.splice(from, to - from);
    if (merged) {
      const closing = this.#units[this.#newlineAtOrAfter(from)]!;
      closing.ps = merged.ps;
      if (merged.bullet) closing.bullet = merged.bullet;
      else delete closing.bullet;
    }
  }

  /** Refuses deletions that would leave a table, row or cell half there. */
  #checkStructure(from: number, to: number): void {
    const refuse = () => {
      throw new InvalidRequestError('Invalid deletion range. Cannot delete the requested range.');
    };
    let depth = 0;
    for (let at = from; at < to; at += 1) {
      const unit = this.#units[at]!;
      if (unit.mark === 'table') depth += 1;
      else if (unit.mark === 'tableEnd') depth -= 1;
      else if (unit.mark && unit.mark !== 'section' && depth === 0) refuse();
      else if (!unit.mark && unit.c === '\n' && depth === 0) {
        const next = this.#units[at + 1]?.mark;
        const opens = next === 'table' || next === 'section';
        // A cell's last newline belongs to the cell; the newline before a table or a section break
        // stays with it.
        if ((next && !opens) || (opens && at + 1 >= to)) refuse();
      }
      if (depth < 0) refuse();
    }
    if (depth !== 0) refuse();
  }

  /** Sets or resets the text style fields named in `fields` over `[startIndex, endIndex)`. */
  updateTextStyle(startIndex: number, endIndex: number, style: Style, fields: readonly string[] | '*'): void {
    this.#checkRange(startIndex, endIndex, true);
    for (let offset = startIndex - this.#base; offset < endIndex - this.#base; offset += 1) {
      const unit = this.#units[offset]!;
      if (!unit.mark) unit.ts = applyMask(unit.ts, style, fields);
    }
  }

  #spansIn(startIndex: number, endIndex: number): ParagraphSpan[] {
    const from = startIndex - this.#base;
    const to = endIndex - this.#base;
    return this.#spans().filter((span) => span.from < to && span.newline + 1 > from);
  }

  /** Sets or resets paragraph style fields on every paragraph the range overlaps. */
  updateParagraphStyle(
    startIndex: number,
    endIndex: number,
    style: Style,
    fields: readonly string[] | '*',
  ): void {
    this.#checkRange(startIndex, endIndex, true);
    for (const span of this.#spansIn(startIndex, endIndex)) {
      const unit = this.#units[span.newline]!;
      const before = unit.ps ?? EMPTY;
      const next = applyMask(before, style, fields);
      unit.ps = next.namedStyleType === before.namedStyleType ? next : withHeadingId(next);
    }
  }

  /**
   * Makes every paragraph the range overlaps a list item with the preset's glyphs. As Google does,
   * each paragraph's leading tabs set its nesting level and are removed, and paragraphs right
   * after an item of a list with the same preset join that list.
   */
  createParagraphBullets(startIndex: number, endIndex: number, preset: string): void {
    this.#checkRange(startIndex, endIndex, true);
    if (!BULLET_PRESETS[preset]) throw new InvalidRequestError('A bullet preset must be specified.');
    const spans = this.#spansIn(startIndex, endIndex);
    if (spans.length === 0) return;
    const before = spans[0]!.from > 0 ? this.#units[spans[0]!.from - 1] : undefined;
    const joined =
      before?.bullet && this.#lists.get(before.bullet.listId) === preset ? before.bullet.listId : undefined;
    const listId = joined ?? newKixId();
    this.#lists.set(listId, preset);
    // From the last paragraph up, so that removing tabs does not move the spans still to do.
    for (const span of spans.reverse()) {
      let tabs = 0;
      while (span.from + tabs < span.newline && this.#units[span.from + tabs]!.c === '\t') tabs += 1;
      const level = Math.min(tabs, 8);
      const closing = this.#units[span.newline]!;
      closing.bullet = { listId, nestingLevel: level };
      closing.ps = intern({
        ...(closing.ps ?? EMPTY),
        indentFirstLine: pt(18 + 36 * level),
        indentStart: pt(36 + 36 * level),
      });
      this.#units.splice(span.from, tabs);
    }
  }

  /** Takes every paragraph the range overlaps out of its list; the indent stays, as Google keeps it. */
  deleteParagraphBullets(startIndex: number, endIndex: number): void {
    this.#checkRange(startIndex, endIndex, true);
    for (const span of this.#spansIn(startIndex, endIndex)) delete this.#units[span.newline]!.bullet;
  }

  /**
   * Replaces every occurrence of a text; returns how many were replaced. A match never covers an
   * inline element, table structure, the last newline of a cell, or the body's final newline.
   */
  replaceAllText(search: string, replacement: string, matchCase: boolean): number {
    if (search.length === 0) throw new InvalidRequestError('The text to search for must not be empty.');
    const units = this.#units;
    const body = units.map((unit) => (unit.mark ? '\u0000' : unit.inline ? OBJECT : unit.c)).join('');
    const haystack = matchCase ? body : body.toLowerCase();
    const needle = matchCase ? search : search.toLowerCase();
    const replaceable = (at: number) =>
      !units[at]!.mark &&
      !units[at]!.inline &&
      !(units[at]!.c === '\n' && (at === units.length - 1 || units[at + 1]!.mark));
    const found: number[] = [];
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
      let fits = true;
      for (let offset = at; offset < at + needle.length && fits; offset += 1) fits = replaceable(offset);
      if (fits) found.push(at);
    }
    for (const at of found.reverse()) {
      const ts = units[at]!.ts;
      const added = replacement
        .replace(STRIPPED, '')
        .split('')
        .map((c): Unit => (c === '\n' ? this.#splitNewline(at, ts) : { c, ts }));
      units.splice(at, needle.length, ...added);
    }
    return found.length;
  }

  /** The lists the paragraphs belong to, as `documents.get` shows them (keyed by list id). */
  lists(): Record<string, unknown> {
    const used = new Set(this.#units.flatMap((unit) => (unit.bullet ? [unit.bullet.listId] : [])));
    return Object.fromEntries(
      [...this.#lists].filter(([id]) => used.has(id)).map(([id, preset]) => [id, renderList(preset)]),
    );
  }

  /**
   * The body as Google returns it: the section break (Google leaves out a startIndex of 0), then
   * paragraphs with their text runs and inline elements, and tables of rows of cells; every index
   * in UTF-16 code units.
   */
  content(): DocsStructuralElement[] {
    if (this.isSegment) return this.#elements(0, this.#units.length);
    return [
      { endIndex: 1, sectionBreak: { sectionStyle: sectionStyle(this.#firstSection) } },
      ...this.#elements(0, this.#units.length),
    ];
  }

  /** The structural elements of the units in [from, to): paragraphs and whole tables. */
  #elements(from: number, to: number): DocsStructuralElement[] {
    const elements: DocsStructuralElement[] = [];
    let at = from;
    while (at < to) {
      const unit = this.#units[at]!;
      if (unit.mark === 'table') {
        const end = this.#closing(at);
        elements.push(this.#table(at, end));
        at = end + 1;
      } else if (unit.mark === 'section') {
        elements.push({
          startIndex: this.#ix(at),
          endIndex: this.#ix(at) + 1,
          sectionBreak: { sectionStyle: sectionStyle(unit.props ?? {}) },
        });
        at += 1;
      } else {
        const newline = this.#newlineAtOrAfter(at);
        elements.push(this.#paragraph(at, newline));
        at = newline + 1;
      }
    }
    return elements;
  }

  /** The offset of the `tableEnd` that closes the table opened at `start`. */
  #closing(start: number): number {
    let depth = 0;
    for (let at = start; at < this.#units.length; at += 1) {
      const mark = this.#units[at]!.mark;
      if (mark === 'table') depth += 1;
      else if (mark === 'tableEnd') {
        depth -= 1;
        if (depth === 0) return at;
      }
    }
    throw new Error('unclosed table');
  }

  /** The offset where the content starting at `at` ends: the next row, cell or end of this table. */
  #cellEnd(at: number): number {
    let depth = 0;
    let offset = at;
    for (; offset < this.#units.length; offset += 1) {
      const mark = this.#units[offset]!.mark;
      if (depth === 0 && (mark === 'row' || mark === 'cell' || mark === 'tableEnd')) break;
      if (mark === 'table') depth += 1;
      else if (mark === 'tableEnd') depth -= 1;
    }
    return offset;
  }

  #table(start: number, end: number): DocsStructuralElement {
    const tableRows = [];
    let columns = 0;
    let at = start + 1;
    const pinned = Number(this.#units[start]!.props?.pinned ?? 0);
    while (at < end) {
      const rowStart = at;
      at += 1;
      const tableCells = [];
      while (at < end && this.#units[at]!.mark === 'cell') {
        const cellStart = at;
        const contentEnd = this.#cellEnd(at + 1);
        tableCells.push({
          startIndex: this.#ix(cellStart),
          endIndex: this.#ix(contentEnd),
          content: this.#elements(cellStart + 1, contentEnd),
          tableCellStyle: { ...CELL_STYLE, ...this.#units[cellStart]!.props },
        });
        at = contentEnd;
      }
      columns = Math.max(columns, tableCells.length);
      tableRows.push({
        startIndex: this.#ix(rowStart),
        endIndex: this.#ix(at),
        tableCells,
        tableRowStyle: {
          minRowHeight: { unit: 'PT' },
          ...this.#units[rowStart]!.props,
          ...(tableRows.length < pinned ? { tableHeader: true } : {}),
        },
      });
    }
    return {
      startIndex: this.#ix(start),
      endIndex: this.#ix(end) + 1,
      table: {
        rows: tableRows.length,
        columns,
        tableRows,
        tableStyle: {
          tableColumnProperties: Array.from({ length: columns }, (_, column) => ({
            widthType: 'EVENLY_DISTRIBUTED',
            ...(this.#units[start]!.props?.columns as Record<string, unknown>[] | undefined)?.[column],
          })),
        },
      },
    };
  }

  #paragraph(from: number, newline: number): DocsStructuralElement {
    const elements: DocsParagraphElement[] = [];
    let runStart = from;
    for (let offset = from; offset <= newline; offset += 1) {
      const unit = this.#units[offset]!;
      if (unit.inline) {
        const { pageBreak, ...element } = unit.inline;
        const payload = pageBreak
          ? { pageBreak: { textStyle: { ...unit.ts } } }
          : Object.fromEntries(
              Object.entries(element).map(([kind, value]) => [
                kind,
                { ...(value as object), textStyle: { ...unit.ts } },
              ]),
            );
        elements.push({ startIndex: this.#ix(offset), endIndex: this.#ix(offset) + 1, ...payload });
        runStart = offset + 1;
        continue;
      }
      const next = this.#units[offset + 1];
      if (
        offset === newline ||
        next!.inline ||
        next!.ts !== unit.ts ||
        next!.suggested?.id !== unit.suggested?.id
      ) {
        elements.push({
          startIndex: this.#ix(runStart),
          endIndex: this.#ix(offset) + 1,
          textRun: {
            content: this.#units
              .slice(runStart, offset + 1)
              .map((item) => item.c)
              .join(''),
            textStyle: { ...unit.ts },
            ...(unit.suggested?.kind === 'insertion' ? { suggestedInsertionIds: [unit.suggested.id] } : {}),
            ...(unit.suggested?.kind === 'deletion' ? { suggestedDeletionIds: [unit.suggested.id] } : {}),
          },
        });
        runStart = offset + 1;
      }
    }
    const closing = this.#units[newline]!;
    const paragraphStyle = closing.ps ?? EMPTY;
    return {
      startIndex: this.#ix(from),
      endIndex: this.#ix(newline) + 1,
      paragraph: {
        elements,
        paragraphStyle: { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT', ...paragraphStyle },
        ...(closing.bullet
          ? {
              bullet: {
                listId: closing.bullet.listId,
                ...(closing.bullet.nestingLevel > 0 ? { nestingLevel: closing.bullet.nestingLevel } : {}),
                textStyle: {},
              },
            }
          : {}),
      },
    };
  }

  /**
   * Edits the table that starts at `index`: `edit` gets its units (from its start to its end) and
   * returns the new ones (none deletes the table). Refuses an index where no table starts.
   */
  editTable(index: number, edit: (units: Unit[]) => Unit[]): void {
    const start = index - this.#base;
    if (this.#units[start]?.mark !== 'table') {
      throw new InvalidRequestError(
        `The provided table start location is invalid: no table starts at index ${index}.`,
      );
    }
    const end = this.#closing(start);
    this.#units.splice(start, end - start + 1, ...edit(this.#units.slice(start, end + 1)));
  }

  /**
   * Inserts a newline and a section break (`CONTINUOUS` or `NEXT_PAGE`) at an index inside a body
   * paragraph; as Google says, never inside a table, a header, a footer or a footnote.
   */
  insertSectionBreak(index: number, sectionType: string): void {
    if (this.isSegment) {
      throw new InvalidRequestError(
        'Section breaks can only be inserted inside the body: the segment ID must be empty.',
      );
    }
    if (sectionType !== 'CONTINUOUS' && sectionType !== 'NEXT_PAGE') {
      throw new InvalidRequestError('The section type must be CONTINUOUS or NEXT_PAGE.');
    }
    const offset = this.#insertionOffset(index);
    if (this.#tableDepthAt(offset) > 0) {
      throw new InvalidRequestError('Section breaks cannot be inserted inside a table.');
    }
    const ts = this.#styleAt(offset);
    this.#units.splice(offset, 0, this.#splitNewline(offset, ts), {
      c: '',
      ts: EMPTY,
      mark: 'section',
      props: { sectionType },
    });
  }

  /** Applies `update` to the style of every section `[startIndex, endIndex)` overlaps. */
  updateSectionStyles(
    startIndex: number,
    endIndex: number,
    update: (style: Record<string, unknown>) => Record<string, unknown>,
  ): void {
    if (this.isSegment) {
      throw new InvalidRequestError('Sections are in the body only: the range’s segment ID must be empty.');
    }
    if (endIndex <= startIndex) throw new InvalidRequestError('The range should not be empty.');
    if (startIndex < 0 || endIndex > this.endIndex) {
      throw new InvalidRequestError(
        `Index ${endIndex - 1} must be less than the end index of the referenced segment, ${this.endIndex}.`,
      );
    }
    const from = startIndex - 1;
    const to = endIndex - 1;
    const breaks = [-1, ...this.#units.flatMap((unit, offset) => (unit.mark === 'section' ? [offset] : []))];
    breaks.forEach((at, k) => {
      const next = breaks[k + 1] ?? this.#units.length;
      if (!(at < to && next > from)) return;
      if (at === -1) this.#firstSection = update(this.#firstSection);
      else {
        const unit = this.#units[at]!;
        unit.props = update(unit.props ?? {});
      }
    });
  }

  /** The style of the section break at `index` (0: the first), or undefined when none is there. */
  sectionStyleAt(index: number): Record<string, unknown> | undefined {
    if (this.isSegment) return undefined;
    if (index === 0) return this.#firstSection;
    const unit = this.#units[index - 1];
    return unit?.mark === 'section' ? (unit.props ?? {}) : undefined;
  }

  /** Replaces the style of the section break at `index` (one `sectionStyleAt` found). */
  setSectionStyleAt(index: number, style: Record<string, unknown>): void {
    if (index === 0) this.#firstSection = style;
    else this.#units[index - 1]!.props = style;
  }

  /** Removes a deleted header's or footer's id from every section break that names it. */
  forgetSectionSegment(field: string, id: string): void {
    const forget = (style: Record<string, unknown>) => {
      const { [field]: named, ...rest } = style;
      return named === id ? rest : style;
    };
    this.#firstSection = forget(this.#firstSection);
    for (const unit of this.#units)
      if (unit.mark === 'section' && unit.props) unit.props = forget(unit.props);
  }

  /** The text of `[startIndex, endIndex)` (inline elements as U+FFFC), for a comment's quote. */
  textOf(startIndex: number, endIndex: number): string {
    this.#checkRange(startIndex, endIndex, true);
    return this.#units
      .slice(startIndex - this.#base, endIndex - this.#base)
      .filter((unit) => !unit.mark)
      .map((unit) => (unit.inline ? OBJECT : unit.c))
      .join('');
  }

  /** Ties `[startIndex, endIndex)` to a new comment anchor id; the anchor moves with its text. */
  anchor(startIndex: number, endIndex: number): string {
    this.#checkRange(startIndex, endIndex, true);
    const id = newKixId();
    for (let offset = startIndex - this.#base; offset < endIndex - this.#base; offset += 1) {
      const unit = this.#units[offset]!;
      unit.ranges = [...(unit.ranges ?? []), id];
    }
    return id;
  }

  /** Where an anchor's text is now (absent when all of it is gone). */
  anchorRange(id: string): { startIndex: number; endIndex: number } | undefined {
    const offsets = this.#units.flatMap((unit, offset) => (unit.ranges?.includes(id) ? [offset] : []));
    if (offsets.length === 0) return undefined;
    return { startIndex: this.#ix(offsets[0]!), endIndex: this.#ix(offsets.at(-1)!) + 1 };
  }

  /**
   * Marks `[startIndex, endIndex)` as a suggestion by `author` (suggestions come from the editor's
   * suggesting mode; the API cannot make them, so the simulator's state does, for tests). Text only.
   */
  suggest(kind: 'insertion' | 'deletion', startIndex: number, endIndex: number, author: string): string {
    this.#checkRange(startIndex, endIndex, false);
    const units = this.#units.slice(startIndex - this.#base, endIndex - this.#base);
    if (units.some((unit) => unit.mark || unit.suggested)) {
      throw new InvalidRequestError('A suggestion covers text only, outside other suggestions.');
    }
    const id = `suggest.${randomBytes(6).toString('hex')}`;
    for (const unit of units) unit.suggested = { id, kind, author };
    return id;
  }

  /** The author of a suggestion, or undefined when the document has none with this id. */
  suggestionAuthor(id: string): string | undefined {
    return this.#units.find((unit) => unit.suggested?.id === id)?.suggested?.author;
  }

  /**
   * Accepts or rejects a suggestion: an accepted insertion and a rejected deletion keep their text,
   * the others remove it.
   */
  resolveSuggestion(id: string, accept: boolean): void {
    const units = this.#units.filter((unit) => unit.suggested?.id === id);
    const remove = accept === (units[0]?.suggested?.kind === 'deletion');
    if (remove) this.#units = this.#units.filter((unit) => unit.suggested?.id !== id);
    else for (const unit of units) delete unit.suggested;
  }

  /** Every suggestion of the document: id, kind and author. */
  suggestions(): { id: string; kind: string; author: string }[] {
    const seen = new Map<string, { id: string; kind: string; author: string }>();
    for (const unit of this.#units) if (unit.suggested) seen.set(unit.suggested.id, unit.suggested);
    return [...seen.values()];
  }
}
