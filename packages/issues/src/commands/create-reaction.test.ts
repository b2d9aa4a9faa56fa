import { ProviderError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import {
  COMMENT_REACTIONS_QUERY,
  CREATE_REACTION_MUTATION,
  createReaction,
  ISSUE_REACTIONS_QUERY,
} from './create-reaction.js';

const h = useIssuesSimulator();
const ENG_3 = seedUuid('issue:eng:2');

describe('createReaction', () => {
  it('sends named, typed documents that validate against Linear’s schema', () => {
    expectValidOperation(CREATE_REACTION_MUTATION, {}, 50);
    expectValidOperation(ISSUE_REACTIONS_QUERY, {}, 500);
    expectValidOperation(COMMENT_REACTIONS_QUERY, {}, 500);
  });

  it('reacts to an issue and to a comment', async () => {
    const onIssue = await h.client.run('createReaction', { emoji: '+1', issueId: ENG_3 });
    expectOutput(createReaction, onIssue);
    expect(onIssue).toMatchObject({ emoji: '+1', issue: { id: ENG_3 }, comment: null });
    const comment = await h.client.run('createComment', { issueId: ENG_3, body: 'Nice' });
    const onComment = await h.client.run('createReaction', { emoji: 'tada', commentId: comment.id });
    expect(onComment.comment).toEqual({ id: comment.id });
    expect(sentGraphql(h.sim).at(-1)?.variables).toMatchObject({
      input: { emoji: 'tada', commentId: comment.id },
    });
  });

  it('reacts once for one idempotency key; Linear refuses the same emoji twice otherwise', async () => {
    const first = await h.client.run(
      'createReaction',
      { emoji: 'eyes', issueId: ENG_3 },
      { idempotencyKey: 'r-1' },
    );
    const again = await h.client.run(
      'createReaction',
      { emoji: 'eyes', issueId: ENG_3 },
      { idempotencyKey: 'r-1' },
    );
    expect(again.id).toBe(first.id);
    const error = await failure(h.client.run('createReaction', { emoji: 'eyes', issueId: ENG_3 }));
    expect(ProviderError.isInstance(error)).toBe(true);
  });

  it('refuses both or neither of issueId and commentId before sending', async () => {
    const error = await failure(h.client.run('createReaction', { emoji: '+1' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('issueId');
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
