import type { Readable } from 'node:stream';
import { defineCommand, ProviderError } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { downloadableFileLookup } from '../docs-lookups.js';
import { type DriveDownload, downloadSchema } from '../schemas/export.js';
import { fileIdParameter } from './drive-parameters.js';

/** The most a download returns in a result: past it the stream is stopped, so memory stays bounded. */
export const DOWNLOAD_LIMIT = 25 * 1024 * 1024;

/** True for MIME types whose bytes read as text. */
function isText(type: string): boolean {
  return /^text\/|[+/](json|xml|javascript|csv|markdown|yaml)\b/i.test(type);
}

/** Reads a stream up to `limit` bytes; a longer one is destroyed and refused. */
async function readBounded(stream: Readable, limit: number, fileId: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).byteLength;
    if (size > limit) {
      stream.destroy();
      throw new ProviderError(
        `The file is larger than ${limit / 1024 / 1024} MB, the most Download File returns in a result; the download was stopped there.`,
        { providerCode: 'downloadTooLarge', details: { fileId } },
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Download File: `GET {fileApiBaseUrl}/drive/v3/files/{id}?alt=media`, streamed and bounded. */
export const downloadFile = defineCommand({
  key: 'downloadFile',
  title: 'Download File',
  description:
    'Downloads a Drive file’s content (a PDF, an image, a text file…): text as text, other files in base64, up to 25 MB. Google Docs, Sheets and Slides have no content of their own: export them with Export Document.',
  input: (z) =>
    z.object({
      fileId: fileIdParameter(z, 'The file to download: its id, e.g. from List Files.'),
      encoding: z.enum(['auto', 'text', 'base64']).default('auto').meta({
        title: 'Encoding',
        description: 'auto (text for text files, base64 for the rest), text (UTF-8) or base64.',
      }),
    }),
  output: downloadSchema,
  lookups: { fileId: downloadableFileLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveDownload> {
    const response = await ctx.http
      .request<Readable>({
        method: 'GET',
        api: 'files',
        path: `/drive/v3/files/${input.fileId}`,
        query: { alt: 'media', supportsAllDrives: true },
        responseType: 'stream',
        signal,
      })
      .catch((error: unknown) => {
        if ((error as { providerCode?: string }).providerCode !== 'fileNotDownloadable') throw error;
        throw new ProviderError(
          'This is a Google Docs, Sheets or Slides file, which has no content to download: use Export Document to get it as a PDF, Word, Markdown or another format.',
          { status: 403, providerCode: 'fileNotDownloadable', cause: error },
        );
      });
    const contentType = (response.headers['content-type'] ?? 'application/octet-stream')
      .split(';')[0]!
      .trim();
    const bytes = await readBounded(response.data, DOWNLOAD_LIMIT, input.fileId);
    const encoding = input.encoding === 'auto' ? (isText(contentType) ? 'text' : 'base64') : input.encoding;
    return {
      fileId: input.fileId,
      contentType,
      size: bytes.byteLength,
      encoding,
      content: bytes.toString(encoding === 'text' ? 'utf8' : 'base64'),
    };
  },
});
