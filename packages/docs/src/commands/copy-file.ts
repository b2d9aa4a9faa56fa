import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { copyableFileLookup, folderLookup } from '../docs-lookups.js';
import { type DriveFile, fileSchema } from '../schemas/files.js';
import { FILE_FIELDS } from './drive-files.js';
import { extraParameter, fileIdParameter, folderIdParameter } from './drive-parameters.js';

/** `POST /drive/v3/files/{id}/copy`; the copy, with the file fields the commands return. */
export async function copyDriveFile(
  ctx: DocsContext,
  fileId: string,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<DriveFile> {
  const { data } = await ctx.http.request<DriveFile>({
    method: 'POST',
    api: 'files',
    path: `/drive/v3/files/${fileId}/copy`,
    query: { fields: FILE_FIELDS, supportsAllDrives: true },
    json: body,
    responseType: 'json',
    signal,
  });
  return data;
}

/** Copy File: `POST {fileApiBaseUrl}/drive/v3/files/{id}/copy`. */
export const copyFile = defineCommand({
  key: 'copyFile',
  title: 'Copy File',
  description:
    'Makes a copy of a Drive file (a document with all its tabs, a PDF…) that the connected account owns, named "Copy of …" unless you name it, in the same folder unless you pick one. Folders cannot be copied. When the connection fails before Google answers, it is not tried again, so it never makes two copies.',
  input: (z) =>
    z.object({
      fileId: fileIdParameter(z),
      name: z.string().trim().min(1).max(32_000).optional().meta({
        title: 'Name',
        description: 'The copy’s name (Copy of and the original’s name when empty).',
      }),
      folderId: folderIdParameter(z, 'The folder to put the copy in (the original’s folder when empty).'),
      extra: extraParameter(z),
    }),
  output: fileSchema,
  lookups: { fileId: copyableFileLookup, folderId: folderLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  run: (input, ctx: DocsContext, { signal }): Promise<DriveFile> =>
    copyDriveFile(
      ctx,
      input.fileId,
      {
        ...input.extra,
        ...(input.name ? { name: input.name } : {}),
        ...(input.folderId ? { parents: [input.folderId] } : {}),
      },
      signal,
    ),
});
