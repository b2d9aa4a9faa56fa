import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { type Options as ToMarkdownOptions, toMarkdown } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';

/**
 * How Markdown is written back: `-` bullets, `_emphasis_`, `**strong**`, `---` rules, fenced code.
 * One fixed style, so that a document read back as Markdown compares equal to what was written in it.
 */
const WRITE_OPTIONS: ToMarkdownOptions = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  rule: '-',
  fences: true,
  listItemIndent: 'one',
  incrementListMarker: true,
  extensions: [gfmToMarkdown()],
};

/** Parses Markdown (CommonMark with GitHub's tables, strikethrough, task lists and autolinks) into mdast. */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** Writes mdast as Markdown in the package's one style (see `WRITE_OPTIONS`). */
export function stringifyMarkdown(root: Root): string {
  return toMarkdown(root, WRITE_OPTIONS);
}

/** Markdown rewritten in the package's style: what a round trip through a document gives back. */
export function canonicalMarkdown(markdown: string): string {
  return stringifyMarkdown(parseMarkdown(markdown));
}
