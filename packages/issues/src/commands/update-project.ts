import { defineCommand, ProviderError, ValidationError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation, PROJECT_FIELDS } from '../issues-documents.js';
import { projectLookup } from '../issues-lookups.js';
import { additionalFieldsParam, buildInput, markdownParam, textParam, uuidParam } from '../issues-params.js';
import { type LinearProject, projectSchema } from '../issues-schemas.js';

/** `projectUpdate`, returning the whole project. */
export const UPDATE_PROJECT_MUTATION = defineOperation(
  `
mutation UpdateProject($id: String!, $input: ProjectUpdateInput!) {
  projectUpdate(id: $id, input: $input) {
    success
    project { ...ProjectFields }
  }
}`,
  PROJECT_FIELDS,
);

const OWN_FIELDS = { name: 'name', description: 'description' };

/** Updates a project: `projectUpdate(id, input)` with only the fields given. */
export const updateProject = defineCommand({
  key: 'updateProject',
  title: 'Update Project',
  description: 'Updates a Linear project. Only the fields given change. Returns the full project.',
  input: (z) =>
    z.object({
      projectId: uuidParam(z, 'Project Id', 'The project to update (its UUID).'),
      name: textParam(z, 'Project Name', 'The new name.').optional(),
      description: markdownParam(z, 'Description', 'The new summary.').optional(),
      additionalFields: additionalFieldsParam(
        z,
        'ProjectUpdateInput',
        'statusId, targetDate, color, leadId',
      ).optional(),
    }),
  output: (z) => projectSchema(z),
  lookups: { projectId: projectLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearProject> {
    const fields = { name: input.name, description: input.description };
    const changes = buildInput('ProjectUpdateInput', fields, input.additionalFields, OWN_FIELDS);
    if (Object.keys(changes).length === 0) {
      throw new ValidationError(
        'Nothing to update: give at least one of name, description or additionalFields',
      );
    }
    const data = await ctx.linear.run<{ projectUpdate: { success: boolean; project: LinearProject | null } }>(
      UPDATE_PROJECT_MUTATION,
      { id: input.projectId, input: changes },
      { signal },
    );
    if (!data.projectUpdate.success || !data.projectUpdate.project) {
      throw new ProviderError('Linear answered projectUpdate without updating the project (success: false)');
    }
    return data.projectUpdate.project;
  },
});
