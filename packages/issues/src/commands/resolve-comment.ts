import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { COMMENT_FIELDS } from '../issues-fragments.js';
import { replyLookup, threadLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { commentSchema, type LinearComment } from '../schemas/comments.js';

/** `commentResolve(id, resolvingCommentId)`, returning the thread's first comment. */
export const RESOLVE_COMMENT_MUTATION = defineOperation(
  `
mutation ResolveComment($id: String!, $resolvingCommentId: String) {
  commentResolve(id: $id, resolvingCommentId: $resolvingCommentId) {
    success
    comment { ...CommentFields }
  }
}`,
  COMMENT_FIELDS,
);

/** Resolves a comment thread: `commentResolve(id)`. */
export const resolveComment = defineCommand({
  key: 'resolveComment',
  title: 'Resolve Comment',
  description:
    'Resolves a comment thread on a Linear issue (give the first comment of the thread) and returns the comment with resolvedAt and resolvingUser.',
  input: (z) =>
    z.object({
      commentId: uuidParam(z, 'Comment Id', 'The first comment of the thread to resolve (its UUID).'),
      resolvingCommentId: uuidParam(
        z,
        'Resolving Comment Id',
        'The reply in the thread that settled it (its UUID), if one did.',
      ).optional(),
    }),
  output: (z) => commentSchema(z),
  lookups: { commentId: threadLookup, resolvingCommentId: replyLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearComment> {
    const data = await ctx.linear.run<{ commentResolve: { comment: LinearComment } }>(
      RESOLVE_COMMENT_MUTATION,
      { id: input.commentId, resolvingCommentId: input.resolvingCommentId },
      // No not-found rule: Linear refuses resolving a reply as bad input on the same field.
      { signal },
    );
    return data.commentResolve.comment;
  },
});
