import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { LIST_CYCLES_QUERY, listCycles } from './list-cycles.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;

describe('listCycles', () => {
  it('sends a named query that validates against Linear’s schema', () => {
    expectValidOperation(LIST_CYCLES_QUERY, { first: 250 }, 3000);
  });

  it('lists a team’s cycles, and the current, upcoming and previous one', async () => {
    const all = await h.client.run('listCycles', { teamId: ENG.id });
    expectOutput(listCycles, all);
    expect(all.nodes.map((cycle) => cycle.id).sort()).toEqual(Object.values(LINEAR_SEED.cycles).sort());
    const current = await h.client.run('listCycles', { teamId: ENG.id, type: 'current' });
    expect(current.nodes.map((cycle) => cycle.id)).toEqual([LINEAR_SEED.cycles.engCurrent]);
    expect(current.nodes[0]).toMatchObject({ isActive: true, isPast: false, team: { key: 'ENG' } });
    expect(sentGraphql(h.sim).at(-1)?.variables?.filter).toEqual({
      team: { id: { eq: ENG.id } },
      isActive: { eq: true },
    });
    const upcoming = await h.client.run('listCycles', { teamId: ENG.id, type: 'upcoming' });
    expect(upcoming.nodes.map((cycle) => cycle.id)).toEqual([LINEAR_SEED.cycles.engNext]);
    const previous = await h.client.run('listCycles', { type: 'previous' });
    expect(previous.nodes.map((cycle) => cycle.id)).toEqual([LINEAR_SEED.cycles.engPrevious]);
  });
});
