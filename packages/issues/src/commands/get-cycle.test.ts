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
import { GET_CYCLE_QUERY, getCycle } from './get-cycle.js';

const h = useIssuesSimulator();
const _ENG = LINEAR_SEED.teams.eng;

describe('getCycle', () => {
  it('sends a named query that validates and stays cheap', () => {
    expectValidOperation(GET_CYCLE_QUERY, {}, 1000);
  });

  it('reads a cycle with its issues', async () => {
    const cycle = await h.client.run('getCycle', { cycleId: LINEAR_SEED.cycles.engCurrent });
    expectOutput(getCycle, cycle);
    expect(cycle).toMatchObject({ id: LINEAR_SEED.cycles.engCurrent, isActive: true, team: { key: 'ENG' } });
    const inCycle = [...h.sim.workspace.issues.values()].filter((issue) => issue.cycleId === cycle.id);
    expect(cycle.issues.nodes.map((issue) => issue.id).sort()).toEqual(
      inCycle.map((issue) => issue.id).sort(),
    );
    expect(cycle.issues.nodes.length).toBeGreaterThan(0);
  });

  it('reports a cycle that does not exist as a NotFoundError', async () => {
    const error = await failure(h.client.run('getCycle', { cycleId: seedUuid('no-cycle') }));
    expect(NotFoundError.isInstance(error)).toBe(true);
  });
});
