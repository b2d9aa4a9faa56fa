import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { type DriveDeleted, deletedSchema } from '../schemas/files.js';
import { fileIdParameter } from './drive-parameters.js';

/** Delete File: `DELETE {fileApiBaseUrl}/drive/v3/files/{id}`, for good (not to the trash). */
export const deleteFile = defineCommand({
  key: 'deleteFile',
  title: 'Delete File',
  description:
    'Deletes a Drive file for good, skipping the trash: it cannot be restored. To be able to restore it, use Trash File instead. The connected account needs to own it.',
  input: (z) => z.object({ fileId: fileIdParameter(z) }),
  output: deletedSchema,
  lookups: { fileId: fileLookup },
  annotations: { destructive: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveDeleted> {
    await ctx.http.request({
      method: 'DELETE',
      api: 'files',
      path: `/drive/v3/files/${input.fileId}`,
      query: { supportsAllDrives: true },
      signal,
    });
    return { fileId: input.fileId, deleted: true };
  },
});
