import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { COMMENT_FIELDS } from '../issues-fragments.js';
import { issueLookup, issueThreadLookup } from '../issues-lookups.js';
import { textParam, uuidParam } from '../issues-params.js';
import { commentSchema, type LinearComment } from '../schemas/comments.js';

/** `commentCreate`, returning the new comment. */
export const CREATE_COMMENT_MUTATION = defineOperation(
  `
mutation CreateComment($input: CommentCreateInput!) {
  commentCreate(input: $input) {
    success
    comment { ...CommentFields }
  }
}`,
  COMMENT_FIELDS,
);

/** `comment(id)`: one comment, to answer a repeated create. */
export const GET_COMMENT_QUERY = defineOperation(
  `
query GetComment($id: String!) {
  comment(id: $id) { ...CommentFields }
}`,
  COMMENT_FIELDS,
);

/** Comments on an issue, or replies to a comment: `commentCreate(input)`. */
export const createComment = defineCommand({
  key: 'createComment',
  title: 'Create Comment',
  description:
    'Comments on a Linear issue in Markdown, or replies to a comment of the issue (parentId), and returns the comment.',
  input: (z) =>
    z.object({
      issueId: uuidParam(z, 'Issue Id', 'The issue to comment on (its UUID).'),
      body: textParam(z, 'Body', 'The comment, in Markdown.'),
      parentId: uuidParam(
        z,
        'Parent Id',
        'The comment to reply to (its UUID); it must be on the same issue. Omitted, a new thread.',
      ).optional(),
    }),
  output: (z) => commentSchema(z),
  lookups: { issueId: issueLookup, parentId: issueThreadLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearComment> {
    // An id chosen from the run's idempotency key: a repeat of this run cannot comment twice.
    const id = clientChosenId(idempotencyKey, 'issues.createComment');
    const variables = { input: { id, issueId: input.issueId, body: input.body, parentId: input.parentId } };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          commentCreate: { success: boolean; comment: LinearComment | null };
        }>(CREATE_COMMENT_MUTATION, variables, { signal });
        if (!data.commentCreate.success || !data.commentCreate.comment) {
          throw new ProviderError(
            'Linear answered commentCreate without creating the comment (success: false)',
          );
        }
        return data.commentCreate.comment;
      },
      async (existing) =>
        (await ctx.linear.run<{ comment: LinearComment }>(GET_COMMENT_QUERY, { id: existing }, { signal }))
          .comment,
    );
  },
});
