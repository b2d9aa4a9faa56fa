import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { type DriveFile, fileSchema } from '../schemas/files.js';
import { FILE_FIELDS } from './drive-files.js';
import { fileIdParameter } from './drive-parameters.js';

/** Get File: `GET {fileApiBaseUrl}/drive/v3/files/{id}` with `fields`. */
export const getFile = defineCommand({
  key: 'getFile',
  title: 'Get File',
  description:
    'Reads a Drive file’s details: its name, type, folder, whether it is in the trash, and its link; more when you name the fields.',
  input: (z) =>
    z.object({
      fileId: fileIdParameter(z),
      fields: z
        .string()
        .trim()
        .regex(/^[\w,.()/*]+$/, 'must be a Drive field list, e.g. id,name,owners(emailAddress)')
        .optional()
        .meta({
          title: 'Fields',
          description:
            'Which details to read, e.g. id,name,owners(emailAddress),size, or * for all (a common set when empty).',
        }),
    }),
  output: fileSchema,
  lookups: { fileId: fileLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveFile> {
    const fields = input.fields
      ? input.fields.split(',').includes('id') || input.fields === '*'
        ? input.fields
        : `id,${input.fields}`
      : FILE_FIELDS;
    const { data } = await ctx.http.request<DriveFile>({
      method: 'GET',
      api: 'files',
      path: `/drive/v3/files/${input.fileId}`,
      query: { fields, supportsAllDrives: true },
      responseType: 'json',
      signal,
    });
    return data;
  },
});
