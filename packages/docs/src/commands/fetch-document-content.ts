import { defineCommand, NotFoundError, ValidationError } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentReferenceParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { type DocsDocument, type DocsTab, documentSchema } from '../docs-schemas.js';

/** Every tab, depth first: each tab, then its child tabs, then the next tab. */
function allTabs(tabs: readonly DocsTab[]): DocsTab[] {
  return tabs.flatMap((tab) => [tab, ...allTabs(tab.childTabs ?? [])]);
}

/** Fetch Document Content: `GET {baseUrl}/v1/documents/{id}?includeTabsContent=true`. */
export const fetchDocumentContent = defineCommand({
  key: 'fetchDocumentContent',
  title: 'Fetch Document Content',
  description:
    'Reads a Google Docs document: its title, its tabs, and the full content of one tab. The content comes back as body: paragraphs with their text and styles, tables, and where each element starts and ends (startIndex and endIndex), the positions Update Document Content places edits at. Pass the document’s link as copied from the browser, or its id. The first tab’s content comes back unless you pick another tab; every tab, with its content, is listed under tabs either way. The connected account needs at least view access to the document.',
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
    const { id, tabId: addressTab } = input.documentId;
    if (input.tabId !== undefined && addressTab !== undefined && input.tabId !== addressTab) {
      throw new ValidationError(
        `Invalid parameter "tabId": ${input.tabId} is not the tab the document address points at (${addressTab}); give one of the two`,
        { parameter: 'tabId' },
      );
    }
    const wanted = input.tabId ?? addressTab;
    const { data } = await ctx.http.request<DocsDocument>({
      method: 'GET',
      api: 'docs',
      path: `/v1/documents/${id}`,
      query: { includeTabsContent: true },
      responseType: 'json',
      signal,
    });
    const tabs = allTabs(data.tabs ?? []);
    const tab = wanted === undefined ? tabs[0] : tabs.find((each) => each.tabProperties.tabId === wanted);
    if (wanted !== undefined && !tab) {
      const known = tabs.map((each) => `${each.tabProperties.tabId} (${each.tabProperties.title ?? ''})`);
      throw new NotFoundError(
        `The document has no tab ${wanted}${known.length > 0 ? `; its tabs are ${known.join(', ')}` : ''}.`,
      );
    }
    return tab?.documentTab?.body ? { ...data, body: tab.documentTab.body } : data;
  },
});
