import type { PhrasingContent } from 'mdast';
import { LINE_BREAK, type Marks, type Span } from './markdown-blocks.js';

// Rebuilds Markdown's nesting of emphasis, strong, strikethrough and links from a paragraph's flat
// runs of styled text: a mark that goes on for longer opens first (it is the outer one), and a mark
// that stops closes the ones opened inside it, which open again if they go on.

type Wrapper = 'link' | 'strong' | 'emphasis' | 'delete';
const WRAPPERS: readonly Wrapper[] = ['link', 'strong', 'emphasis', 'delete'];

interface Frame {
  wrapper: Wrapper;
  url: string | undefined;
  children: PhrasingContent[];
}

function has(marks: Marks, wrapper: Wrapper, url: string | undefined): boolean {
  return wrapper === 'link' ? marks.link !== undefined && marks.link === url : marks[wrapper] === true;
}

/** How many spans from `index` on carry the wrapper (a link: to the same address). */
function extent(spans: readonly Span[], index: number, wrapper: Wrapper): number {
  const url = spans[index]?.marks.link;
  let count = 0;
  while (index + count < spans.length && has(spans[index + count]!.marks, wrapper, url)) count += 1;
  return count;
}

function close(stack: Frame[]): void {
  const frame = stack.pop()!;
  const parent = stack.at(-1)!;
  const node =
    frame.wrapper === 'link'
      ? ({ type: 'link', url: frame.url ?? '', children: frame.children } as PhrasingContent)
      : ({ type: frame.wrapper, children: frame.children } as PhrasingContent);
  parent.children.push(node);
}

function leaf(span: Span): PhrasingContent {
  if ('image' in span) return { type: 'image', url: span.image, alt: '' };
  const value = span.text.replaceAll(LINE_BREAK, '\n');
  return span.marks.code ? { type: 'inlineCode', value } : { type: 'text', value };
}

function append(children: PhrasingContent[], node: PhrasingContent): void {
  const last = children.at(-1);
  if (last?.type === 'text' && node.type === 'text') last.value += node.value;
  else children.push(node);
}

/** The mdast phrasing content of a paragraph's spans. */
export function inlineNodes(spans: readonly Span[]): PhrasingContent[] {
  const root: Frame = { wrapper: 'link', url: undefined, children: [] };
  const stack: Frame[] = [root];
  spans.forEach((span, index) => {
    if ('text' in span && span.text === '') return;
    // Close from the first open wrapper this span does not carry.
    const stop = stack.findIndex((frame, depth) => depth > 0 && !has(span.marks, frame.wrapper, frame.url));
    if (stop > 0) while (stack.length > stop) close(stack);
    const open = WRAPPERS.filter(
      (wrapper) =>
        has(span.marks, wrapper, span.marks.link) &&
        !stack.some((frame, depth) => depth > 0 && frame.wrapper === wrapper),
    ).sort((a, b) => extent(spans, index, b) - extent(spans, index, a));
    for (const wrapper of open) {
      stack.push({ wrapper, url: wrapper === 'link' ? span.marks.link : undefined, children: [] });
    }
    append(stack.at(-1)!.children, leaf(span));
  });
  while (stack.length > 1) close(stack);
  return root.children;
}
