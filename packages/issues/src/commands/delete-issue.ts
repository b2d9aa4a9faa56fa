import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { issueLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/** `issueDelete(id)`. */
export const DELETE_ISSUE_MUTATION = defineOperation(`
mutation DeleteIssue($id: String!) {
  issueDelete(id: $id) {
    success
    entity { id }
  }
}`);

/** Deletes an issue: `issueDelete(id)`. */
export const deleteIssue = defineCommand({
  key: 'deleteIssue',
  title: 'Delete Issue',
  description:
    'Deletes a Linear issue and returns {success, id}. Linear moves it to the trash, where an admin can restore it for 30 days; it no longer appears in lists.',
  input: (z) => z.object({ issueId: uuidParam(z, 'Issue Id', 'The issue to delete (its UUID).') }),
  output: (z) => deleteResultSchema(z),
  lookups: { issueId: issueLookup },
  annotations: { readOnly: false, destructive: true, idempotent: false },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{ issueDelete: { success: boolean; entity: { id: string } | null } }>(
      DELETE_ISSUE_MUTATION,
      { id: input.issueId },
      { signal, notFound: { field: 'issueDelete', what: `issue ${input.issueId}` } },
    );
    return { success: data.issueDelete.success, id: data.issueDelete.entity?.id ?? input.issueId };
  },
});
