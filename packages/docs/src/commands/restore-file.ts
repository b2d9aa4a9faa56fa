import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { trashedFileLookup } from '../docs-lookups.js';
import { type DriveFile, fileSchema } from '../schemas/files.js';
import { updateFileMetadata } from './drive-files.js';
import { fileIdParameter } from './drive-parameters.js';

/** Restore File: `PATCH {fileApiBaseUrl}/drive/v3/files/{id}` with `{trashed: false}`. */
export const restoreFile = defineCommand({
  key: 'restoreFile',
  title: 'Restore File',
  description: 'Takes a Drive file out of the trash, back to where it was.',
  input: (z) => z.object({ fileId: fileIdParameter(z) }),
  output: fileSchema,
  lookups: { fileId: trashedFileLookup },
  annotations: { destructive: false, idempotent: true },
  run: (input, ctx: DocsContext, { signal }): Promise<DriveFile> =>
    updateFileMetadata(ctx, input.fileId, { trashed: false }, signal),
});
