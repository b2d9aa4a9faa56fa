import { NotFoundError } from '@c/core';
import type { DocsRequest } from '../docs-requests.js';

// Where Write Markdown puts its blocks: an empty paragraph at the end (append), the whole tab
// emptied (replace), or a section emptied (replaceSection), found from the tab's body as read.

type Element = Record<string, any>;

/** Where to write: the requests that open an empty paragraph there, and its index. */
export interface Placement {
  requests: DocsRequest[];
  at: number;
}

function paragraphText(element: Element): string {
  return (element.paragraph?.elements ?? []).map((part: Element) => part.textRun?.content ?? '').join('');
}

/** A heading's level: 0 for a title, 1 to 6 for headings, undefined for any other paragraph. */
function headingLevel(element: Element): number | undefined {
  const type = element.paragraph?.paragraphStyle?.namedStyleType;
  if (type === 'TITLE') return 0;
  const level = /^HEADING_(\d)$/.exec(type ?? '')?.[1];
  return level ? Number(level) : undefined;
}

function where(tabId: string | undefined) {
  return tabId ? { tabId } : {};
}

function range(startIndex: number, endIndex: number, tabId: string | undefined) {
  return { range: { startIndex, endIndex, ...where(tabId) } };
}

/** After the body's last paragraph: that paragraph when it is empty, else a new one after it. */
export function appendPlacement(content: readonly Element[], tabId?: string): Placement {
  const last = content.at(-1) ?? {};
  const end: number = last.endIndex ?? 2;
  if (last.paragraph && paragraphText(last) === '\n' && (last.startIndex ?? 1) >= 1) {
    return { requests: [], at: end - 1 };
  }
  return {
    requests: [{ insertText: { location: { index: end - 1, ...where(tabId) }, text: '\n' } }],
    at: end,
  };
}

/** The whole tab emptied: everything but the final newline deleted. */
export function replacePlacement(content: readonly Element[], tabId?: string): Placement {
  const end: number = content.at(-1)?.endIndex ?? 2;
  return {
    requests: end - 1 > 1 ? [{ deleteContentRange: range(1, end - 1, tabId) }] : [],
    at: 1,
  };
}

/** What a heading to look for matches: its text, spaces and case aside, and any leading `#`s. */
function sameHeading(text: string, wanted: string): boolean {
  const plain = (value: string) =>
    value
      .replace(/^#+\s*/, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return plain(text) === plain(wanted);
}

/**
 * The section under a heading emptied: from after the heading to the next heading of the same or a
 * higher level (or the end of the tab), and an empty paragraph opened there.
 */
export function sectionPlacement(content: readonly Element[], heading: string, tabId?: string): Placement {
  const index = content.findIndex(
    (element) => headingLevel(element) !== undefined && sameHeading(paragraphText(element), heading),
  );
  if (index < 0) {
    const headings = content.filter((element) => headingLevel(element) !== undefined);
    const names = headings.map((element) => `"${paragraphText(element).trim()}"`).join(', ');
    throw new NotFoundError(
      `The tab has no heading "${heading}"${names ? `; its headings are ${names}` : ' (it has no headings)'}.`,
    );
  }
  const level = headingLevel(content[index]!)!;
  const start: number = content[index]!.endIndex;
  const next = content.slice(index + 1).find((element) => {
    const other = headingLevel(element);
    return other !== undefined && other <= level;
  });
  const end: number = content.at(-1)?.endIndex ?? start;
  if (next) {
    const stop: number = next.startIndex;
    return {
      requests: [
        ...(stop > start ? [{ deleteContentRange: range(start, stop, tabId) }] : []),
        { insertText: { location: { index: start, ...where(tabId) }, text: '\n' } },
      ],
      at: start,
    };
  }
  if (start >= end) {
    return {
      requests: [{ insertText: { location: { index: end - 1, ...where(tabId) }, text: '\n' } }],
      at: end,
    };
  }
  return {
    requests: end - 1 > start ? [{ deleteContentRange: range(start, end - 1, tabId) }] : [],
    at: start,
  };
}
