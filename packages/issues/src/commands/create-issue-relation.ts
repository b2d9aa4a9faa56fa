import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { ISSUE_RELATION_FIELDS } from '../issues-fragments.js';
import { issueLookup, otherIssueLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { issueRelationSchema, type LinearIssueRelation } from '../schemas/links.js';

/** `issueRelationCreate`, returning the relation. */
export const CREATE_ISSUE_RELATION_MUTATION = defineOperation(
  `
mutation CreateIssueRelation($input: IssueRelationCreateInput!) {
  issueRelationCreate(input: $input) {
    success
    issueRelation { ...IssueRelationFields }
  }
}`,
  ISSUE_RELATION_FIELDS,
);

/** `issueRelation(id)`: one relation, to answer a repeated create. */
export const GET_ISSUE_RELATION_QUERY = defineOperation(
  `
query GetIssueRelation($id: String!) {
  issueRelation(id: $id) { ...IssueRelationFields }
}`,
  ISSUE_RELATION_FIELDS,
);

/** Linear's relation types, read from the issue: it blocks, duplicates, relates to, resembles. */
export const ISSUE_RELATION_TYPES = ['blocks', 'duplicate', 'related', 'similar'] as const;

/** Relates two issues: `issueRelationCreate(input)`. */
export const createIssueRelation = defineCommand({
  key: 'createIssueRelation',
  title: 'Create Issue Relation',
  description:
    'Relates two Linear issues: the issue blocks, duplicates, relates to or is similar to the related issue. Returns the relation; the related issue sees it among its inverse relations (blocked by, duplicated by).',
  input: (z) =>
    z.object({
      issueId: uuidParam(z, 'Issue Id', 'The issue the relation is read from (its UUID).'),
      relatedIssueId: uuidParam(z, 'Related Issue Id', 'The other issue (its UUID).'),
      type: z.enum(ISSUE_RELATION_TYPES).meta({
        title: 'Type',
        description:
          'blocks: the issue blocks the related one; duplicate: the issue duplicates it; related; similar.',
      }),
    }),
  output: (z) => issueRelationSchema(z),
  lookups: { issueId: issueLookup, relatedIssueId: otherIssueLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearIssueRelation> {
    // An id chosen from the run's idempotency key: a repeat of this run relates the issues once.
    const id = clientChosenId(idempotencyKey, 'issues.createIssueRelation');
    const variables = {
      input: { id, issueId: input.issueId, relatedIssueId: input.relatedIssueId, type: input.type },
    };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          issueRelationCreate: { success: boolean; issueRelation: LinearIssueRelation | null };
        }>(CREATE_ISSUE_RELATION_MUTATION, variables, { signal });
        if (!data.issueRelationCreate.success || !data.issueRelationCreate.issueRelation) {
          throw new ProviderError('Linear answered issueRelationCreate without creating it (success: false)');
        }
        return data.issueRelationCreate.issueRelation;
      },
      async (existing) =>
        (
          await ctx.linear.run<{ issueRelation: LinearIssueRelation }>(
            GET_ISSUE_RELATION_QUERY,
            { id: existing },
            { signal },
          )
        ).issueRelation,
    );
  },
});
