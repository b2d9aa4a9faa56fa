import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { ATTACHMENT_FIELDS } from '../issues-fragments.js';
import { issueLookup } from '../issues-lookups.js';
import { cursorParam, limitParam, uuidParam } from '../issues-params.js';
import { attachmentPageSchema, type LinearAttachmentPage } from '../schemas/links.js';

/** `issue(id){attachments}`: one page of an issue's attachments. */
export const LIST_ATTACHMENTS_QUERY = defineOperation(
  `
query ListAttachments($id: String!, $first: Int!, $after: String) {
  issue(id: $id) {
    id
    attachments(first: $first, after: $after) {
      nodes { ...AttachmentFields }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
  ATTACHMENT_FIELDS,
);

/** Lists an issue's attachments: `issue(id){attachments(first, after)}`. */
export const listAttachments = defineCommand({
  key: 'listAttachments',
  title: 'List Attachments',
  description: 'Lists the attachments (links) of a Linear issue, one page at a time.',
  input: (z) =>
    z.object({
      issueId: uuidParam(z, 'Issue Id', 'The issue whose attachments to list (its UUID).'),
      limit: limitParam(z, 'Attachments', 50),
      cursor: cursorParam(z),
    }),
  output: (z) => attachmentPageSchema(z),
  lookups: { issueId: issueLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearAttachmentPage> {
    const data = await ctx.linear.run<{ issue: { attachments: LinearAttachmentPage } }>(
      LIST_ATTACHMENTS_QUERY,
      { id: input.issueId, first: input.limit, after: input.cursor || undefined },
      { signal, notFound: { field: 'issue', what: `issue ${input.issueId}` } },
    );
    const { nodes, pageInfo } = data.issue.attachments;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
