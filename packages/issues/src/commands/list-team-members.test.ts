import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { LIST_TEAM_MEMBERS_QUERY, listTeamMembers } from './list-team-members.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const _ENG_3 = seedUuid('issue:eng:2');

describe('listTeamMembers', () => {
  it('sends a named query that validates against Linear’s schema', () => {
    expectValidOperation(LIST_TEAM_MEMBERS_QUERY, { first: 250 }, 3000);
  });

  it('lists the team’s members, as its memberships do', async () => {
    const page = await h.client.run('listTeamMembers', { teamId: ENG.id });
    expectOutput(listTeamMembers, page);
    const ids = page.nodes.map((user) => user.id).sort();
    expect(ids).toEqual([...h.sim.workspace.teams.get(ENG.id)!.memberIds].sort());
  });
});
