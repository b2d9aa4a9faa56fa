import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { folderLookup } from '../docs-lookups.js';
import { type DriveFile, fileSchema } from '../schemas/files.js';
import { FILE_FIELDS, FOLDER_MIME_TYPE } from './drive-files.js';
import { extraParameter, folderIdParameter } from './drive-parameters.js';

/** Create Folder: `POST {fileApiBaseUrl}/drive/v3/files` with the folder MIME type. */
export const createFolder = defineCommand({
  key: 'createFolder',
  title: 'Create Folder',
  description:
    'Creates a Drive folder with the name you give, in My Drive or inside another folder, and returns it with its id and link. When the connection fails before Google answers, it is not tried again, so it never makes two folders.',
  input: (z) =>
    z.object({
      name: z.string().trim().min(1, 'must not be blank').max(32_000).meta({
        title: 'Folder Name',
        description: 'The new folder’s name, e.g. "Contracts 2026".',
      }),
      parentId: folderIdParameter(z, 'The folder to create it in (My Drive when empty).'),
      extra: extraParameter(z),
    }),
  output: fileSchema,
  lookups: { parentId: folderLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveFile> {
    const { data } = await ctx.http.request<DriveFile>({
      method: 'POST',
      api: 'files',
      path: '/drive/v3/files',
      query: { fields: FILE_FIELDS, supportsAllDrives: true },
      json: {
        ...input.extra,
        name: input.name,
        mimeType: FOLDER_MIME_TYPE,
        ...(input.parentId ? { parents: [input.parentId] } : {}),
      },
      responseType: 'json',
      signal,
    });
    return data;
  },
});
