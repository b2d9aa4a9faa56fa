import type { Root } from 'mdast';
import type { fromMarkdown } from 'mdast-util-from-markdown';
import type { gfmFromMarkdown } from 'mdast-util-gfm';
import type { Options as ToMarkdownOptions, toMarkdown } from 'mdast-util-to-markdown';
import type { gfm } from 'micromark-extension-gfm';

/** The Markdown libraries, once loaded, with the write options built from them. */
interface Syntax {
  fromMarkdown: typeof fromMarkdown;
  gfm: typeof gfm;
  gfmFromMarkdown: typeof gfmFromMarkdown;
  toMarkdown: typeof toMarkdown;
  writeOptions: ToMarkdownOptions;
}

let syntax: Syntax | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the Markdown libraries (mdast and micromark, a few hundred modules' worth of code) the first
 * time a command needs them, rather than when the package is imported: a process that never reads or
 * writes Markdown (a host running other connectors beside this one, a program that only lists files)
 * never loads them. With them loaded at import, a Linear create in the same process cost 15–25 µs more
 * for its first few thousand calls (bench/README.md, "2026-12-03"). Undefined once they are loaded,
 * so a caller can skip the await; a failed load is tried again on the next call.
 */
export function markdownSyntaxReady(): Promise<void> | undefined {
  if (syntax) return undefined;
  loading ??= Promise.all([
    import('mdast-util-from-markdown'),
    import('mdast-util-gfm'),
    import('mdast-util-to-markdown'),
    import('micromark-extension-gfm'),
  ]).then(
    ([from, gfmMdast, to, gfmSyntax]) => {
      syntax = {
        fromMarkdown: from.fromMarkdown,
        gfm: gfmSyntax.gfm,
        gfmFromMarkdown: gfmMdast.gfmFromMarkdown,
        toMarkdown: to.toMarkdown,
        // How Markdown is written back: `-` bullets, `_emphasis_`, `**strong**`, `---` rules, fenced
        // code. One fixed style, so that a document read back as Markdown compares equal to what was
        // written in it.
        writeOptions: {
          bullet: '-',
          emphasis: '_',
          strong: '*',
          rule: '-',
          fences: true,
          listItemIndent: 'one',
          incrementListMarker: true,
          extensions: [gfmMdast.gfmToMarkdown()],
        },
      };
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function loaded(): Syntax {
  if (!syntax) throw new Error('Markdown used before markdownSyntaxReady() resolved');
  return syntax;
}

/** Parses Markdown (CommonMark with GitHub's tables, strikethrough, task lists and autolinks) into mdast. */
export function parseMarkdown(markdown: string): Root {
  const { fromMarkdown, gfm, gfmFromMarkdown } = loaded();
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** Writes mdast as Markdown in the package's one style. */
export function stringifyMarkdown(root: Root): string {
  const { toMarkdown, writeOptions } = loaded();
  return toMarkdown(root, writeOptions);
}

/** Markdown rewritten in the package's style: what a round trip through a document gives back. */
export function canonicalMarkdown(markdown: string): string {
  return stringifyMarkdown(parseMarkdown(markdown));
}
