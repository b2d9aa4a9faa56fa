import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { UNARCHIVE_ISSUE_MUTATION, unarchiveIssue } from './unarchive-issue.js';

const h = useIssuesSimulator();
const _ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const ENG_3 = seedUuid('issue:eng:2');

describe('unarchiveIssue', () => {
  it('sends a named issueUnarchive that validates against Linear’s schema', () => {
    expectValidOperation(UNARCHIVE_ISSUE_MUTATION, {}, 10);
  });

  it('restores an archived issue', async () => {
    await h.client.run('archiveIssue', { issueId: ENG_3 });
    const result = await h.client.run('unarchiveIssue', { issueId: ENG_3 });
    expectOutput(unarchiveIssue, result);
    expect(result).toEqual({ success: true, id: ENG_3 });
    expect(h.sim.workspace.issues.get(ENG_3)?.archivedAt).toBeNull();
    expect(unarchiveIssue.annotations).toMatchObject({ destructive: false, idempotent: true });
  });
});
