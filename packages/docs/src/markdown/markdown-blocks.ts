import type { List, PhrasingContent, RootContent, Table } from 'mdast';
import { parseMarkdown } from './markdown-syntax.js';

/** Text styles a span of a Google Doc carries, as Markdown names them. */
export interface Marks {
  strong?: true;
  emphasis?: true;
  delete?: true;
  code?: true;
  /** The link's address. */
  link?: string;
}

/** A piece of a paragraph: text with its marks, or an inline image. */
export type Span = { text: string; marks: Marks } | { image: string; marks: Marks };

/** Cell alignment of a table column, as GitHub's tables declare it. */
export type Align = 'left' | 'center' | 'right' | null;

/** One paragraph, list item, code block, rule or table of a document, in reading order. */
export type Block =
  | { kind: 'paragraph'; style: string; spans: Span[] }
  | { kind: 'item'; list: 'bullet' | 'ordered' | 'task'; level: number; spans: Span[] }
  | { kind: 'code'; lines: string[]; lang: string | undefined }
  | { kind: 'rule' }
  | { kind: 'table'; align: Align[]; rows: Span[][][] };

/** Google Docs keeps a soft line break inside a paragraph as a vertical tab. */
export const LINE_BREAK = '\u000b';

function spansOf(nodes: readonly PhrasingContent[], marks: Marks = {}): Span[] {
  return nodes.flatMap((node): Span[] => {
    switch (node.type) {
      case 'text':
        return [{ text: node.value.replace(/\n/g, LINE_BREAK), marks }];
      case 'break':
        return [{ text: LINE_BREAK, marks }];
      case 'inlineCode':
        return [{ text: node.value, marks: { ...marks, code: true } }];
      case 'strong':
        return spansOf(node.children, { ...marks, strong: true });
      case 'emphasis':
        return spansOf(node.children, { ...marks, emphasis: true });
      case 'delete':
        return spansOf(node.children, { ...marks, delete: true });
      case 'link':
        return spansOf(node.children, { ...marks, link: node.url });
      case 'image':
        return [{ image: node.url, marks }];
      case 'html':
        return [{ text: node.value, marks }];
      default:
        return 'children' in node ? spansOf(node.children as PhrasingContent[], marks) : [];
    }
  });
}

function listBlocks(list: List, level: number): Block[] {
  return list.children.flatMap((item) => {
    const kind = typeof item.checked === 'boolean' ? 'task' : list.ordered ? 'ordered' : 'bullet';
    const blocks: Block[] = [];
    let first = true;
    for (const child of item.children) {
      if (child.type === 'paragraph' && first) {
        blocks.push({ kind: 'item', list: kind, level, spans: spansOf(child.children) });
        first = false;
      } else if (child.type === 'list') {
        if (first) blocks.push({ kind: 'item', list: kind, level, spans: [] });
        first = false;
        blocks.push(...listBlocks(child, level + 1));
      } else {
        // A list item's second paragraph or code block follows it, out of the list.
        blocks.push(...blocksOf([child]));
      }
    }
    if (first) blocks.push({ kind: 'item', list: kind, level, spans: [] });
    return blocks;
  });
}

function tableBlock(table: Table): Block {
  return {
    kind: 'table',
    align: (table.align ?? []).map((align) => align ?? null),
    rows: table.children.map((row) => row.children.map((cell) => spansOf(cell.children))),
  };
}

/** The blocks of mdast content; quotes and HTML blocks become plain paragraphs of their text. */
function blocksOf(nodes: readonly RootContent[]): Block[] {
  return nodes.flatMap((node): Block[] => {
    switch (node.type) {
      case 'heading':
        return [{ kind: 'paragraph', style: `HEADING_${node.depth}`, spans: spansOf(node.children) }];
      case 'paragraph':
        return [{ kind: 'paragraph', style: 'NORMAL_TEXT', spans: spansOf(node.children) }];
      case 'list':
        return listBlocks(node, 0);
      case 'code':
        return [{ kind: 'code', lines: node.value.split('\n'), lang: node.lang ?? undefined }];
      case 'thematicBreak':
        return [{ kind: 'rule' }];
      case 'table':
        return [tableBlock(node)];
      case 'blockquote':
        return blocksOf(node.children);
      case 'html':
        return [{ kind: 'paragraph', style: 'NORMAL_TEXT', spans: [{ text: node.value, marks: {} }] }];
      default:
        return 'children' in node ? blocksOf(node.children as RootContent[]) : [];
    }
  });
}

/** Reads Markdown into the blocks a Google Doc is written from. */
export function markdownBlocks(markdown: string): Block[] {
  return blocksOf(parseMarkdown(markdown).children);
}
