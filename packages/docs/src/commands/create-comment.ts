import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { commentSchema, type DriveComment } from '../schemas/comments.js';
import { fileIdParameter } from './drive-parameters.js';
import { COMMENT_FIELDS } from './list-comments.js';

/** Create Comment: `POST {fileApiBaseUrl}/drive/v3/files/{id}/comments`. */
export const createComment = defineCommand({
  key: 'createComment',
  title: 'Create Comment',
  description:
    'Adds a comment to a Drive file, such as a Google Doc, optionally quoting the text it is about. The connected account needs to be able to comment on the file.',
  input: (z) =>
    z.object({
      fileId: fileIdParameter(z, 'The file to comment on: its id, e.g. from List Files.'),
      content: z.string().trim().min(1, 'must not be blank').max(30_000).meta({
        title: 'Comment',
        description: 'What to say, as plain text.',
      }),
      quotedText: z.string().min(1).max(30_000).optional().meta({
        title: 'Quoted Text',
        description:
          'The text of the file the comment is about, shown with it (Drive does not anchor it to a place in a Google Doc).',
      }),
    }),
  output: commentSchema,
  lookups: { fileId: fileLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveComment> {
    const { data } = await ctx.http.request<DriveComment>({
      method: 'POST',
      api: 'files',
      path: `/drive/v3/files/${input.fileId}/comments`,
      query: { fields: COMMENT_FIELDS },
      json: {
        content: input.content,
        ...(input.quotedText
          ? { quotedFileContent: { mimeType: 'text/plain', value: input.quotedText } }
          : {}),
      },
      responseType: 'json',
      signal,
    });
    return data;
  },
});
