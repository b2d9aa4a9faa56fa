import { ProviderError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { ADD_ISSUE_LABEL_MUTATION, addIssueLabel } from './add-issue-label.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;
/** ENG-3. */
const ENG_3 = seedUuid('issue:eng:2');

describe('addIssueLabel', () => {
  it('sends a named, typed issueAddLabel that validates against Linear’s schema', () => {
    expectValidOperation(ADD_ISSUE_LABEL_MUTATION, {}, 500);
  });

  it('adds a label and keeps the others', async () => {
    const before = h.sim.workspace.issues.get(ENG_3)!.labelIds.length;
    const result = await h.client.run('addIssueLabel', { issueId: ENG_3, labelId: LINEAR_SEED.labels.bug });
    expectOutput(addIssueLabel, result);
    expect(result.labelIds).toContain(LINEAR_SEED.labels.bug);
    expect(result.labelIds.length).toBeGreaterThanOrEqual(before);
    expect(sentGraphql(h.sim)[0]).toMatchObject({
      operationName: 'AddIssueLabel',
      variables: { id: ENG_3, labelId: LINEAR_SEED.labels.bug },
    });
  });

  it('replaces another label of the same group, as labels of a group exclude each other', async () => {
    const group = await h.client.run('createLabel', { name: 'Size', teamId: ENG.id, isGroup: true });
    const small = await h.client.run('createLabel', { name: 'S', teamId: ENG.id, parentId: group.id });
    const large = await h.client.run('createLabel', { name: 'L', teamId: ENG.id, parentId: group.id });
    await h.client.run('addIssueLabel', { issueId: ENG_3, labelId: small.id });
    const result = await h.client.run('addIssueLabel', { issueId: ENG_3, labelId: large.id });
    expect(result.labelIds).toContain(large.id);
    expect(result.labelIds).not.toContain(small.id);
  });

  it('refuses a label group and another team’s label', async () => {
    const group = await h.client.run('createLabel', { name: 'Area', teamId: ENG.id, isGroup: true });
    const groupError = await failure(h.client.run('addIssueLabel', { issueId: ENG_3, labelId: group.id }));
    expect(ProviderError.isInstance(groupError)).toBe(true);
    const design = await h.client.run('createLabel', { name: 'Brand', teamId: LINEAR_SEED.teams.des.id });
    const teamError = await failure(h.client.run('addIssueLabel', { issueId: ENG_3, labelId: design.id }));
    expect(ProviderError.isInstance(teamError)).toBe(true);
  });
});
