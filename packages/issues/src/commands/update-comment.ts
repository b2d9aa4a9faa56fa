import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { COMMENT_FIELDS } from '../issues-fragments.js';
import { commentLookup } from '../issues-lookups.js';
import { textParam, uuidParam } from '../issues-params.js';
import { commentSchema, type LinearComment } from '../schemas/comments.js';

/** `commentUpdate`, returning the comment. */
export const UPDATE_COMMENT_MUTATION = defineOperation(
  `
mutation UpdateComment($id: String!, $input: CommentUpdateInput!) {
  commentUpdate(id: $id, input: $input) {
    success
    comment { ...CommentFields }
  }
}`,
  COMMENT_FIELDS,
);

/** Replaces a comment's body: `commentUpdate(id, input)`. */
export const updateComment = defineCommand({
  key: 'updateComment',
  title: 'Update Comment',
  description:
    'Replaces the Markdown body of one of your comments on a Linear issue and returns the comment (its editedAt is set).',
  input: (z) =>
    z.object({
      commentId: uuidParam(z, 'Comment Id', 'The comment to edit (its UUID).'),
      body: textParam(z, 'Body', 'The new body, in Markdown.'),
    }),
  output: (z) => commentSchema(z),
  lookups: { commentId: commentLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearComment> {
    const data = await ctx.linear.run<{ commentUpdate: { comment: LinearComment } }>(
      UPDATE_COMMENT_MUTATION,
      { id: input.commentId, input: { body: input.body } },
      { signal, notFound: { field: 'commentUpdate', what: `comment ${input.commentId}` } },
    );
    return data.commentUpdate.comment;
  },
});
