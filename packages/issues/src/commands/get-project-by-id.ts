import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation, PROJECT_FIELDS } from '../issues-documents.js';
import { projectLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { type LinearProject, projectSchema } from '../issues-schemas.js';

/** `project(id)`. */
export const GET_PROJECT_QUERY = defineOperation(
  `
query GetProjectById($id: String!) {
  project(id: $id) { ...ProjectFields }
}`,
  PROJECT_FIELDS,
);

/** Reads one project: `project(id)`. */
export const getProjectById = defineCommand({
  key: 'getProjectById',
  title: 'Get Project by ID',
  description: 'Reads a Linear project by its id (a UUID), with its status, lead and teams.',
  input: (z) => z.object({ projectId: uuidParam(z, 'Project Id', 'The project’s id (a UUID).') }),
  output: (z) => projectSchema(z),
  lookups: { projectId: projectLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearProject> {
    const data = await ctx.linear.run<{ project: LinearProject }>(
      GET_PROJECT_QUERY,
      { id: input.projectId },
      { signal, notFound: { field: 'project', what: `project ${input.projectId}` } },
    );
    return data.project;
  },
});
