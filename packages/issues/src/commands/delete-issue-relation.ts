import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { issueRelationLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/** `issueRelationDelete(id)`. */
export const DELETE_ISSUE_RELATION_MUTATION = defineOperation(`
mutation DeleteIssueRelation($id: String!) {
  issueRelationDelete(id: $id) {
    success
    entityId
  }
}`);

/** Removes a relation between two issues: `issueRelationDelete(id)`. */
export const deleteIssueRelation = defineCommand({
  key: 'deleteIssueRelation',
  title: 'Delete Issue Relation',
  description: 'Removes a relation between two Linear issues (from both sides) and returns {success, id}.',
  input: (z) => z.object({ relationId: uuidParam(z, 'Relation Id', 'The relation to remove (its UUID).') }),
  output: (z) => deleteResultSchema(z),
  lookups: { relationId: issueRelationLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{ issueRelationDelete: { success: boolean; entityId: string } }>(
      DELETE_ISSUE_RELATION_MUTATION,
      { id: input.relationId },
      { signal, notFound: { field: 'issueRelationDelete', what: `issue relation ${input.relationId}` } },
    );
    return {
      success: data.issueRelationDelete.success,
      id: data.issueRelationDelete.entityId ?? input.relationId,
    };
  },
});
