import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentIdParameter } from '../docs-document-id.js';
import type { DocsDocument } from '../docs-types.js';

/** Fetch Document Content: `GET {baseUrl}/v1/documents/{id}`. */
export const fetchDocumentContent = defineCommand({
  key: 'fetchDocumentContent',
  title: 'Fetch Document Content',
  description:
    'Reads a Google Docs document: its title, revisionId and structured body (body.content: a section break, then paragraphs of text runs, each with startIndex and endIndex counted in UTF-16 code units). The connected account needs view access to the document.',
  input: (z) => z.object({ documentId: documentIdParameter(z) }),
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsDocument> {
    const response = await ctx.http.request<DocsDocument>({
      method: 'GET',
      api: 'docs',
      path: `/v1/documents/${input.documentId}`,
      responseType: 'json',
      signal,
    });
    return response.data;
  },
});
