import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation, PROJECT_FIELDS } from '../issues-documents.js';
import { teamLookup, userLookup } from '../issues-lookups.js';
import { cursorParam, textParam, uuidParam } from '../issues-params.js';
import { type LinearProjectPage, projectPageSchema } from '../schemas/planning.js';

/** `projects(filter, first, after)`. */
export const LIST_PROJECTS_QUERY = defineOperation(
  `
query ListProjects($filter: ProjectFilter, $first: Int!, $after: String) {
  projects(filter: $filter, first: $first, after: $after) {
    nodes { ...ProjectFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  PROJECT_FIELDS,
);

/** Lists projects: `projects(filter)`. */
export const listProjects = defineCommand({
  key: 'listProjects',
  title: 'List Projects',
  description:
    'Lists Linear projects, one page at a time, optionally by stage (status type), team, lead or part of the name.',
  input: (z) =>
    z.object({
      statusType: z
        .enum(['backlog', 'planned', 'started', 'paused', 'completed', 'canceled'])
        .optional()
        .meta({ title: 'Status Type', description: 'Only projects at this stage.' }),
      teamId: uuidParam(z, 'Team Id', 'Only projects of this team (its UUID).').optional(),
      leadId: uuidParam(z, 'Lead Id', 'Only projects this user leads (their UUID).').optional(),
      name: textParam(z, 'Name', 'Only projects whose name contains this text, ignoring case.').optional(),
      // ProjectFields selects up to 50 teams per project: 40 projects stay under a third of
      // Linear's complexity limit.
      limit: z
        .int()
        .min(1)
        .max(40)
        .default(20)
        .meta({ title: 'Limit', description: 'Projects per page, 1 to 40 (default 20).' }),
      cursor: cursorParam(z),
    }),
  output: (z) => projectPageSchema(z),
  lookups: { teamId: teamLookup, leadId: userLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearProjectPage> {
    const filter: Record<string, unknown> = {};
    if (input.statusType) filter.status = { type: { eq: input.statusType } };
    if (input.teamId) filter.accessibleTeams = { some: { id: { eq: input.teamId } } };
    if (input.leadId) filter.lead = { id: { eq: input.leadId } };
    if (input.name) filter.name = { containsIgnoreCase: input.name };
    const data = await ctx.linear.run<{ projects: LinearProjectPage }>(
      LIST_PROJECTS_QUERY,
      { filter, first: input.limit, after: input.cursor || undefined },
      { signal },
    );
    const { nodes, pageInfo } = data.projects;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
