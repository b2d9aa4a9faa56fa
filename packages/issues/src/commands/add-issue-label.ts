import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { issueAddableLabelLookup, issueLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { issueLabelsSchema, type LinearIssueLabels } from '../schemas/labels.js';

/** `issueAddLabel(id, labelId)`, returning the issue's labels. */
export const ADD_ISSUE_LABEL_MUTATION = defineOperation(`
mutation AddIssueLabel($id: String!, $labelId: String!) {
  issueAddLabel(id: $id, labelId: $labelId) {
    success
    issue { id identifier labelIds labels(first: 100) { nodes { id name } } }
  }
}`);

/** Puts a label on an issue: `issueAddLabel(id, labelId)`. */
export const addIssueLabel = defineCommand({
  key: 'addIssueLabel',
  title: 'Add Issue Label',
  description:
    'Adds a label to a Linear issue, keeping its other labels (except another label of the same group, which it replaces), and returns the issue’s labels.',
  input: (z) =>
    z.object({
      issueId: uuidParam(z, 'Issue Id', 'The issue (its UUID).'),
      labelId: uuidParam(
        z,
        'Label Id',
        'The label to add (its UUID): the issue’s team’s or a workspace label.',
      ),
    }),
  output: (z) => issueLabelsSchema(z),
  lookups: { issueId: issueLookup, labelId: issueAddableLabelLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearIssueLabels> {
    const data = await ctx.linear.run<{ issueAddLabel: { issue: LinearIssueLabels } }>(
      ADD_ISSUE_LABEL_MUTATION,
      { id: input.issueId, labelId: input.labelId },
      { signal },
    );
    return data.issueAddLabel.issue;
  },
});
