import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { LIST_WORKFLOW_STATES_QUERY, listWorkflowStates } from './list-workflow-states.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const _ENG_3 = seedUuid('issue:eng:2');

describe('listWorkflowStates', () => {
  it('sends a named query that validates against Linear’s schema', () => {
    expectValidOperation(LIST_WORKFLOW_STATES_QUERY, { first: 250 }, 3000);
  });

  it('lists a team’s states, and those of one kind', async () => {
    const all = await h.client.run('listWorkflowStates', { teamId: ENG.id });
    expectOutput(listWorkflowStates, all);
    expect(all.nodes.map((state) => state.name).sort()).toEqual(
      ['Backlog', 'Canceled', 'Done', 'Duplicate', 'In Progress', 'In Review', 'Todo'].sort(),
    );
    expect(all.nodes.every((state) => state.team.key === 'ENG')).toBe(true);
    const started = await h.client.run('listWorkflowStates', { teamId: ENG.id, type: 'started' });
    expect(started.nodes.map((state) => state.name).sort()).toEqual(['In Progress', 'In Review']);
  });
});
