import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation, ISSUE_FIELDS } from '../issues-documents.js';
import { teamCycleLookup, teamLookup, teamStateLookup } from '../issues-lookups.js';
import {
  additionalFieldsParam,
  buildInput,
  dueDateParam,
  markdownParam,
  priorityParam,
  textParam,
  uuidParam,
} from '../issues-params.js';
import { issueSchema, type LinearIssue } from '../issues-schemas.js';
import { GET_ISSUE_BY_ID_QUERY } from './get-issue-by-id.js';

/** `issueCreate`, returning the new issue. */
export const CREATE_ISSUE_MUTATION = defineOperation(
  `
mutation CreateIssue($input: IssueCreateInput!) {
  issueCreate(input: $input) {
    success
    issue { ...IssueFields }
  }
}`,
  ISSUE_FIELDS,
);

/** Parameters that set a field of `IssueCreateInput` themselves, by input field. */
const OWN_FIELDS = {
  teamId: 'teamId',
  title: 'title',
  description: 'description',
  stateId: 'statusId',
  priority: 'priority',
  dueDate: 'dueDate',
  cycleId: 'cycleId',
};

/** What `issueCreate` answers. */
type CreateAnswer = { issueCreate: { success: boolean; issue: LinearIssue | null } };

/** Creates an issue: `issueCreate(input)`. */
export const createIssue = defineCommand({
  key: 'createIssue',
  title: 'Create Issue',
  description:
    'Creates a Linear issue in a team and returns it with its id, identifier (such as ENG-124), state, team and timestamps.',
  input: (z) =>
    z.object({
      teamId: uuidParam(
        z,
        'Team Id',
        'The team the issue belongs to (its UUID); its key prefixes the identifier.',
      ),
      title: textParam(z, 'Title', 'The issue title.'),
      description: markdownParam(z, 'Description', 'The issue description, in Markdown.').optional(),
      statusId: uuidParam(
        z,
        'Status Id',
        'The workflow state to create the issue in (a UUID of one of the team’s states); omitted, the team’s default first status.',
      ).optional(),
      priority: priorityParam(z).optional(),
      dueDate: dueDateParam(z).optional(),
      cycleId: uuidParam(z, 'Cycle Id', 'The cycle (UUID) of the team to add the issue to.').optional(),
      additionalFields: additionalFieldsParam(
        z,
        'IssueCreateInput',
        'assigneeId, labelIds, projectId, estimate',
      ).optional(),
    }),
  output: (z) => issueSchema(z),
  lookups: { teamId: teamLookup, statusId: teamStateLookup, cycleId: teamCycleLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearIssue> {
    // An id chosen from the run's idempotency key: a repeat of this run cannot create a second issue.
    const id =
      input.additionalFields?.id === undefined
        ? clientChosenId(idempotencyKey, 'issues.createIssue')
        : undefined;
    const fields = {
      id,
      teamId: input.teamId,
      title: input.title,
      description: input.description,
      stateId: input.statusId,
      priority: input.priority,
      dueDate: input.dueDate,
      cycleId: input.cycleId,
    };
    let variables: { input: Record<string, unknown> };
    try {
      variables = { input: buildInput('IssueCreateInput', fields, input.additionalFields, OWN_FIELDS) };
    } catch (error) {
      // Not an async function (one promise less per create), so a refusal of `additionalFields` is
      // turned into a rejection here: `run` never throws synchronously.
      return Promise.reject(error);
    }
    return createOnce(
      id,
      () =>
        ctx.linear.run<CreateAnswer>(CREATE_ISSUE_MUTATION, variables, { signal }).then(({ issueCreate }) => {
          if (!issueCreate.success || !issueCreate.issue) {
            throw new ProviderError(
              'Linear answered issueCreate without creating the issue (success: false)',
            );
          }
          return issueCreate.issue;
        }),
      async (existing) =>
        (await ctx.linear.run<{ issue: LinearIssue }>(GET_ISSUE_BY_ID_QUERY, { id: existing }, { signal }))
          .issue,
    );
  },
});
