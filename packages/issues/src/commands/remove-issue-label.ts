import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { issueLabelLookup, issueLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { issueLabelsSchema, type LinearIssueLabels } from '../schemas/labels.js';

/** `issueRemoveLabel(id, labelId)`, returning the issue's labels. */
export const REMOVE_ISSUE_LABEL_MUTATION = defineOperation(`
mutation RemoveIssueLabel($id: String!, $labelId: String!) {
  issueRemoveLabel(id: $id, labelId: $labelId) {
    success
    issue { id identifier labelIds labels(first: 100) { nodes { id name } } }
  }
}`);

/** Takes a label off an issue: `issueRemoveLabel(id, labelId)`. */
export const removeIssueLabel = defineCommand({
  key: 'removeIssueLabel',
  title: 'Remove Issue Label',
  description:
    'Removes a label from a Linear issue, keeping its other labels, and returns the issue’s labels.',
  input: (z) =>
    z.object({
      issueId: uuidParam(z, 'Issue Id', 'The issue (its UUID).'),
      labelId: uuidParam(z, 'Label Id', 'The label to remove (its UUID).'),
    }),
  output: (z) => issueLabelsSchema(z),
  lookups: { issueId: issueLookup, labelId: issueLabelLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearIssueLabels> {
    const data = await ctx.linear.run<{ issueRemoveLabel: { issue: LinearIssueLabels } }>(
      REMOVE_ISSUE_LABEL_MUTATION,
      { id: input.issueId, labelId: input.labelId },
      { signal },
    );
    return data.issueRemoveLabel.issue;
  },
});
