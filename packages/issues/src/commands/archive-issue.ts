import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { issueLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/** `issueArchive(id)`. */
export const ARCHIVE_ISSUE_MUTATION = defineOperation(`
mutation ArchiveIssue($id: String!) {
  issueArchive(id: $id) {
    success
    entity { id }
  }
}`);

/** Archives an issue: `issueArchive(id)`. */
export const archiveIssue = defineCommand({
  key: 'archiveIssue',
  title: 'Archive Issue',
  description:
    'Archives a Linear issue (and its sub-issues) and returns {success, id}. Archived issues leave the active boards and can be restored.',
  input: (z) => z.object({ issueId: uuidParam(z, 'Issue Id', 'The issue to archive (its UUID).') }),
  output: (z) => deleteResultSchema(z),
  lookups: { issueId: issueLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{ issueArchive: { success: boolean; entity: { id: string } | null } }>(
      ARCHIVE_ISSUE_MUTATION,
      { id: input.issueId },
      { signal, notFound: { field: 'issueArchive', what: `issue ${input.issueId}` } },
    );
    return { success: data.issueArchive.success, id: data.issueArchive.entity?.id ?? input.issueId };
  },
});
