import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { commentListSchema, type DriveComment, type DriveCommentList } from '../schemas/comments.js';
import { listDrivePages } from './drive-list.js';
import { fileIdParameter, limitParameter, pageTokenParameter } from './drive-parameters.js';

/** The reply fields the comment commands ask Drive for (Drive refuses these calls without `fields`). */
export const REPLY_FIELDS = 'id,content,action,author(displayName),createdTime';
/** The comment fields the comment commands ask Drive for. */
export const COMMENT_FIELDS = `id,content,resolved,quotedFileContent,author(displayName),createdTime,modifiedTime,replies(${REPLY_FIELDS})`;

/** List Comments: `GET {fileApiBaseUrl}/drive/v3/files/{id}/comments`, following its pages. */
export const listComments = defineCommand({
  key: 'listComments',
  title: 'List Comments',
  description:
    'Lists the comments on a Drive file (a Google Doc or any file), oldest first, each with its replies. Resolved comments are left out unless asked for.',
  input: (z) =>
    z.object({
      fileId: fileIdParameter(z, 'The file whose comments to list: its id, e.g. from List Files.'),
      includeResolved: z.boolean().default(false).meta({
        title: 'Include Resolved',
        description: 'Also list the comments that were resolved.',
      }),
      limit: limitParameter(z, 'comments'),
      pageToken: pageTokenParameter(z),
    }),
  output: commentListSchema,
  lookups: { fileId: fileLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveCommentList> {
    const { items, hasMore, nextPageToken } = await listDrivePages<DriveComment>(
      ctx,
      {
        path: `/drive/v3/files/${input.fileId}/comments`,
        query: { fields: `nextPageToken,comments(${COMMENT_FIELDS})` },
        items: 'comments',
        // Drive's largest page of comments.
        pageSize: 100,
        // Drive has no filter for resolved comments: they are dropped here.
        keep: input.includeResolved ? undefined : (comment) => !(comment as DriveComment).resolved,
      },
      input.limit,
      input.pageToken,
      signal,
    );
    return { fileId: input.fileId, comments: items, hasMore, ...(nextPageToken ? { nextPageToken } : {}) };
  },
});
