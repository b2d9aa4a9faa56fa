import { defineCommand, ProviderError, ValidationError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation, ISSUE_FIELDS } from '../issues-documents.js';
import { issueLookup, teamLookup } from '../issues-lookups.js';
import { additionalFieldsParam, buildInput, markdownParam, textParam, uuidParam } from '../issues-params.js';
import { issueSchema, type LinearIssue } from '../issues-schemas.js';
import { GET_ISSUE_BY_ID_QUERY } from './get-issue-by-id.js';

/** The parent's team, read before anything is created. */
export const PARENT_TEAM_QUERY = defineOperation(`
query GetParentIssueTeam($id: String!) {
  issue(id: $id) {
    id
    identifier
    team { id key }
  }
}`);

/** `issueCreate` with `parentId`, returning the new sub-issue. */
export const CREATE_SUB_ISSUE_MUTATION = defineOperation(
  `
mutation CreateSubIssue($input: IssueCreateInput!) {
  issueCreate(input: $input) {
    success
    issue { ...IssueFields }
  }
}`,
  ISSUE_FIELDS,
);

const OWN_FIELDS = { parentId: 'parentId', teamId: 'teamId', title: 'title', description: 'description' };

/**
 * Creates a sub-issue. Linear itself accepts a sub-issue in another team; this command keeps a
 * sub-issue in its parent's team, as the reference requires, so it reads the parent first.
 */
export const createSubIssue = defineCommand({
  key: 'createSubIssue',
  title: 'Create Sub Issue',
  description:
    'Creates a sub-issue under a parent issue, in the parent’s team (Team Id must be that team: anything else is refused before creating). Returns the new issue.',
  input: (z) =>
    z.object({
      parentId: uuidParam(z, 'Parent Id', 'The parent issue (its UUID).'),
      teamId: uuidParam(
        z,
        'Team Id',
        'The parent’s team (its UUID); a sub-issue belongs to its parent’s team.',
      ),
      title: textParam(z, 'Title', 'The sub-issue title.'),
      description: markdownParam(z, 'Description', 'The sub-issue description, in Markdown.').optional(),
      additionalFields: additionalFieldsParam(
        z,
        'IssueCreateInput',
        'assigneeId, labelIds, priority, stateId',
      ).optional(),
    }),
  output: (z) => issueSchema(z),
  lookups: { parentId: issueLookup, teamId: teamLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearIssue> {
    // An id chosen from the run's idempotency key: a repeat of this run cannot create a second issue.
    const id =
      input.additionalFields?.id === undefined
        ? clientChosenId(idempotencyKey, 'issues.createSubIssue')
        : undefined;
    const fields = {
      id,
      parentId: input.parentId,
      teamId: input.teamId,
      title: input.title,
      description: input.description,
    };
    const variables = { input: buildInput('IssueCreateInput', fields, input.additionalFields, OWN_FIELDS) };
    const { issue: parent } = await ctx.linear.run<{
      issue: { identifier: string; team: { id: string; key: string } };
    }>(
      PARENT_TEAM_QUERY,
      { id: input.parentId },
      { signal, notFound: { field: 'issue', what: `parent issue ${input.parentId}` } },
    );
    if (parent.team.id.toLowerCase() !== input.teamId.toLowerCase()) {
      throw new ValidationError(
        `Invalid parameter "teamId": must be the team of the parent ${parent.identifier}, ${parent.team.key} (${parent.team.id})`,
        { parameter: 'teamId' },
      );
    }
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{ issueCreate: { success: boolean; issue: LinearIssue | null } }>(
          CREATE_SUB_ISSUE_MUTATION,
          variables,
          { signal },
        );
        if (!data.issueCreate.success || !data.issueCreate.issue) {
          throw new ProviderError(
            'Linear answered issueCreate without creating the sub-issue (success: false)',
          );
        }
        return data.issueCreate.issue;
      },
      async (existing) =>
        (await ctx.linear.run<{ issue: LinearIssue }>(GET_ISSUE_BY_ID_QUERY, { id: existing }, { signal }))
          .issue,
    );
  },
});
