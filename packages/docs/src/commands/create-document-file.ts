import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentUrl } from '../docs-document-id.js';
import type { CreateDocumentFileResult, DocsDocument } from '../docs-types.js';

/** Create Document File: `POST {baseUrl}/v1/documents` with the title. */
export const createDocumentFile = defineCommand({
  key: 'createDocumentFile',
  title: 'Create Document File',
  description:
    "Creates a blank Google Docs document with the given name in the connected account's My Drive and returns its id and web address. Not retried when the outcome is unknown, so it never makes two.",
  input: (z) =>
    z.object({
      name: z.string().trim().min(1, 'must not be blank').meta({
        title: 'Document Name',
        description: 'The new document’s name (its title); leading and trailing spaces are dropped.',
      }),
    }),
  async run(input, ctx: DocsContext, { signal }): Promise<CreateDocumentFileResult> {
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
