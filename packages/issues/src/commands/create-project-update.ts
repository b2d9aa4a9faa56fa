import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { PROJECT_UPDATE_FIELDS } from '../issues-fragments.js';
import { projectLookup } from '../issues-lookups.js';
import { markdownParam, uuidParam } from '../issues-params.js';
import { type LinearProjectUpdate, PROJECT_HEALTH, projectUpdateSchema } from '../schemas/project-plans.js';

/** `projectUpdateCreate`, returning the update. */
export const CREATE_PROJECT_UPDATE_MUTATION = defineOperation(
  `
mutation CreateProjectUpdate($input: ProjectUpdateCreateInput!) {
  projectUpdateCreate(input: $input) {
    success
    projectUpdate { ...ProjectUpdateFields }
  }
}`,
  PROJECT_UPDATE_FIELDS,
);

/** `projectUpdate(id)`: one update (what a repeated create reads back). */
export const GET_PROJECT_UPDATE_QUERY = defineOperation(
  `
query GetProjectUpdate($id: String!) {
  projectUpdate(id: $id) { ...ProjectUpdateFields }
}`,
  PROJECT_UPDATE_FIELDS,
);

/** Posts a status update on a project: `projectUpdateCreate(input)`. */
export const createProjectUpdate = defineCommand({
  key: 'createProjectUpdate',
  title: 'Create Project Update',
  description:
    'Posts a status update (Markdown) on a Linear project with its health, onTrack, atRisk or offTrack; the project’s health becomes that of its newest update. Returns the update.',
  input: (z) =>
    z.object({
      projectId: uuidParam(z, 'Project Id', 'The project to post on (its UUID).'),
      body: markdownParam(z, 'Body', 'The update, in Markdown.'),
      health: z.enum(PROJECT_HEALTH).optional().meta({
        title: 'Health',
        description:
          'onTrack, atRisk or offTrack. Unset: the project’s current health (onTrack for its first update).',
      }),
    }),
  output: (z) => projectUpdateSchema(z),
  lookups: { projectId: projectLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearProjectUpdate> {
    // An id chosen from the run's idempotency key: a repeat of this run posts one update.
    const id = clientChosenId(idempotencyKey, 'issues.createProjectUpdate');
    const variables = {
      input: { id, projectId: input.projectId, body: input.body, health: input.health },
    };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          projectUpdateCreate: { success: boolean; projectUpdate: LinearProjectUpdate | null };
        }>(CREATE_PROJECT_UPDATE_MUTATION, variables, { signal });
        if (!data.projectUpdateCreate.success || !data.projectUpdateCreate.projectUpdate) {
          throw new ProviderError('Linear answered projectUpdateCreate without posting it (success: false)');
        }
        return data.projectUpdateCreate.projectUpdate;
      },
      async (existing) =>
        (
          await ctx.linear.run<{ projectUpdate: LinearProjectUpdate }>(
            GET_PROJECT_UPDATE_QUERY,
            { id: existing },
            { signal },
          )
        ).projectUpdate,
    );
  },
});
