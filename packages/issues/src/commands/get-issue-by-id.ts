import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation, ISSUE_FIELDS } from '../issues-documents.js';
import { issueLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { issueSchema, type LinearIssue } from '../issues-schemas.js';

/** `issue(id)` by UUID. */
export const GET_ISSUE_BY_ID_QUERY = defineOperation(
  `
query GetIssueById($id: String!) {
  issue(id: $id) { ...IssueFields }
}`,
  ISSUE_FIELDS,
);

/** Reads one issue by its UUID: `issue(id)`. */
export const getIssueById = defineCommand({
  key: 'getIssueById',
  title: 'Get Issue by ID',
  description:
    'Reads a Linear issue by its id (a UUID). Use Get Issue by Issue Identifier for keys such as ENG-123.',
  input: (z) => z.object({ issueId: uuidParam(z, 'Issue Id', 'The issue’s id (a UUID).') }),
  output: (z) => issueSchema(z),
  lookups: { issueId: issueLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearIssue> {
    const data = await ctx.linear.run<{ issue: LinearIssue }>(
      GET_ISSUE_BY_ID_QUERY,
      { id: input.issueId },
      { signal, notFound: { field: 'issue', what: `issue ${input.issueId}` } },
    );
    return data.issue;
  },
});
