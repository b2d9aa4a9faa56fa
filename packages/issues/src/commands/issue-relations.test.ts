import { ProviderError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import {
  CREATE_ISSUE_RELATION_MUTATION,
  createIssueRelation,
  GET_ISSUE_RELATION_QUERY,
} from './create-issue-relation.js';
import { DELETE_ISSUE_RELATION_MUTATION, deleteIssueRelation } from './delete-issue-relation.js';
import { GET_ISSUE_RELATIONS_QUERY, getIssueRelations } from './get-issue-relations.js';

const h = useIssuesSimulator();
const ENG_2 = seedUuid('issue:eng:1');
const ENG_3 = seedUuid('issue:eng:2');
const ENG_6 = seedUuid('issue:eng:5');

describe('issue relations', () => {
  it('send named, typed documents that validate against Linear’s schema', () => {
    expectValidOperation(CREATE_ISSUE_RELATION_MUTATION, {}, 50);
    expectValidOperation(GET_ISSUE_RELATION_QUERY, {}, 50);
    expectValidOperation(DELETE_ISSUE_RELATION_MUTATION, {}, 50);
    expectValidOperation(GET_ISSUE_RELATIONS_QUERY);
  });

  it('createIssueRelation relates two issues; each sees it from its side', async () => {
    const blocks = await h.client.run('createIssueRelation', {
      issueId: ENG_2,
      relatedIssueId: ENG_3,
      type: 'blocks',
    });
    expectOutput(createIssueRelation, blocks);
    expect(blocks).toMatchObject({
      type: 'blocks',
      issue: { id: ENG_2, identifier: 'ENG-2' },
      relatedIssue: { id: ENG_3, identifier: 'ENG-3' },
    });
    await h.client.run('createIssueRelation', { issueId: ENG_3, relatedIssueId: ENG_6, type: 'related' });
    const ofEng3 = await h.client.run('getIssueRelations', { issueId: ENG_3 });
    expectOutput(getIssueRelations, ofEng3);
    expect(
      ofEng3.nodes.map((r) => [r.direction, r.type, r.issue.identifier, r.relatedIssue.identifier]),
    ).toEqual([
      ['outward', 'related', 'ENG-3', 'ENG-6'],
      ['inward', 'blocks', 'ENG-2', 'ENG-3'],
    ]);
  });

  it('is idempotent by its key, and refuses a twin (either way), a self-relation and a bad type', async () => {
    const input = { issueId: ENG_2, relatedIssueId: ENG_3, type: 'similar' } as const;
    const first = await h.client.run('createIssueRelation', input, { idempotencyKey: 'rel-1' });
    const again = await h.client.run('createIssueRelation', input, { idempotencyKey: 'rel-1' });
    expect(again.id).toBe(first.id);
    expect(h.sim.workspace.issueRelations.size).toBe(1);
    const twin = await failure(
      h.client.run('createIssueRelation', { ...input, issueId: ENG_3, relatedIssueId: ENG_2 }),
    );
    expect(ProviderError.isInstance(twin) && twin.message).toMatch(/already/);
    const self = await failure(h.client.run('createIssueRelation', { ...input, relatedIssueId: ENG_2 }));
    expect(ProviderError.isInstance(self)).toBe(true);
    const badType = await failure(
      h.client.run('createIssueRelation', { ...input, type: 'blocked' as never }),
    );
    expect((badType as { parameter?: string }).parameter).toBe('type');
    expect(h.sim.workspace.issueRelations.size).toBe(1);
  });

  it('deleteIssueRelation removes it from both sides', async () => {
    const made = await h.client.run('createIssueRelation', {
      issueId: ENG_2,
      relatedIssueId: ENG_3,
      type: 'duplicate',
    });
    const removed = await h.client.run('deleteIssueRelation', { relationId: made.id });
    expectOutput(deleteIssueRelation, removed);
    expect(removed).toEqual({ success: true, id: made.id });
    expect((await h.client.run('getIssueRelations', { issueId: ENG_2 })).nodes).toEqual([]);
    expect((await h.client.run('getIssueRelations', { issueId: ENG_3 })).nodes).toEqual([]);
  });
});
