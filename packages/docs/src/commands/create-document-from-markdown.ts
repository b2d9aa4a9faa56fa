import { defineCommand } from '@c/core';
import { type DocsContext, GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import { documentUrl } from '../docs-document-id.js';
import { multipartBody } from '../drive-upload.js';
import { createdFromMarkdownSchema, type DocsCreatedFromMarkdown } from '../schemas/markdown.js';
import { folderIdParameter } from './drive-parameters.js';
import { markdownParameter } from './write-markdown.js';

/**
 * Create Document From Markdown: `POST {fileApiBaseUrl}/upload/drive/v3/files?uploadType=multipart`
 * with a Google Doc's MIME type in the metadata and the Markdown as `text/markdown`: Drive converts it.
 */
export const createDocumentFromMarkdown = defineCommand({
  key: 'createDocumentFromMarkdown',
  title: 'Create Document From Markdown',
  description:
    'Creates a Google Docs document from Markdown, with its formatting: headings, bold, italic, strikethrough, code, links, nested lists, tables, images and rules. Google Drive converts the Markdown as it does a Markdown file uploaded in Drive. Returns the new document’s id, name and link. It goes to My Drive, or to the folder given. When the connection fails before Drive answers, it is not tried again, so it never makes two documents.',
  input: (z) =>
    z.object({
      title: z.string().trim().min(1, 'must not be blank').meta({
        title: 'Title',
        description: 'The new document’s name, e.g. "Release Notes 2.4".',
      }),
      markdown: markdownParameter(
        z,
        'The document’s content as Markdown: # headings, **bold**, _italic_, ~~strikethrough~~, code in backticks and fenced code blocks, [links](https://…), nested - and 1. lists, | tables |, ![images](https://…) and --- rules.',
      ),
      folderId: folderIdParameter(z, 'The folder to create the document in (My Drive when empty).'),
    }),
  output: createdFromMarkdownSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsCreatedFromMarkdown> {
    const metadata = {
      name: input.title,
      mimeType: GOOGLE_DOCS_MIME_TYPE,
      ...(input.folderId ? { parents: [input.folderId] } : {}),
    };
    const upload = multipartBody(metadata, input.markdown, 'text/markdown');
    const { data } = await ctx.http.request<{ id: string; name: string; parents?: string[] }>({
      method: 'POST',
      api: 'files',
      path: '/upload/drive/v3/files',
      query: { uploadType: 'multipart', fields: 'id,name,parents', supportsAllDrives: true },
      body: upload.body,
      headers: { 'content-type': upload.contentType },
      responseType: 'json',
      signal,
    });
    return {
      documentId: data.id,
      title: data.name,
      url: documentUrl(data.id),
      ...(data.parents ? { parents: data.parents } : {}),
    };
  },
});
