import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { PROJECT_MILESTONE_FIELDS } from '../issues-fragments.js';
import { projectLookup } from '../issues-lookups.js';
import { cursorParam, limitParam, uuidParam } from '../issues-params.js';
import { type LinearProjectMilestonePage, projectMilestonePageSchema } from '../schemas/project-plans.js';

/** `project(id){projectMilestones}`: one page of a project's milestones. */
export const LIST_PROJECT_MILESTONES_QUERY = defineOperation(
  `
query ListProjectMilestones($id: String!, $first: Int!, $after: String) {
  project(id: $id) {
    id
    projectMilestones(first: $first, after: $after) {
      nodes { ...ProjectMilestoneFields }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
  PROJECT_MILESTONE_FIELDS,
);

/** Lists a project's milestones, newest first: `project(id){projectMilestones(first, after)}`. */
export const listProjectMilestones = defineCommand({
  key: 'listProjectMilestones',
  title: 'List Project Milestones',
  description:
    'Lists the milestones of a Linear project, newest first (sortOrder gives the project’s order), with their target dates and status, one page at a time.',
  input: (z) =>
    z.object({
      projectId: uuidParam(z, 'Project Id', 'The project whose milestones to list (its UUID).'),
      limit: limitParam(z, 'Milestones', 50),
      cursor: cursorParam(z),
    }),
  output: (z) => projectMilestonePageSchema(z),
  lookups: { projectId: projectLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearProjectMilestonePage> {
    const data = await ctx.linear.run<{ project: { projectMilestones: LinearProjectMilestonePage } }>(
      LIST_PROJECT_MILESTONES_QUERY,
      { id: input.projectId, first: input.limit, after: input.cursor || undefined },
      { signal, notFound: { field: 'project', what: `project ${input.projectId}` } },
    );
    const { nodes, pageInfo } = data.project.projectMilestones;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
