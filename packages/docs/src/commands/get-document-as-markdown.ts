import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentReferenceParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { readDocumentTab, wantedTab } from '../docs-tab-reader.js';
import { type DocumentContent, documentMarkdown, markdownSyntaxReady } from '../markdown/index.js';
import { type DocsMarkdown, documentMarkdownSchema } from '../schemas/markdown.js';

/** Get Document As Markdown: `GET {baseUrl}/v1/documents/{id}?includeTabsContent=true`, rendered. */
export const getDocumentAsMarkdown = defineCommand({
  key: 'getDocumentAsMarkdown',
  title: 'Get Document As Markdown',
  description:
    'Reads one tab of a Google Docs document as Markdown: headings, bold, italic, strikethrough, inline code and code blocks, links, bullet, numbered and checkbox lists (nested), tables, images (by their address) and horizontal rules. The first tab unless you pick another, or the tab the link points at. The connected account needs at least view access.',
  input: (z) =>
    z.object({
      documentId: documentReferenceParameter(z),
      tabId: tabIdParameter(
        z,
        'The tab to read, e.g. t.0 for the first tab or t.4n8wq2k0x1zb (the ?tab= part of the tab’s link). Leave it empty for the first tab, or for the tab the link points at.',
      ),
    }),
  output: documentMarkdownSchema,
  lookups: { documentId: documentLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsMarkdown> {
    const wanted = wantedTab(input.documentId, input.tabId);
    const { document, tab } = await readDocumentTab(ctx, input.documentId.id, wanted, signal);
    const content = (tab?.documentTab ?? document) as DocumentContent;
    await markdownSyntaxReady();
    return {
      documentId: document.documentId,
      title: document.title,
      ...(tab ? { tabId: tab.tabProperties.tabId, tabTitle: tab.tabProperties.title } : {}),
      markdown: documentMarkdown(content),
    };
  },
});
