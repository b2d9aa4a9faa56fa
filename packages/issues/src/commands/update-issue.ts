import { defineCommand, ProviderError, ValidationError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation, ISSUE_FIELDS } from '../issues-documents.js';
import { issueCycleLookup, issueLookup, issueStateLookup } from '../issues-lookups.js';
import {
  additionalFieldsParam,
  buildInput,
  clearable,
  dueDateParam,
  markdownParam,
  priorityParam,
  textParam,
  uuidParam,
} from '../issues-params.js';
import { issueSchema, type LinearIssue } from '../issues-schemas.js';

/** `issueUpdate`, returning the updated issue. */
export const UPDATE_ISSUE_MUTATION = defineOperation(
  `
mutation UpdateIssue($id: String!, $input: IssueUpdateInput!) {
  issueUpdate(id: $id, input: $input) {
    success
    issue { ...IssueFields }
  }
}`,
  ISSUE_FIELDS,
);

const OWN_FIELDS = {
  title: 'title',
  description: 'description',
  stateId: 'statusId',
  priority: 'priority',
  dueDate: 'dueDate',
  cycleId: 'cycleId',
};

/** Updates an issue: `issueUpdate(id, input)` with only the fields given. */
export const updateIssue = defineCommand({
  key: 'updateIssue',
  title: 'Update Issue',
  description:
    'Updates a Linear issue. Only the fields given change; null clears the description, due date or cycle. Returns the updated issue.',
  input: (z) =>
    z.object({
      issueId: uuidParam(z, 'Issue Id', 'The issue to update (its UUID).'),
      title: textParam(z, 'Title', 'The new title.').optional(),
      description: clearable(
        markdownParam(z, 'Description', 'The new description, in Markdown; null clears it.'),
      ),
      statusId: uuidParam(z, 'Status Id', 'The workflow state (UUID) to move the issue to.').optional(),
      priority: priorityParam(z).optional(),
      dueDate: clearable(dueDateParam(z)),
      cycleId: clearable(
        uuidParam(z, 'Cycle Id', 'The cycle (UUID) to move the issue to; null removes it from its cycle.'),
      ),
      additionalFields: additionalFieldsParam(
        z,
        'IssueUpdateInput',
        'assigneeId, labelIds, projectId, teamId',
      ).optional(),
    }),
  output: (z) => issueSchema(z),
  lookups: { issueId: issueLookup, statusId: issueStateLookup, cycleId: issueCycleLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearIssue> {
    const { issueId, statusId, additionalFields, ...rest } = input;
    const changes = buildInput(
      'IssueUpdateInput',
      { ...rest, stateId: statusId },
      additionalFields,
      OWN_FIELDS,
    );
    if (Object.keys(changes).length === 0) {
      throw new ValidationError(
        'Nothing to update: give at least one of title, description, statusId, priority, dueDate, cycleId or additionalFields',
      );
    }
    const data = await ctx.linear.run<{ issueUpdate: { success: boolean; issue: LinearIssue | null } }>(
      UPDATE_ISSUE_MUTATION,
      { id: issueId, input: changes },
      { signal },
    );
    if (!data.issueUpdate.success || !data.issueUpdate.issue) {
      throw new ProviderError('Linear answered issueUpdate without updating the issue (success: false)');
    }
    return data.issueUpdate.issue;
  },
});
