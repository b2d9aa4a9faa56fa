import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation, PROJECT_FIELDS } from '../issues-documents.js';
import { teamLookup } from '../issues-lookups.js';
import { additionalFieldsParam, buildInput, markdownParam, textParam, uuidParam } from '../issues-params.js';
import { type LinearProject, projectSchema } from '../issues-schemas.js';
import { GET_PROJECT_QUERY } from './get-project-by-id.js';

/** `projectCreate`, returning the new project. */
export const CREATE_PROJECT_MUTATION = defineOperation(
  `
mutation CreateProject($input: ProjectCreateInput!) {
  projectCreate(input: $input) {
    success
    project { ...ProjectFields }
  }
}`,
  PROJECT_FIELDS,
);

const OWN_FIELDS = { teamIds: 'teamIds', name: 'name', description: 'description' };

/** Creates a project for one or more teams: `projectCreate(input)`. */
export const createProject = defineCommand({
  key: 'createProject',
  title: 'Create Project',
  description:
    'Creates a Linear project for one team or several, and returns it with its id, status and teams.',
  input: (z) => {
    const teamId = uuidParam(z, 'Team Id', 'A team (UUID) the project belongs to.');
    return z.object({
      teamIds: z.union([teamId, z.array(teamId).min(1)]).meta({
        title: 'Team Ids',
        description: 'One team id (a UUID) or an array of them, for several teams.',
      }),
      name: textParam(z, 'Project Name', 'The project name.'),
      description: markdownParam(z, 'Description', 'A short summary of the project.').optional(),
      additionalFields: additionalFieldsParam(
        z,
        'ProjectCreateInput',
        'statusId, color, targetDate, startDate, leadId, content',
      ).optional(),
    });
  },
  output: (z) => projectSchema(z),
  lookups: { teamIds: teamLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearProject> {
    const teamIds = [...new Set(Array.isArray(input.teamIds) ? input.teamIds : [input.teamIds])];
    // An id chosen from the run's idempotency key: a repeat of this run cannot create a second project.
    const id =
      input.additionalFields?.id === undefined
        ? clientChosenId(idempotencyKey, 'issues.createProject')
        : undefined;
    const fields = { id, teamIds, name: input.name, description: input.description };
    const variables = { input: buildInput('ProjectCreateInput', fields, input.additionalFields, OWN_FIELDS) };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          projectCreate: { success: boolean; project: LinearProject | null };
        }>(CREATE_PROJECT_MUTATION, variables, { signal });
        if (!data.projectCreate.success || !data.projectCreate.project) {
          throw new ProviderError(
            'Linear answered projectCreate without creating the project (success: false)',
          );
        }
        return data.projectCreate.project;
      },
      async (existing) =>
        (await ctx.linear.run<{ project: LinearProject }>(GET_PROJECT_QUERY, { id: existing }, { signal }))
          .project,
    );
  },
});
