import { connectionPage, defineCommand, items } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { textParam } from '../issues-params.js';
import {
  type LinearPageInfo,
  type LinearTeam,
  type LinearTeamList,
  teamListSchema,
} from '../issues-schemas.js';

/**
 * `teams(filter: {name: {containsIgnoreCase}})`, with members and workflow states included only
 * when asked (`@include`), each bounded so a page stays far below Linear's complexity limit.
 */
export const SEARCH_TEAMS_QUERY = defineOperation(`
query SearchTeams($filter: TeamFilter!, $first: Int!, $after: String, $includeMembers: Boolean!, $includeStates: Boolean!) {
  teams(filter: $filter, first: $first, after: $after) {
    nodes {
      id
      key
      name
      description
      visibility
      createdAt
      updatedAt
      members(first: 100) @include(if: $includeMembers) {
        nodes { id name displayName email active }
        pageInfo { hasNextPage endCursor }
      }
      states(first: 50) @include(if: $includeStates) {
        nodes { id name type color position }
        pageInfo { hasNextPage endCursor }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`);

/** Teams per page: fewer when each team carries its members or states, to bound the query's cost. */
const PAGE_SIZE = { plain: 50, nested: 5 };

/** Finds teams by a part of their name, case-insensitive, following every page. */
export const searchTeams = defineCommand({
  key: 'searchTeams',
  title: 'Search Teams',
  description:
    'Finds Linear teams whose name contains the text (case-insensitive), with their members (up to 100 each) and workflow states when asked.',
  input: (z) =>
    z.object({
      name: textParam(z, 'Team Name', 'All or part of the team name; case does not matter.'),
      includeMembers: z
        .boolean()
        .default(false)
        .meta({ title: 'Include Members', description: 'Also return each team’s members.' }),
      includeStates: z
        .boolean()
        .default(false)
        .meta({ title: 'Include States', description: 'Also return each team’s workflow states.' }),
    }),
  output: (z) => teamListSchema(z),
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearTeamList> {
    const nested = input.includeMembers || input.includeStates;
    const pageSize = nested ? PAGE_SIZE.nested : PAGE_SIZE.plain;
    const fetchPage = async (after: string | undefined, first: number) => {
      const data = await ctx.linear.run<{ teams: { nodes: LinearTeam[]; pageInfo: LinearPageInfo } }>(
        SEARCH_TEAMS_QUERY,
        {
          filter: { name: { containsIgnoreCase: input.name } },
          first,
          after,
          includeMembers: input.includeMembers,
          includeStates: input.includeStates,
        },
        { signal },
      );
      return connectionPage(data.teams);
    };
    const nodes: LinearTeam[] = [];
    for await (const team of items(fetchPage, { pageSize })) nodes.push(team);
    return { nodes };
  },
});
