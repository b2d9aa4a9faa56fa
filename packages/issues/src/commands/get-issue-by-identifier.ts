import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation, ISSUE_FIELDS } from '../issues-documents.js';
import { issueIdentifierLookup } from '../issues-lookups.js';
import { identifierParam } from '../issues-params.js';
import { issueSchema, type LinearIssue } from '../issues-schemas.js';

/** `issue(id)` with an identifier: Linear's `issue` accepts `ENG-123` as well as a UUID. */
export const GET_ISSUE_BY_IDENTIFIER_QUERY = defineOperation(
  `
query GetIssueByIdentifier($id: String!) {
  issue(id: $id) { ...IssueFields }
}`,
  ISSUE_FIELDS,
);

/** Reads one issue by its identifier (`ENG-123`): `issue(id: identifier)`. */
export const getIssueByIdentifier = defineCommand({
  key: 'getIssueByIdentifier',
  title: 'Get Issue by Issue Identifier',
  description:
    'Reads a Linear issue by its identifier, the team key and the issue number such as ENG-123. An identifier the issue had before it moved teams still finds it.',
  input: (z) =>
    z.object({
      identifier: identifierParam(
        z,
        'Identifier',
        "The issue's identifier, such as ENG-123: its team key and number.",
      ),
    }),
  output: (z) => issueSchema(z),
  lookups: { identifier: issueIdentifierLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearIssue> {
    // Team keys are upper case in Linear; `eng-123` means the same issue.
    const identifier = input.identifier.toUpperCase();
    const data = await ctx.linear.run<{ issue: LinearIssue }>(
      GET_ISSUE_BY_IDENTIFIER_QUERY,
      { id: identifier },
      { signal, notFound: { field: 'issue', what: `issue ${identifier}` } },
    );
    return data.issue;
  },
});
