import { defineCommand, NotFoundError, ValidationError } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentReferenceParameter, tabIdParameter } from '../docs-document-id.js';
import type { DocsDocument, DocsTab } from '../docs-types.js';

/** Every tab, depth first: each tab, then its child tabs, then the next tab. */
function allTabs(tabs: readonly DocsTab[]): DocsTab[] {
  return tabs.flatMap((tab) => [tab, ...allTabs(tab.childTabs ?? [])]);
}

/** Fetch Document Content: `GET {baseUrl}/v1/documents/{id}?includeTabsContent=true`. */
export const fetchDocumentContent = defineCommand({
  key: 'fetchDocumentContent',
  title: 'Fetch Document Content',
  description:
    'Reads a Google Docs document: its title, revisionId, every tab (tabs, with tabProperties {tabId, title, index}, documentTab.body and nested childTabs) and body, the structured body of the first tab or of the tab asked for (body.content: a section break, then paragraphs of text runs and tables, each with startIndex and endIndex counted in UTF-16 code units, every tab counting from 1). The connected account needs view access to the document.',
  input: (z) =>
    z.object({
      documentId: documentReferenceParameter(z),
      tabId: tabIdParameter(
        z,
        'The tab whose body comes back as body (its id, e.g. t.0, as in ?tab= of its web address); the first tab by default. Every tab is in tabs either way.',
      ),
    }),
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
