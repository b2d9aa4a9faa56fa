import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentUrl } from '../docs-document-id.js';
import { createResultSchema, type DocsCreatedDocument, type DocsDocument } from '../docs-schemas.js';

/** Create Document File: `POST {baseUrl}/v1/documents` with the title. */
export const createDocumentFile = defineCommand({
  key: 'createDocumentFile',
  title: 'Create Document File',
  description:
    'Creates a new, empty Google Docs document with the name you give, in the connected account’s My Drive, and returns its id, name and link. When the connection fails before Google answers, it is not tried again, so it never makes two documents.',
  input: (z) =>
    z.object({
      name: z.string().trim().min(1, 'must not be blank').meta({
        title: 'Document Name',
        description: 'The new document’s name, e.g. "Q4 Planning". Spaces at either end are dropped.',
      }),
    }),
  output: createResultSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsCreatedDocument> {
    const { data } = await ctx.http.request<DocsDocument>({
      method: 'POST',
      api: 'docs',
      path: '/v1/documents',
      json: { title: input.name },
      responseType: 'json',
      signal,
    });
    return { documentId: data.documentId, title: data.title, url: documentUrl(data.documentId) };
  },
});
