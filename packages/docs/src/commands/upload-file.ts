import { defineCommand, ProviderError } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { folderLookup } from '../docs-lookups.js';
import { multipartBody } from '../drive-upload.js';
import { type DriveFile, fileSchema } from '../schemas/files.js';
import { FILE_FIELDS } from './drive-files.js';
import { folderIdParameter } from './drive-parameters.js';

/** Above this size the upload is resumable, as Google advises for files over 5 MB. */
export const RESUMABLE_THRESHOLD = 5 * 1024 * 1024;

/** The Google type Drive converts an uploaded file to, by the file's MIME type. */
export const CONVERSIONS: Record<string, string> = {
  'text/plain': 'application/vnd.google-apps.document',
  'text/markdown': 'application/vnd.google-apps.document',
  'text/html': 'application/vnd.google-apps.document',
  'application/rtf': 'application/vnd.google-apps.document',
  'application/vnd.oasis.opendocument.text': 'application/vnd.google-apps.document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.google-apps.document',
  'text/csv': 'application/vnd.google-apps.spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    'application/vnd.google-apps.spreadsheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    'application/vnd.google-apps.presentation',
};

/** The upload's metadata: name, folder and, when converting, the Google type. */
function metadataOf(input: { name: string; folderId?: string | undefined }, googleType: string | undefined) {
  return {
    name: input.name,
    ...(googleType ? { mimeType: googleType } : {}),
    ...(input.folderId ? { parents: [input.folderId] } : {}),
  };
}

/**
 * A resumable upload (Drive's "Upload file data" guide): a POST of the metadata opens a session,
 * whose address comes back in `Location`; one PUT of every byte then finishes it. The session
 * address must be on the Drive base URL: the token goes nowhere else.
 */
async function uploadResumable(
  ctx: DocsContext,
  metadata: Record<string, unknown>,
  bytes: Uint8Array,
  mediaType: string,
  signal: AbortSignal | undefined,
): Promise<DriveFile> {
  const started = await ctx.http.request<string>({
    method: 'POST',
    api: 'files',
    path: '/upload/drive/v3/files',
    query: { uploadType: 'resumable', supportsAllDrives: true },
    json: metadata,
    headers: { 'x-upload-content-type': mediaType, 'x-upload-content-length': String(bytes.byteLength) },
    responseType: 'text',
    // Opening a session creates nothing: safe to repeat.
    idempotent: true,
    signal,
  });
  const location = started.headers.location;
  const session = location ? new URL(location) : undefined;
  if (!session?.pathname.startsWith('/upload/drive/v3/files') || !session.searchParams.get('upload_id')) {
    throw new ProviderError('Google Drive opened no upload session (no usable Location header).', {
      status: started.status,
    });
  }
  const { data } = await ctx.http.request<DriveFile>({
    method: 'PUT',
    api: 'files',
    path: `${session.pathname}${session.search}`,
    query: { fields: FILE_FIELDS },
    body: bytes,
    headers: { 'content-type': mediaType },
    responseType: 'json',
    // The session ends once: a second PUT after an unknown outcome could not make a second file, but
    // Drive may answer it differently, so it is not sent again.
    idempotent: false,
    signal,
  });
  return data;
}

/** Upload File: `POST {fileApiBaseUrl}/upload/drive/v3/files` (multipart; resumable above 5 MB). */
export const uploadFile = defineCommand({
  key: 'uploadFile',
  title: 'Upload File',
  description:
    'Uploads a file to Google Drive from its content: text as it is, or bytes in base64. With convert, Drive turns it into the matching Google file (text, Markdown, HTML, Word, RTF and OpenDocument into a Google Doc; CSV and Excel into a Sheet; PowerPoint into Slides). Files over 5 MB go up as a resumable upload.',
  input: (z) =>
    z
      .object({
        name: z.string().trim().min(1, 'must not be blank').max(1000).meta({
          title: 'Name',
          description: 'The file’s name in Drive, e.g. "notes.md" or "report.pdf".',
        }),
        content: z.string().max(150_000_000).meta({
          title: 'Content',
          description: 'The file’s content: text, or with encoding base64 the bytes in base64.',
        }),
        encoding: z.enum(['text', 'base64']).default('text').meta({
          title: 'Encoding',
          description:
            'text (the content is sent as UTF-8) or base64 (the content is the file’s bytes in base64).',
        }),
        mimeType: z
          .string()
          .trim()
          .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type, e.g. text/markdown')
          .optional()
          .meta({
            title: 'Type',
            description:
              'The file’s MIME type, e.g. text/markdown, application/pdf; default text/plain for text, application/octet-stream for base64.',
          }),
        folderId: folderIdParameter(z, 'The folder to put it in; My Drive when empty.'),
        convert: z.boolean().default(false).meta({
          title: 'Convert',
          description:
            'Turn it into the matching Google file (a Doc, a Sheet or Slides) instead of keeping it as it is.',
        }),
      })
      .superRefine((input, ctx) => {
        if (
          input.encoding === 'base64' &&
          !/^[A-Za-z0-9+/]*={0,2}$/.test(input.content.replace(/\s+/g, ''))
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['content'],
            message: 'must be base64 when encoding is base64',
          });
        }
        const type =
          input.mimeType ?? (input.encoding === 'text' ? 'text/plain' : 'application/octet-stream');
        if (input.convert && !CONVERSIONS[type]) {
          ctx.addIssue({
            code: 'custom',
            path: ['mimeType'],
            message: `${type} has no Google format to convert to (text, Markdown, HTML, Word, RTF, OpenDocument, CSV, Excel and PowerPoint do)`,
          });
        }
      }),
  output: fileSchema,
  lookups: { folderId: folderLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveFile> {
    const mediaType =
      input.mimeType ?? (input.encoding === 'text' ? 'text/plain' : 'application/octet-stream');
    const bytes =
      input.encoding === 'base64' ? Buffer.from(input.content, 'base64') : Buffer.from(input.content, 'utf8');
    const metadata = metadataOf(input, input.convert ? CONVERSIONS[mediaType] : undefined);
    if (bytes.byteLength > RESUMABLE_THRESHOLD) {
      return uploadResumable(ctx, metadata, bytes, mediaType, signal);
    }
    const upload = multipartBody(metadata, bytes, mediaType);
    const { data } = await ctx.http.request<DriveFile>({
      method: 'POST',
      api: 'files',
      path: '/upload/drive/v3/files',
      query: { uploadType: 'multipart', fields: FILE_FIELDS, supportsAllDrives: true },
      body: upload.body,
      headers: { 'content-type': upload.contentType },
      responseType: 'json',
      signal,
    });
    return data;
  },
});
