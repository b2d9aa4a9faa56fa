import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { type DriveFile, fileSchema } from '../schemas/files.js';
import { updateFileMetadata } from './drive-files.js';
import { extraParameter, fileIdParameter } from './drive-parameters.js';

/** Update File: `PATCH {fileApiBaseUrl}/drive/v3/files/{id}` with the details given. */
export const updateFile = defineCommand({
  key: 'updateFile',
  title: 'Update File',
  description:
    'Renames a Drive file, changes its description or stars it; what you leave empty stays as it is. The connected account needs edit access.',
  input: (z) =>
    z.object({
      fileId: fileIdParameter(z),
      name: z.string().trim().min(1, 'must not be blank').max(32_000).optional().meta({
        title: 'Name',
        description: 'The file’s new name.',
      }),
      description: z.string().max(25_000).optional().meta({
        title: 'Description',
        description: 'A short description shown in Drive’s details panel (empty text clears it).',
      }),
      starred: z.boolean().optional().meta({
        title: 'Starred',
        description: 'Star the file (true) or unstar it (false).',
      }),
      extra: extraParameter(z),
    }),
  output: fileSchema,
  lookups: { fileId: fileLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  run: (input, ctx: DocsContext, { signal }): Promise<DriveFile> =>
    updateFileMetadata(
      ctx,
      input.fileId,
      {
        ...input.extra,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.starred !== undefined ? { starred: input.starred } : {}),
      },
      signal,
    ),
});
