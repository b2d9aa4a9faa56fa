import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { teamLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { type LinearTeamDetail, teamDetailSchema } from '../schemas/people.js';

/** `team(id)` with its states, labels, members and active cycle. */
export const GET_TEAM_QUERY = defineOperation(`
query GetTeam($id: String!) {
  team(id: $id) {
    id
    key
    name
    description
    visibility
    timezone
    cyclesEnabled
    createdAt
    updatedAt
    states(first: 50) { nodes { id name type color position } }
    labels(first: 100) { nodes { id name color isGroup } }
    members(first: 100) { nodes { id name email } }
    activeCycle { id number name startsAt endsAt }
  }
}`);

/** Reads a team: `team(id)`. */
export const getTeam = defineCommand({
  key: 'getTeam',
  title: 'Get Team',
  description:
    'Returns a Linear team with its workflow states, the labels its issues can carry, its members and its active cycle.',
  input: (z) => z.object({ teamId: uuidParam(z, 'Team Id', 'The team (its UUID).') }),
  output: (z) => teamDetailSchema(z),
  lookups: { teamId: teamLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearTeamDetail> {
    const data = await ctx.linear.run<{ team: LinearTeamDetail }>(
      GET_TEAM_QUERY,
      { id: input.teamId },
      { signal, notFound: { field: 'team', what: `team ${input.teamId}` } },
    );
    return data.team;
  },
});
