import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentReferenceParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { type DocsDocument, documentSchema } from '../docs-schemas.js';
import { readDocumentTab, wantedTab } from '../docs-tab-reader.js';
import { type DocumentContent, documentMarkdown, markdownSyntaxReady } from '../markdown/index.js';

/** Fetch Document Content: `GET {baseUrl}/v1/documents/{id}?includeTabsContent=true`. */
export const fetchDocumentContent = defineCommand({
  key: 'fetchDocumentContent',
  title: 'Fetch Document Content',
  description:
    'Reads a Google Docs document: its title, its tabs, and the full content of one tab, also as Markdown text. The content comes back as body: paragraphs with their text and styles, tables, and where each element starts and ends (startIndex and endIndex), the positions Update Document Content places edits at. Pass the document’s link as copied from the browser, or its id. The first tab’s content comes back unless you pick another tab; every tab, with its content, is listed under tabs either way. The connected account needs at least view access to the document.',
  input: (z) =>
    z.object({
      documentId: documentReferenceParameter(z),
      tabId: tabIdParameter(
        z,
        'The tab to read, when the document has several: its id, e.g. t.0 for the first tab or t.4n8wq2k0x1zb, as shown at the end of the tab’s link (…/edit?tab=t.4n8wq2k0x1zb) and in tabs. Leave it empty for the first tab, or for the tab the link points at.',
      ),
    }),
  output: documentSchema,
  lookups: { documentId: documentLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsDocument> {
    const wanted = wantedTab(input.documentId, input.tabId);
    const { document, tab } = await readDocumentTab(ctx, input.documentId.id, wanted, signal);
    const content = (tab?.documentTab ?? document) as DocumentContent;
    const result: DocsDocument = tab?.documentTab?.body
      ? { ...document, body: tab.documentTab.body }
      : { ...document };
    // The result renders its Markdown on first read, synchronously: the libraries must be in by then.
    const ready = markdownSyntaxReady();
    if (ready) await ready;
    return withMarkdown(result, content);
  },
});

/** Where a result keeps what its `markdown` is rendered from, and the rendering once read or set. */
const rendering = Symbol('markdown');

interface Rendering {
  content: DocumentContent;
  markdown: string | undefined;
}

type WithRendering = DocsDocument & { [rendering]: Rendering };

/**
 * One accessor pair for every result. V8 keeps an object's accessors in its hidden class, so a
 * getter and setter made per call gave every result a hidden class of its own, reachable from the
 * shared one's transitions until the next full collection: each fetched document then outlived
 * hundreds of later calls, and the garbage collector copying them cost as much as the call itself.
 */
const markdownProperty: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: WithRendering): string {
    const state = this[rendering];
    state.markdown ??= documentMarkdown(state.content);
    return state.markdown;
  },
  set(this: WithRendering, value: string) {
    this[rendering].markdown = value;
  },
};

/**
 * Gives the result its `markdown`, rendered on first read: an enumerable property, so JSON, spreads,
 * `structuredClone` and the host's views see it like any other field, while a program that reads only
 * `body` does not pay for the rendering (most of a fetch's CPU for a long document). Assigning it
 * replaces the rendering with the value given. What it is rendered from sits under a symbol that is
 * not enumerable, so no copy or serialisation carries it.
 */
function withMarkdown(result: DocsDocument, content: DocumentContent): DocsDocument {
  Object.defineProperty(result, rendering, {
    value: { content, markdown: undefined } satisfies Rendering,
    enumerable: false,
    writable: false,
    configurable: true,
  });
  return Object.defineProperty(result, 'markdown', markdownProperty);
}
