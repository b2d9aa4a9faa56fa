import { NotFoundError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { GET_TEAM_QUERY, getTeam } from './get-team.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const _ENG_3 = seedUuid('issue:eng:2');

describe('getTeam', () => {
  it('sends a named query that validates and stays cheap', () => {
    expectValidOperation(GET_TEAM_QUERY, {}, 1000);
  });

  it('reads a team with its states, labels, members and active cycle', async () => {
    const team = await h.client.run('getTeam', { teamId: ENG.id });
    expectOutput(getTeam, team);
    expect(team).toMatchObject({ key: 'ENG', activeCycle: { id: LINEAR_SEED.cycles.engCurrent } });
    expect(team.states.nodes).toHaveLength(7);
    expect(team.members.nodes.map((user) => user.id)).toContain(LINEAR_SEED.users.ada);
    expect(team.labels.nodes.map((label) => label.name)).toContain('Bug');
  });

  it('reports a team that does not exist as a NotFoundError', async () => {
    const error = await failure(h.client.run('getTeam', { teamId: seedUuid('no-team') }));
    expect(NotFoundError.isInstance(error)).toBe(true);
  });
});
