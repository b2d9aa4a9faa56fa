import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { REMOVE_ISSUE_LABEL_MUTATION, removeIssueLabel } from './remove-issue-label.js';

const h = useIssuesSimulator();
const _ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const ENG_3 = seedUuid('issue:eng:2');

describe('removeIssueLabel', () => {
  it('sends a named, typed issueRemoveLabel that validates against Linear’s schema', () => {
    expectValidOperation(REMOVE_ISSUE_LABEL_MUTATION, {}, 500);
  });

  it('takes the label off and keeps the others', async () => {
    await h.client.run('addIssueLabel', { issueId: ENG_3, labelId: LINEAR_SEED.labels.bug });
    const others = h.sim.workspace.issues.get(ENG_3)!.labelIds.filter((id) => id !== LINEAR_SEED.labels.bug);
    const result = await h.client.run('removeIssueLabel', {
      issueId: ENG_3,
      labelId: LINEAR_SEED.labels.bug,
    });
    expectOutput(removeIssueLabel, result);
    expect(result.labelIds).toEqual(others);
    expect(result.labels.nodes.map((label) => label.id)).toEqual(others);
  });
});
