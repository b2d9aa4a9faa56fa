import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { issueLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/** `issueUnarchive(id)`. */
export const UNARCHIVE_ISSUE_MUTATION = defineOperation(`
mutation UnarchiveIssue($id: String!) {
  issueUnarchive(id: $id) {
    success
    entity { id }
  }
}`);

/** Restores an archived issue: `issueUnarchive(id)`. */
export const unarchiveIssue = defineCommand({
  key: 'unarchiveIssue',
  title: 'Unarchive Issue',
  description: 'Restores an archived Linear issue to the active boards and returns {success, id}.',
  input: (z) => z.object({ issueId: uuidParam(z, 'Issue Id', 'The archived issue to restore (its UUID).') }),
  output: (z) => deleteResultSchema(z),
  lookups: { issueId: issueLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{
      issueUnarchive: { success: boolean; entity: { id: string } | null };
    }>(
      UNARCHIVE_ISSUE_MUTATION,
      { id: input.issueId },
      { signal, notFound: { field: 'issueUnarchive', what: `issue ${input.issueId}` } },
    );
    return { success: data.issueUnarchive.success, id: data.issueUnarchive.entity?.id ?? input.issueId };
  },
});
