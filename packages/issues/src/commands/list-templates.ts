import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { teamLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { type LinearTemplateList, templateListSchema } from '../schemas/planning.js';

const TEMPLATE_FIELDS = 'id name type description createdAt team { id key name }';

/**
 * `organization{templates}`: the workspace-level templates. (The root `templates` list holds the
 * same with every team's; a connection pages, where the bare list cannot.)
 */
export const LIST_TEMPLATES_QUERY = defineOperation(`
query ListTemplates {
  organization {
    id
    templates(first: 100) { nodes { ${TEMPLATE_FIELDS} } }
  }
}`);

/** `team(id){templates}`: a team's templates. */
export const LIST_TEAM_TEMPLATES_QUERY = defineOperation(`
query ListTeamTemplates($id: String!) {
  team(id: $id) {
    id
    templates(first: 100) { nodes { ${TEMPLATE_FIELDS} } }
  }
}`);

/** Lists templates: the workspace's `organization{templates}`, or a team's `team(id){templates}`. */
export const listTemplates = defineCommand({
  key: 'listTemplates',
  title: 'List Templates',
  description:
    'Lists the Linear templates for new issues, projects and documents: the workspace’s own, or those of one team.',
  input: (z) =>
    z.object({ teamId: uuidParam(z, 'Team Id', 'Only this team’s templates (its UUID).').optional() }),
  output: (z) => templateListSchema(z),
  lookups: { teamId: teamLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearTemplateList> {
    if (input.teamId) {
      const data = await ctx.linear.run<{ team: { templates: LinearTemplateList } }>(
        LIST_TEAM_TEMPLATES_QUERY,
        { id: input.teamId },
        { signal, notFound: { field: 'team', what: `team ${input.teamId}` } },
      );
      return { nodes: data.team.templates.nodes };
    }
    const data = await ctx.linear.run<{ organization: { templates: LinearTemplateList } }>(
      LIST_TEMPLATES_QUERY,
      {},
      { signal },
    );
    return { nodes: data.organization.templates.nodes };
  },
});
