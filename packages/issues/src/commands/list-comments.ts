import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { COMMENT_FIELDS } from '../issues-fragments.js';
import { issueLookup } from '../issues-lookups.js';
import { cursorParam, limitParam, uuidParam } from '../issues-params.js';
import { commentPageSchema, type LinearCommentPage } from '../schemas/comments.js';

/** `issue(id){comments}`: one page of an issue's comments, replies included. */
export const LIST_COMMENTS_QUERY = defineOperation(
  `
query ListComments($id: String!, $first: Int!, $after: String) {
  issue(id: $id) {
    id
    comments(first: $first, after: $after) {
      nodes { ...CommentFields }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
  COMMENT_FIELDS,
);

/** Lists an issue's comments: `issue(id){comments(first, after)}`. */
export const listComments = defineCommand({
  key: 'listComments',
  title: 'List Comments',
  description:
    'Lists the comments of a Linear issue, replies included (parent names the comment replied to), one page at a time.',
  input: (z) =>
    z.object({
      issueId: uuidParam(z, 'Issue Id', 'The issue whose comments to list (its UUID).'),
      limit: limitParam(z, 'Comments', 50),
      cursor: cursorParam(z),
    }),
  output: (z) => commentPageSchema(z),
  lookups: { issueId: issueLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearCommentPage> {
    const data = await ctx.linear.run<{ issue: { comments: LinearCommentPage } }>(
      LIST_COMMENTS_QUERY,
      { id: input.issueId, first: input.limit, after: input.cursor || undefined },
      { signal, notFound: { field: 'issue', what: `issue ${input.issueId}` } },
    );
    const { nodes, pageInfo } = data.issue.comments;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
