import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { folderLookup } from '../docs-lookups.js';
import { type DriveFile, type DriveFileList, fileListSchema } from '../schemas/files.js';
import { FILE_FIELDS } from './drive-files.js';
import { listDrivePages } from './drive-list.js';
import { folderIdParameter, limitParameter, pageTokenParameter } from './drive-parameters.js';
import { quoteDriveQuery } from './drive-query.js';

/** Drive's sort keys (`orderBy`), each optionally followed by ` desc`, comma-separated. */
const ORDER_BY =
  /^(createdTime|folder|modifiedByMeTime|modifiedTime|name|name_natural|quotaBytesUsed|recency|sharedWithMeTime|starred|viewedByMeTime)( desc)?(,\s*(createdTime|folder|modifiedByMeTime|modifiedTime|name|name_natural|quotaBytesUsed|recency|sharedWithMeTime|starred|viewedByMeTime)( desc)?)*$/;

/** The Drive query of List Files: the given `q` and each filter, joined with `and`. */
export function listFilesQuery(input: {
  query?: string | undefined;
  folderId?: string | undefined;
  mimeType?: string | undefined;
  name?: string | undefined;
  trashed?: boolean | undefined;
}): string {
  const terms: string[] = [];
  if (input.query) terms.push(`(${input.query})`);
  if (input.folderId) terms.push(`${quoteDriveQuery(input.folderId)} in parents`);
  if (input.mimeType) terms.push(`mimeType = ${quoteDriveQuery(input.mimeType)}`);
  if (input.name) terms.push(`name contains ${quoteDriveQuery(input.name)}`);
  if (input.trashed !== undefined) terms.push(`trashed = ${input.trashed}`);
  return terms.join(' and ');
}

/** List Files: `GET {fileApiBaseUrl}/drive/v3/files` with a query built from the filters. */
export const listFiles = defineCommand({
  key: 'listFiles',
  title: 'List Files',
  description:
    'Lists Drive files (documents, folders, PDFs, anything), most recently changed first: in a folder, of a type, by name, or with any Drive search query. Leaves the trash out unless asked.',
  input: (z) =>
    z.object({
      query: z.string().trim().min(1).max(4000).optional().meta({
        title: 'Query',
        description:
          "A Drive search query, e.g. sharedWithMe or modifiedTime > '2026-01-01T00:00:00' or fullText contains 'budget' (combined with the other filters).",
      }),
      folderId: folderIdParameter(z, 'Only the files directly in this folder (root for My Drive).'),
      mimeType: z.string().trim().min(1).max(255).optional().meta({
        title: 'Type',
        description:
          'Only files of this MIME type, e.g. application/vnd.google-apps.document (Google Docs), application/vnd.google-apps.folder (folders) or application/pdf.',
      }),
      name: z.string().trim().min(1).max(1000).optional().meta({
        title: 'Name Contains',
        description: 'Only files whose name has a word starting with this text, in any case.',
      }),
      trashed: z.boolean().default(false).meta({
        title: 'In Trash',
        description: 'List the files in the trash instead of the others.',
      }),
      orderBy: z
        .string()
        .trim()
        .regex(ORDER_BY, 'must be Drive sort keys, e.g. modifiedTime desc or folder,name')
        .default('modifiedTime desc')
        .meta({
          title: 'Order By',
          description: 'Drive sort keys, e.g. modifiedTime desc, name, or folder,name (folders first).',
        }),
      includeSharedDrives: z.boolean().default(false).meta({
        title: 'Include Shared Drives',
        description: 'Also list files in the shared drives the account belongs to.',
      }),
      limit: limitParameter(z, 'files'),
      pageToken: pageTokenParameter(z),
    }),
  output: fileListSchema,
  lookups: { folderId: folderLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveFileList> {
    const q = listFilesQuery(input);
    const { items, ...page } = await listDrivePages<DriveFile>(
      ctx,
      {
        path: '/drive/v3/files',
        query: {
          q: q || undefined,
          orderBy: input.orderBy,
          fields: `nextPageToken,incompleteSearch,files(${FILE_FIELDS})`,
          supportsAllDrives: true,
          ...(input.includeSharedDrives ? { corpora: 'allDrives', includeItemsFromAllDrives: true } : {}),
        },
        items: 'files',
        pageSize: 1000,
      },
      input.limit,
      input.pageToken,
      signal,
    );
    return { files: items, ...page };
  },
});
