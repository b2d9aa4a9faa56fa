import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { USER_FIELDS } from '../issues-fragments.js';
import { teamLookup } from '../issues-lookups.js';
import { cursorParam, limitParam, uuidParam } from '../issues-params.js';
import { type LinearUserPage, userPageSchema } from '../schemas/people.js';

/** `team(id){members(first, after)}`. */
export const LIST_TEAM_MEMBERS_QUERY = defineOperation(
  `
query ListTeamMembers($id: String!, $first: Int!, $after: String) {
  team(id: $id) {
    id
    members(first: $first, after: $after) {
      nodes { ...UserFields }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
  USER_FIELDS,
);

/** Lists a team's members: `team(id){members}`. */
export const listTeamMembers = defineCommand({
  key: 'listTeamMembers',
  title: 'List Team Members',
  description: 'Lists the members of a Linear team, one page at a time.',
  input: (z) =>
    z.object({
      teamId: uuidParam(z, 'Team Id', 'The team (its UUID).'),
      limit: limitParam(z, 'Members', 50),
      cursor: cursorParam(z),
    }),
  output: (z) => userPageSchema(z),
  lookups: { teamId: teamLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearUserPage> {
    const data = await ctx.linear.run<{ team: { members: LinearUserPage } }>(
      LIST_TEAM_MEMBERS_QUERY,
      { id: input.teamId, first: input.limit, after: input.cursor || undefined },
      { signal, notFound: { field: 'team', what: `team ${input.teamId}` } },
    );
    const { nodes, pageInfo } = data.team.members;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
