import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { type DriveReply, replySchema } from '../schemas/comments.js';
import { fileIdParameter } from './drive-parameters.js';
import { REPLY_FIELDS } from './list-comments.js';

/** Reply To Comment: `POST {fileApiBaseUrl}/drive/v3/files/{id}/comments/{commentId}/replies`. */
export const replyToComment = defineCommand({
  key: 'replyToComment',
  title: 'Reply To Comment',
  description:
    'Replies to a comment on a Drive file, and can resolve it (or reopen a resolved one) with the reply. Give content, an action, or both.',
  input: (z) =>
    z
      .object({
        fileId: fileIdParameter(z, 'The file the comment is on: its id, e.g. from List Files.'),
        commentId: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a comment id, as List Comments shows it')
          .meta({ title: 'Comment ID', description: 'The comment to reply to: its id from List Comments.' }),
        content: z.string().trim().min(1, 'must not be blank').max(30_000).optional().meta({
          title: 'Reply',
          description: 'What to say, as plain text (may be left out when resolving or reopening).',
        }),
        action: z.enum(['resolve', 'reopen']).optional().meta({
          title: 'Action',
          description: 'resolve marks the comment done; reopen opens a resolved one again.',
        }),
      })
      .superRefine((input, ctx) => {
        if (!input.content && !input.action) {
          ctx.addIssue({
            code: 'custom',
            path: ['content'],
            message: 'is required unless an action is given',
          });
        }
      }),
  output: replySchema,
  lookups: {
    fileId: fileLookup,
    commentId: {
      noun: 'comments',
      command: 'listComments',
      input: { fileId: '{param:fileId}', includeResolved: true },
      needs: ['fileId'],
      items: 'comments',
      where: 'content',
      value: 'id',
      label: ['content', 'id'],
      detail: ['author.displayName', '{createdTime|date}'],
    },
  },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveReply> {
    const { data } = await ctx.http.request<DriveReply>({
      method: 'POST',
      api: 'files',
      path: `/drive/v3/files/${input.fileId}/comments/${input.commentId}/replies`,
      query: { fields: REPLY_FIELDS },
      json: {
        ...(input.content ? { content: input.content } : {}),
        ...(input.action ? { action: input.action } : {}),
      },
      responseType: 'json',
      signal,
    });
    return data;
  },
});
