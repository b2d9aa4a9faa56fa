import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { commentLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/** `commentDelete(id)`. */
export const DELETE_COMMENT_MUTATION = defineOperation(`
mutation DeleteComment($id: String!) {
  commentDelete(id: $id) {
    success
    entityId
  }
}`);

/** Deletes a comment and its replies: `commentDelete(id)`. */
export const deleteComment = defineCommand({
  key: 'deleteComment',
  title: 'Delete Comment',
  description:
    'Deletes a comment (your own, or any as an admin) from a Linear issue, with its replies, and returns {success, id}.',
  input: (z) => z.object({ commentId: uuidParam(z, 'Comment Id', 'The comment to delete (its UUID).') }),
  output: (z) => deleteResultSchema(z),
  lookups: { commentId: commentLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{ commentDelete: { success: boolean; entityId: string } }>(
      DELETE_COMMENT_MUTATION,
      { id: input.commentId },
      { signal, notFound: { field: 'commentDelete', what: `comment ${input.commentId}` } },
    );
    return { success: data.commentDelete.success, id: data.commentDelete.entityId ?? input.commentId };
  },
});
