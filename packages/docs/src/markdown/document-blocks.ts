import type { Align, Block, Marks, Span } from './markdown-blocks.js';
import { CODE_LANGUAGE_RANGE } from './markdown-requests.js';

// Reads a Google Docs tab (`documentTab`: body, lists, inline objects, named ranges) into blocks:
// headings by named style, list items by their list's glyph at their nesting level, code by the
// shading of monospace paragraphs, rules by a bottom border or a horizontal rule element.

/** The parts of a `documentTab` (or a document without tabs) that Markdown is read from. */
export interface DocumentContent {
  body?: { content?: readonly Element[] } | undefined;
  lists?: Record<string, { listProperties?: { nestingLevels?: readonly Record<string, unknown>[] } }>;
  inlineObjects?: Record<string, InlineObject>;
  namedRanges?: Record<string, { namedRanges?: readonly { ranges?: readonly { startIndex?: number }[] }[] }>;
}

type Element = Record<string, any>;
type InlineObject = {
  inlineObjectProperties?: {
    embeddedObject?: { imageProperties?: { sourceUri?: string; contentUri?: string } };
  };
};

const MONOSPACE = /mono|courier|consolas|menlo|inconsolata|source code/i;
const HEADINGS: Record<string, string> = {
  TITLE: 'HEADING_1',
  HEADING_1: 'HEADING_1',
  HEADING_2: 'HEADING_2',
  HEADING_3: 'HEADING_3',
  HEADING_4: 'HEADING_4',
  HEADING_5: 'HEADING_5',
  HEADING_6: 'HEADING_6',
};
const ALIGN: Record<string, Align> = { START: 'left', CENTER: 'center', END: 'right' };

function marksOf(style: Record<string, any> = {}): Marks {
  const marks: Marks = {};
  if (style.bold) marks.strong = true;
  if (style.italic) marks.emphasis = true;
  if (style.strikethrough) marks.delete = true;
  if (MONOSPACE.test(style.weightedFontFamily?.fontFamily ?? '')) marks.code = true;
  const url = style.link?.url;
  if (typeof url === 'string') marks.link = url;
  return marks;
}

function spansOf(paragraph: Element, content: DocumentContent): Span[] {
  const spans: Span[] = [];
  for (const element of paragraph.elements ?? []) {
    if (element.textRun) {
      const text = String(element.textRun.content ?? '').replace(/\n$/, '');
      if (text) spans.push({ text, marks: marksOf(element.textRun.textStyle) });
    } else if (element.inlineObjectElement) {
      const object = content.inlineObjects?.[element.inlineObjectElement.inlineObjectId];
      const image = object?.inlineObjectProperties?.embeddedObject?.imageProperties;
      const uri = image?.sourceUri || image?.contentUri;
      if (uri) spans.push({ image: uri, marks: marksOf(element.inlineObjectElement.textStyle) });
    } else if (element.richLink) {
      const { title, uri } = element.richLink.richLinkProperties ?? {};
      spans.push({ text: title ?? uri ?? '', marks: { link: uri } });
    } else if (element.person) {
      const { name, email } = element.person.personProperties ?? {};
      spans.push({ text: name ?? email ?? '', marks: email ? { link: `mailto:${email}` } : {} });
    } else if (element.dateElement) {
      spans.push({ text: element.dateElement.dateElementProperties?.displayText ?? '', marks: {} });
    }
  }
  return spans;
}

function listKind(content: DocumentContent, bullet: Element): 'bullet' | 'ordered' | 'task' {
  const level = content.lists?.[bullet.listId]?.listProperties?.nestingLevels?.[bullet.nestingLevel ?? 0];
  if (level?.glyphSymbol === '☐') return 'task';
  const type = level?.glyphType;
  return typeof type === 'string' && type !== 'NONE' && type !== 'GLYPH_TYPE_UNSPECIFIED'
    ? 'ordered'
    : 'bullet';
}

/** The language of the code block starting at `start`, kept in a named range when it was written. */
function codeLanguage(content: DocumentContent, start: number): string | undefined {
  for (const [name, group] of Object.entries(content.namedRanges ?? {})) {
    if (!name.startsWith(CODE_LANGUAGE_RANGE)) continue;
    const found = group.namedRanges?.some((named) =>
      named.ranges?.some((range) => (range.startIndex ?? 0) === start),
    );
    if (found) return name.slice(CODE_LANGUAGE_RANGE.length);
  }
  return undefined;
}

function paragraphBlock(element: Element, content: DocumentContent, blocks: Block[]): void {
  const paragraph = element.paragraph;
  const style = paragraph.paragraphStyle ?? {};
  const raw = (paragraph.elements ?? []).map((part: Element) => part.textRun?.content ?? '').join('');
  const text = raw.replace(/\n$/, '');
  if ((paragraph.elements ?? []).some((part: Element) => part.horizontalRule)) {
    blocks.push({ kind: 'rule' });
    return;
  }
  if (style.shading?.backgroundColor?.color && !paragraph.bullet) {
    const last = blocks.at(-1);
    const line = text.replaceAll('\u000b', '\n');
    const lang = codeLanguage(content, element.startIndex ?? 0);
    if (last?.kind === 'code' && lang === undefined) last.lines.push(line);
    else blocks.push({ kind: 'code', lines: [line], lang });
    return;
  }
  const spans = spansOf(paragraph, content);
  if (spans.length === 0) {
    if (style.borderBottom?.width?.magnitude > 0) blocks.push({ kind: 'rule' });
    return;
  }
  if (paragraph.bullet) {
    const level = paragraph.bullet.nestingLevel ?? 0;
    blocks.push({ kind: 'item', list: listKind(content, paragraph.bullet), level, spans });
    return;
  }
  blocks.push({ kind: 'paragraph', style: HEADINGS[style.namedStyleType] ?? 'NORMAL_TEXT', spans });
}

function tableBlock(table: Element, content: DocumentContent): Block {
  const rows: Span[][][] = (table.tableRows ?? []).map((row: Element) =>
    (row.tableCells ?? []).map((cell: Element) =>
      (cell.content ?? [])
        .filter((part: Element) => part.paragraph)
        .flatMap((part: Element, index: number) => [
          ...(index > 0 ? [{ text: ' ', marks: {} }] : []),
          ...spansOf(part.paragraph, content),
        ]),
    ),
  );
  const header = table.tableRows?.[0]?.tableCells ?? [];
  const align = header.map(
    (cell: Element) => ALIGN[cell.content?.[0]?.paragraph?.paragraphStyle?.alignment] ?? null,
  );
  return { kind: 'table', align, rows };
}

/** The blocks of a tab's body, in reading order; a table of contents and section breaks are left out. */
export function documentBlocks(content: DocumentContent): Block[] {
  const blocks: Block[] = [];
  for (const element of content.body?.content ?? []) {
    if (element.paragraph) paragraphBlock(element, content, blocks);
    else if (element.table) blocks.push(tableBlock(element.table, content));
  }
  return blocks;
}
