import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { ISSUE_RELATION_FIELDS } from '../issues-fragments.js';
import { issueLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import {
  issueRelationListSchema,
  type LinearIssueRelation,
  type LinearIssueRelationList,
} from '../schemas/links.js';

/** `issue(id){relations, inverseRelations}`: both directions, up to 100 each. */
export const GET_ISSUE_RELATIONS_QUERY = defineOperation(
  `
query GetIssueRelations($id: String!) {
  issue(id: $id) {
    id
    relations(first: 100) { nodes { ...IssueRelationFields } }
    inverseRelations(first: 100) { nodes { ...IssueRelationFields } }
  }
}`,
  ISSUE_RELATION_FIELDS,
);

/** An issue's relations both ways: `issue(id){relations, inverseRelations}`. */
export const getIssueRelations = defineCommand({
  key: 'getIssueRelations',
  title: 'Get Issue Relations',
  description:
    'Lists the relations of a Linear issue both ways: those read from it (it blocks, duplicates, relates to …: outward) and those read from the other issue (it is blocked by, duplicated by …: inward), up to 100 each.',
  input: (z) => z.object({ issueId: uuidParam(z, 'Issue Id', 'The issue (its UUID).') }),
  output: (z) => issueRelationListSchema(z),
  lookups: { issueId: issueLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearIssueRelationList> {
    type Nodes = { nodes: LinearIssueRelation[] };
    const data = await ctx.linear.run<{ issue: { relations: Nodes; inverseRelations: Nodes } }>(
      GET_ISSUE_RELATIONS_QUERY,
      { id: input.issueId },
      { signal, notFound: { field: 'issue', what: `issue ${input.issueId}` } },
    );
    const { relations, inverseRelations } = data.issue;
    return {
      nodes: [
        ...relations.nodes.map((relation) => ({ ...relation, direction: 'outward' as const })),
        ...inverseRelations.nodes.map((relation) => ({ ...relation, direction: 'inward' as const })),
      ],
    };
  },
});
