import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { PROJECT_UPDATE_FIELDS } from '../issues-fragments.js';
import { projectLookup } from '../issues-lookups.js';
import { cursorParam, limitParam, uuidParam } from '../issues-params.js';
import { type LinearProjectUpdatePage, projectUpdatePageSchema } from '../schemas/project-plans.js';

/** `project(id){projectUpdates}`: one page of a project's updates. */
export const LIST_PROJECT_UPDATES_QUERY = defineOperation(
  `
query ListProjectUpdates($id: String!, $first: Int!, $after: String) {
  project(id: $id) {
    id
    projectUpdates(first: $first, after: $after) {
      nodes { ...ProjectUpdateFields }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
  PROJECT_UPDATE_FIELDS,
);

/** Lists a project's updates, newest first: `project(id){projectUpdates(first, after)}`. */
export const listProjectUpdates = defineCommand({
  key: 'listProjectUpdates',
  title: 'List Project Updates',
  description:
    'Lists the status updates of a Linear project, newest first, with their health, one page at a time.',
  input: (z) =>
    z.object({
      projectId: uuidParam(z, 'Project Id', 'The project whose updates to list (its UUID).'),
      limit: limitParam(z, 'Updates', 25),
      cursor: cursorParam(z),
    }),
  output: (z) => projectUpdatePageSchema(z),
  lookups: { projectId: projectLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearProjectUpdatePage> {
    const data = await ctx.linear.run<{ project: { projectUpdates: LinearProjectUpdatePage } }>(
      LIST_PROJECT_UPDATES_QUERY,
      { id: input.projectId, first: input.limit, after: input.cursor || undefined },
      { signal, notFound: { field: 'project', what: `project ${input.projectId}` } },
    );
    const { nodes, pageInfo } = data.project.projectUpdates;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
