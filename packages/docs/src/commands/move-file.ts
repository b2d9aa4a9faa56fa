import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup, folderLookup } from '../docs-lookups.js';
import { type DriveFile, fileSchema } from '../schemas/files.js';
import { FILE_FIELDS } from './drive-files.js';
import { fileIdParameter, requiredFolderIdParameter } from './drive-parameters.js';

/**
 * Move File: reads the file's folder, then `PATCH /drive/v3/files/{id}` with `addParents` (the
 * destination) and `removeParents` (its folders but the destination, which Drive would otherwise
 * take away again: a move run twice must leave the file where it is).
 */
export const moveFile = defineCommand({
  key: 'moveFile',
  title: 'Move File',
  description:
    'Moves a Drive file or folder into another folder (root for My Drive). Moving it where it already is changes nothing. The connected account needs edit access to the file and the folder.',
  input: (z) =>
    z.object({
      fileId: fileIdParameter(z),
      folderId: requiredFolderIdParameter(z, 'The folder to move it to (root for My Drive).'),
    }),
  output: fileSchema,
  lookups: { fileId: fileLookup, folderId: folderLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveFile> {
    const { data: current } = await ctx.http.request<{ parents?: string[] }>({
      method: 'GET',
      api: 'files',
      path: `/drive/v3/files/${input.fileId}`,
      query: { fields: 'parents', supportsAllDrives: true },
      responseType: 'json',
      signal,
    });
    const remove = (current.parents ?? []).filter((id) => id !== input.folderId);
    const { data } = await ctx.http.request<DriveFile>({
      method: 'PATCH',
      api: 'files',
      path: `/drive/v3/files/${input.fileId}`,
      query: {
        addParents: input.folderId,
        removeParents: remove.length > 0 ? remove.join(',') : undefined,
        fields: FILE_FIELDS,
        supportsAllDrives: true,
      },
      json: {},
      responseType: 'json',
      idempotent: true,
      signal,
    });
    return data;
  },
});
