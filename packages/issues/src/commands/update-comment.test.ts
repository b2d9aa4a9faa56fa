import { NotFoundError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { UPDATE_COMMENT_MUTATION, updateComment } from './update-comment.js';

const h = useIssuesSimulator();
const ENG_3 = seedUuid('issue:eng:2');

describe('updateComment', () => {
  it('sends a named, typed commentUpdate that validates against Linear’s schema', () => {
    expectValidOperation(UPDATE_COMMENT_MUTATION, {}, 50);
  });

  it('replaces the body and stamps editedAt', async () => {
    const comment = await h.client.run('createComment', { issueId: ENG_3, body: 'Draft' });
    const updated = await h.client.run('updateComment', { commentId: comment.id, body: 'Final' });
    expectOutput(updateComment, updated);
    expect(updated).toMatchObject({ id: comment.id, body: 'Final' });
    expect(updated.editedAt).not.toBeNull();
    expect(sentGraphql(h.sim).at(-1)).toMatchObject({
      operationName: 'UpdateComment',
      variables: { id: comment.id, input: { body: 'Final' } },
    });
  });

  it('reports a comment that does not exist as a NotFoundError', async () => {
    const error = await failure(h.client.run('updateComment', { commentId: seedUuid('gone'), body: 'x' }));
    expect(NotFoundError.isInstance(error)).toBe(true);
  });
});
