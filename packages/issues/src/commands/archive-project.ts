import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { projectLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/**
 * `projectDelete(id)`, Linear's current way to archive a project: `projectArchive` is deprecated
 * "in favor of projectDelete" in `@linear/sdk` 98, and `projectDelete` moves the project to the
 * trash (archived), from where `projectUnarchive` restores it.
 */
export const ARCHIVE_PROJECT_MUTATION = defineOperation(`
mutation ArchiveProject($id: String!) {
  projectDelete(id: $id) {
    success
    entity { id }
  }
}`);

/** Archives a project with Linear's current archive mutation, `projectDelete(id)`. */
export const archiveProject = defineCommand({
  key: 'archiveProject',
  title: 'Archive Project',
  description:
    'Archives a Linear project and returns {success, id}. Linear deprecated projectArchive in favour of projectDelete, which this sends: the project moves to the trash (archived) and out of every list, its issues stay, and it can be restored from there (projectUnarchive).',
  input: (z) => z.object({ projectId: uuidParam(z, 'Project Id', 'The project to archive (its UUID).') }),
  output: (z) => deleteResultSchema(z),
  lookups: { projectId: projectLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{
      projectDelete: { success: boolean; entity: { id: string } | null };
    }>(
      ARCHIVE_PROJECT_MUTATION,
      { id: input.projectId },
      { signal, notFound: { field: 'projectDelete', what: `project ${input.projectId}` } },
    );
    return { success: data.projectDelete.success, id: data.projectDelete.entity?.id ?? input.projectId };
  },
});
