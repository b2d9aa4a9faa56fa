import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { type DriveFile, fileSchema } from '../schemas/files.js';
import { updateFileMetadata } from './drive-files.js';
import { fileIdParameter } from './drive-parameters.js';

/** Trash File: `PATCH {fileApiBaseUrl}/drive/v3/files/{id}` with `{trashed: true}`. */
export const trashFile = defineCommand({
  key: 'trashFile',
  title: 'Trash File',
  description:
    'Moves a Drive file (or folder, with what it holds) to the trash, where it can be restored for 30 days. The connected account needs to own it, or be an organizer of its shared drive.',
  input: (z) => z.object({ fileId: fileIdParameter(z) }),
  output: fileSchema,
  lookups: { fileId: fileLookup },
  annotations: { destructive: false, idempotent: true },
  run: (input, ctx: DocsContext, { signal }): Promise<DriveFile> =>
    updateFileMetadata(ctx, input.fileId, { trashed: true }, signal),
});
