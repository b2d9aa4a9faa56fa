import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { INITIATIVE_TO_PROJECT_FIELDS } from '../issues-fragments.js';
import { initiativeLookup, projectOutsideInitiativeLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { initiativeToProjectSchema, type LinearInitiativeToProject } from '../schemas/initiatives.js';

/** `initiativeToProjectCreate`, returning the project's place in the initiative. */
export const ADD_PROJECT_TO_INITIATIVE_MUTATION = defineOperation(
  `
mutation AddProjectToInitiative($input: InitiativeToProjectCreateInput!) {
  initiativeToProjectCreate(input: $input) {
    success
    initiativeToProject { ...InitiativeToProjectFields }
  }
}`,
  INITIATIVE_TO_PROJECT_FIELDS,
);

/** `initiativeToProject(id)`: what a repeated add reads back. */
export const GET_INITIATIVE_TO_PROJECT_QUERY = defineOperation(
  `
query GetInitiativeToProject($id: String!) {
  initiativeToProject(id: $id) { ...InitiativeToProjectFields }
}`,
  INITIATIVE_TO_PROJECT_FIELDS,
);

/** Adds a project to an initiative: `initiativeToProjectCreate(input)`. */
export const addProjectToInitiative = defineCommand({
  key: 'addProjectToInitiative',
  title: 'Add Project To Initiative',
  description:
    'Adds a Linear project to an initiative. A project appears once in an initiative (Linear refuses it a second time) but may belong to several initiatives. Returns the link with the initiative and the project.',
  input: (z) =>
    z.object({
      initiativeId: uuidParam(z, 'Initiative Id', 'The initiative (its UUID).'),
      projectId: uuidParam(z, 'Project Id', 'The project to add (its UUID), one not yet in the initiative.'),
    }),
  output: (z) => initiativeToProjectSchema(z),
  lookups: { initiativeId: initiativeLookup, projectId: projectOutsideInitiativeLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearInitiativeToProject> {
    // An id chosen from the run's idempotency key: a repeat of this run answers the same link.
    const id = clientChosenId(idempotencyKey, 'issues.addProjectToInitiative');
    const variables = { input: { id, initiativeId: input.initiativeId, projectId: input.projectId } };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          initiativeToProjectCreate: {
            success: boolean;
            initiativeToProject: LinearInitiativeToProject | null;
          };
        }>(ADD_PROJECT_TO_INITIATIVE_MUTATION, variables, { signal });
        const { success, initiativeToProject } = data.initiativeToProjectCreate;
        if (!success || !initiativeToProject) {
          throw new ProviderError(
            'Linear answered initiativeToProjectCreate without adding it (success: false)',
          );
        }
        return initiativeToProject;
      },
      async (existing) =>
        (
          await ctx.linear.run<{ initiativeToProject: LinearInitiativeToProject }>(
            GET_INITIATIVE_TO_PROJECT_QUERY,
            { id: existing },
            { signal },
          )
        ).initiativeToProject,
    );
  },
});
