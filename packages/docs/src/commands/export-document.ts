import { defineCommand, ProviderError } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { type DocsExport, exportSchema } from '../schemas/export.js';

/** The formats Drive exports a Google Doc to, by the name a person picks. */
export const EXPORT_FORMATS = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  txt: 'text/plain',
  html: 'text/html',
  epub: 'application/epub+zip',
  md: 'text/markdown',
} as const;

/** Export Document: `GET {fileApiBaseUrl}/drive/v3/files/{id}/export?mimeType=…`. */
export const exportDocument = defineCommand({
  key: 'exportDocument',
  title: 'Export Document',
  description:
    'Exports a Google Doc (every tab) as a PDF, Word (docx), OpenDocument, RTF, plain text, HTML, EPUB or Markdown file, returned in base64 with its type and size. Drive exports at most 10 MB.',
  input: (z) =>
    z.object({
      documentId: documentIdParameter(z),
      format: z.enum(Object.keys(EXPORT_FORMATS) as [keyof typeof EXPORT_FORMATS]).meta({
        title: 'Format',
        description: 'pdf, docx (Word), odt, rtf, txt, html, epub or md (Markdown).',
      }),
    }),
  output: exportSchema,
  lookups: { documentId: documentLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsExport> {
    const contentType = EXPORT_FORMATS[input.format];
    const { data } = await ctx.http
      .request<Uint8Array>({
        method: 'GET',
        api: 'files',
        path: `/drive/v3/files/${input.documentId}/export`,
        query: { mimeType: contentType },
        responseType: 'bytes',
        // A file's bytes: masking could only corrupt them (a PDF, a zip).
        redact: false,
        signal,
      })
      .catch((error: unknown) => {
        if ((error as { providerCode?: string }).providerCode !== 'exportSizeLimitExceeded') throw error;
        throw new ProviderError(
          `Google Drive exports at most 10 MB, and this document is larger as ${input.format}. Export it as txt or md, which are smallest, or split it into several documents.`,
          { status: 403, providerCode: 'exportSizeLimitExceeded', cause: error },
        );
      });
    return {
      documentId: input.documentId,
      format: input.format,
      fileName: `${input.documentId}.${input.format}`,
      contentType,
      size: data.byteLength,
      base64: Buffer.from(data).toString('base64'),
    };
  },
});
