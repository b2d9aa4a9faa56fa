import type { DocsRequest } from '../docs-requests.js';
import type { Align, Block, Marks, Span } from './markdown-blocks.js';

// Turns blocks into Docs batchUpdate requests that write them, in order, at the start of an empty
// paragraph (`at`): each block's text goes in first, then its styles, bullets and images, and `at`
// moves past it. Every request sees the document as the ones before it left it, as batchUpdate
// applies them, so the indexes are worked out here as the writing goes.

/** The monospace font code is written in (Google's own code font). */
export const CODE_FONT = 'Roboto Mono';
/** The shading of a code block's paragraphs: what marks them as code when the document is read back. */
export const CODE_SHADING = {
  backgroundColor: { color: { rgbColor: { red: 0.95, green: 0.95, blue: 0.95 } } },
};
/** The bottom border of the empty paragraph that stands for a horizontal rule (Docs has no request that inserts one). */
export const RULE_BORDER = {
  color: { color: { rgbColor: { red: 0.6, green: 0.6, blue: 0.6 } } },
  width: { magnitude: 1, unit: 'PT' },
  padding: { magnitude: 1, unit: 'PT' },
  dashStyle: 'SOLID',
};
/** Named ranges that keep a code block's language (Docs has no field for it). */
export const CODE_LANGUAGE_RANGE = 'markdown.code.';

const LIST_PRESETS = {
  bullet: 'BULLET_DISC_CIRCLE_SQUARE',
  ordered: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
  task: 'BULLET_CHECKBOX',
} as const;

const ALIGNMENT: Record<Exclude<Align, null>, string> = { left: 'START', center: 'CENTER', right: 'END' };

/** Paragraph style fields a written block sets or clears. */
export const PARAGRAPH_FIELDS = 'namedStyleType,alignment,indentStart,indentFirstLine,shading,borderBottom';
/** Text style fields a written block sets or clears. */
export const TEXT_FIELDS =
  'bold,italic,underline,strikethrough,link,weightedFontFamily,baselineOffset,smallCaps';

class Writer {
  readonly requests: DocsRequest[] = [];
  constructor(
    public at: number,
    private readonly tabId: string | undefined,
  ) {}

  location(index: number) {
    return { index, ...(this.tabId ? { tabId: this.tabId } : {}) };
  }

  range(startIndex: number, endIndex: number) {
    return { startIndex, endIndex, ...(this.tabId ? { tabId: this.tabId } : {}) };
  }

  insert(index: number, text: string): void {
    this.requests.push({ insertText: { location: this.location(index), text } });
  }

  paragraphStyle(start: number, end: number, style: Record<string, unknown>, fields: string): void {
    this.requests.push({
      updateParagraphStyle: { range: this.range(start, end), paragraphStyle: style, fields },
    });
  }

  textStyle(start: number, end: number, style: Record<string, unknown>, fields: string): void {
    this.requests.push({ updateTextStyle: { range: this.range(start, end), textStyle: style, fields } });
  }
}

function textStyleOf(marks: Marks): { style: Record<string, unknown>; fields: string[] } {
  const style: Record<string, unknown> = {};
  if (marks.strong) style.bold = true;
  if (marks.emphasis) style.italic = true;
  if (marks.delete) style.strikethrough = true;
  if (marks.code) style.weightedFontFamily = { fontFamily: CODE_FONT };
  if (marks.link !== undefined) style.link = { url: marks.link };
  return { style, fields: Object.keys(style) };
}

function spanText(span: Span): string {
  return 'text' in span ? span.text : '';
}

/**
 * Styles and images of spans whose text (images left out) was just inserted at `start`; returns how
 * many indexes the images took.
 */
function styleSpans(writer: Writer, start: number, spans: readonly Span[]): number {
  let offset = start;
  for (const span of spans) {
    const length = spanText(span).length;
    const { style, fields } = textStyleOf(span.marks);
    if (length > 0 && fields.length > 0) writer.textStyle(offset, offset + length, style, fields.join(','));
    offset += length;
  }
  // Images from left to right, each after the text before it and the images already placed.
  let at = start;
  let images = 0;
  for (const span of spans) {
    if ('image' in span) {
      writer.requests.push({ insertInlineImage: { uri: span.image, location: writer.location(at) } });
      at += 1;
      images += 1;
    } else at += span.text.length;
  }
  return images;
}

function writeParagraph(writer: Writer, style: string, spans: readonly Span[]): void {
  const text = spans.map(spanText).join('');
  const start = writer.at;
  writer.insert(start, `${text}\n`);
  if (style !== 'NORMAL_TEXT')
    writer.paragraphStyle(start, start + 1, { namedStyleType: style }, 'namedStyleType');
  const images = styleSpans(writer, start, spans);
  writer.at = start + text.length + 1 + images;
}

function writeItem(writer: Writer, block: Extract<Block, { kind: 'item' }>): void {
  const text = spans(block.spans);
  const start = writer.at;
  // Leading tabs give the nesting level; createParagraphBullets takes them out again.
  writer.insert(start, `${'\t'.repeat(block.level)}${text}\n`);
  styleSpans(writer, start + block.level, block.spans);
  writer.requests.push({
    createParagraphBullets: {
      range: writer.range(start, start + 1),
      bulletPreset: LIST_PRESETS[block.list],
    },
  });
  const images = block.spans.filter((span) => 'image' in span).length;
  writer.at = start + text.length + 1 + images;
}

function spans(list: readonly Span[]): string {
  return list.map(spanText).join('');
}

function writeCode(writer: Writer, block: Extract<Block, { kind: 'code' }>): void {
  const text = block.lines.join('\n');
  const start = writer.at;
  writer.insert(start, `${text}\n`);
  const end = start + text.length + 1;
  writer.paragraphStyle(start, end, { shading: CODE_SHADING }, 'shading');
  if (text.length > 0)
    writer.textStyle(
      start,
      start + text.length,
      { weightedFontFamily: { fontFamily: CODE_FONT } },
      'weightedFontFamily',
    );
  if (block.lang) {
    writer.requests.push({
      createNamedRange: { name: `${CODE_LANGUAGE_RANGE}${block.lang}`, range: writer.range(start, end) },
    });
  }
  writer.at = end;
}

function writeRule(writer: Writer): void {
  const start = writer.at;
  writer.insert(start, '\n');
  writer.paragraphStyle(start, start + 1, { borderBottom: RULE_BORDER }, 'borderBottom');
  writer.at = start + 1;
}

/**
 * A table: `insertTable` puts a newline first (the table starts one index later), then the table,
 * each row and each cell take one index and every cell holds an empty paragraph. Cells are filled
 * from the last to the first, so that the indexes of the ones still to fill do not move.
 */
function writeTable(writer: Writer, block: Extract<Block, { kind: 'table' }>): void {
  const rows = block.rows.length;
  const columns = Math.max(1, ...block.rows.map((row) => row.length));
  const tableStart = writer.at + 1;
  writer.requests.push({ insertTable: { rows, columns, location: writer.location(writer.at) } });
  const rowSize = 1 + 2 * columns;
  let added = 0;
  for (let row = rows - 1; row >= 0; row -= 1) {
    for (let column = columns - 1; column >= 0; column -= 1) {
      const cell = block.rows[row]?.[column] ?? [];
      const start = tableStart + 3 + row * rowSize + 2 * column;
      const text = spans(cell);
      if (text.length > 0) writer.insert(start, text);
      added += text.length + styleSpans(writer, start, cell);
      const align = block.align[column];
      if (align) writer.paragraphStyle(start, start + 1, { alignment: ALIGNMENT[align] }, 'alignment');
    }
  }
  writer.at = tableStart + 2 + rows * rowSize + added;
}

/**
 * The requests that write `blocks` at `at`, the start of an empty paragraph with no style of its own
 * (the paragraphs written take its style, then their own), in the tab `tabId` (the first when
 * undefined). Returns them with the index just after the last block written.
 */
export function blockRequests(
  blocks: readonly Block[],
  at: number,
  tabId?: string,
): { requests: DocsRequest[]; end: number } {
  const writer = new Writer(at, tabId);
  for (const block of blocks) {
    if (block.kind === 'paragraph') writeParagraph(writer, block.style, block.spans);
    else if (block.kind === 'item') writeItem(writer, block);
    else if (block.kind === 'code') writeCode(writer, block);
    else if (block.kind === 'rule') writeRule(writer);
    else writeTable(writer, block);
  }
  return { requests: writer.requests, end: writer.at };
}

/**
 * Requests that make the empty paragraph at `at` a plain one (normal text, no list, no shading,
 * border or indent, no text style), so that the paragraphs written there start plain.
 */
export function plainParagraphRequests(at: number, tabId?: string): DocsRequest[] {
  const writer = new Writer(at, tabId);
  writer.paragraphStyle(at, at + 1, { namedStyleType: 'NORMAL_TEXT' }, PARAGRAPH_FIELDS);
  writer.requests.push({ deleteParagraphBullets: { range: writer.range(at, at + 1) } });
  writer.textStyle(at, at + 1, {}, TEXT_FIELDS);
  return writer.requests;
}
