import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { projectLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/** `projectDelete(id)`. */
export const DELETE_PROJECT_MUTATION = defineOperation(`
mutation DeleteProject($id: String!) {
  projectDelete(id: $id) {
    success
    entity { id }
  }
}`);

/** Deletes a project: `projectDelete(id)`. */
export const deleteProject = defineCommand({
  key: 'deleteProject',
  title: 'Delete Project',
  description:
    'Deletes a Linear project and returns {success, id}. Its issues stay; the project leaves every list.',
  input: (z) => z.object({ projectId: uuidParam(z, 'Project Id', 'The project to delete (its UUID).') }),
  output: (z) => deleteResultSchema(z),
  lookups: { projectId: projectLookup },
  annotations: { readOnly: false, destructive: true, idempotent: false },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{ projectDelete: { success: boolean; entity: { id: string } | null } }>(
      DELETE_PROJECT_MUTATION,
      { id: input.projectId },
      { signal, notFound: { field: 'projectDelete', what: `project ${input.projectId}` } },
    );
    return { success: data.projectDelete.success, id: data.projectDelete.entity?.id ?? input.projectId };
  },
});
