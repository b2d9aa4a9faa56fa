import type { Heading, List, ListItem, Root, RootContent, TableRow } from 'mdast';
import { type DocumentContent, documentBlocks } from './document-blocks.js';
import type { Block } from './markdown-blocks.js';
import { inlineNodes } from './markdown-inline.js';
import { stringifyMarkdown } from './markdown-syntax.js';

type Item = Extract<Block, { kind: 'item' }>;

function newList(item: Item): List {
  return {
    type: 'list',
    ordered: item.list === 'ordered',
    ...(item.list === 'ordered' ? { start: 1 } : {}),
    spread: false,
    children: [],
  };
}

function listItem(item: Item): ListItem {
  return {
    type: 'listItem',
    spread: false,
    ...(item.list === 'task' ? { checked: false } : {}),
    children: [{ type: 'paragraph', children: inlineNodes(item.spans) }],
  };
}

/**
 * Nests consecutive list items by level: an item one level deeper opens a list inside the item
 * before it; a change of kind at the same level starts a new list there.
 */
function listsOf(items: readonly Item[]): List[] {
  const top: List[] = [];
  const stack: List[] = [];
  for (const item of items) {
    const level = Math.min(item.level, stack.length);
    stack.length = Math.min(stack.length, level + 1);
    let list = stack[level];
    const kind = item.list === 'ordered';
    const sameKind =
      list && list.ordered === kind && (item.list === 'task') === (list.children[0]?.checked === false);
    if (!list || !sameKind) {
      list = newList(item);
      stack.length = level;
      const parent = stack[level - 1]?.children.at(-1);
      if (parent) parent.children.push(list);
      else top.push(list);
      stack.push(list);
    }
    list.children.push(listItem(item));
  }
  return top;
}

function blockNode(block: Exclude<Block, Item>): RootContent {
  switch (block.kind) {
    case 'paragraph': {
      const children = inlineNodes(block.spans);
      if (block.style === 'NORMAL_TEXT') return { type: 'paragraph', children };
      const depth = Number(block.style.slice('HEADING_'.length)) as Heading['depth'];
      return { type: 'heading', depth, children };
    }
    case 'code':
      return { type: 'code', lang: block.lang ?? null, value: block.lines.join('\n') };
    case 'rule':
      return { type: 'thematicBreak' };
    case 'table':
      return {
        type: 'table',
        align: block.align,
        children: block.rows.map(
          (row): TableRow => ({
            type: 'tableRow',
            children: row.map((cell) => ({ type: 'tableCell', children: inlineNodes(cell) })),
          }),
        ),
      };
  }
}

/** mdast of blocks read from a document. */
export function blocksToMdast(blocks: readonly Block[]): Root {
  const children: RootContent[] = [];
  let items: Item[] = [];
  const flush = () => {
    children.push(...listsOf(items));
    items = [];
  };
  for (const block of blocks) {
    if (block.kind === 'item') {
      items.push(block);
      continue;
    }
    flush();
    children.push(blockNode(block));
  }
  flush();
  return { type: 'root', children };
}

/** A Google Docs tab's content as Markdown (see `documentBlocks` for what is read). */
export function documentMarkdown(content: DocumentContent): string {
  return stringifyMarkdown(blocksToMdast(documentBlocks(content)));
}
