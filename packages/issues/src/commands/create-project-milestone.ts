import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { PROJECT_MILESTONE_FIELDS } from '../issues-fragments.js';
import { projectLookup } from '../issues-lookups.js';
import { dueDateParam, textParam, uuidParam } from '../issues-params.js';
import { type LinearProjectMilestone, projectMilestoneSchema } from '../schemas/project-plans.js';

/** `projectMilestoneCreate`, returning the milestone. */
export const CREATE_PROJECT_MILESTONE_MUTATION = defineOperation(
  `
mutation CreateProjectMilestone($input: ProjectMilestoneCreateInput!) {
  projectMilestoneCreate(input: $input) {
    success
    projectMilestone { ...ProjectMilestoneFields }
  }
}`,
  PROJECT_MILESTONE_FIELDS,
);

/** `projectMilestone(id)`: one milestone (what a repeated create reads back). */
export const GET_PROJECT_MILESTONE_QUERY = defineOperation(
  `
query GetProjectMilestone($id: String!) {
  projectMilestone(id: $id) { ...ProjectMilestoneFields }
}`,
  PROJECT_MILESTONE_FIELDS,
);

/** Adds a milestone to a project: `projectMilestoneCreate(input)`. */
export const createProjectMilestone = defineCommand({
  key: 'createProjectMilestone',
  title: 'Create Project Milestone',
  description:
    'Adds a milestone to a Linear project (a milestone belongs to that one project), after its last one, with an optional target date. Returns the milestone.',
  input: (z) =>
    z.object({
      projectId: uuidParam(z, 'Project Id', 'The project the milestone belongs to (its UUID).'),
      name: textParam(z, 'Name', 'The milestone’s name, e.g. Beta.'),
      targetDate: dueDateParam(z)
        .optional()
        .meta({ title: 'Target Date', description: 'When it should be reached (YYYY-MM-DD).' }),
      description: z
        .string()
        .optional()
        .meta({ title: 'Description', description: 'What it means, in Markdown.' }),
    }),
  output: (z) => projectMilestoneSchema(z),
  lookups: { projectId: projectLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearProjectMilestone> {
    // An id chosen from the run's idempotency key: a repeat of this run adds one milestone.
    const id = clientChosenId(idempotencyKey, 'issues.createProjectMilestone');
    const { projectId, name, targetDate, description } = input;
    const variables = { input: { id, projectId, name, targetDate, description } };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          projectMilestoneCreate: { success: boolean; projectMilestone: LinearProjectMilestone | null };
        }>(CREATE_PROJECT_MILESTONE_MUTATION, variables, { signal });
        if (!data.projectMilestoneCreate.success || !data.projectMilestoneCreate.projectMilestone) {
          throw new ProviderError(
            'Linear answered projectMilestoneCreate without creating it (success: false)',
          );
        }
        return data.projectMilestoneCreate.projectMilestone;
      },
      async (existing) =>
        (
          await ctx.linear.run<{ projectMilestone: LinearProjectMilestone }>(
            GET_PROJECT_MILESTONE_QUERY,
            { id: existing },
            { signal },
          )
        ).projectMilestone,
    );
  },
});
