import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { DELETE_COMMENT_MUTATION, deleteComment } from './delete-comment.js';

const h = useIssuesSimulator();
const ENG_3 = seedUuid('issue:eng:2');

describe('deleteComment', () => {
  it('sends a named, typed commentDelete that validates against Linear’s schema', () => {
    expectValidOperation(DELETE_COMMENT_MUTATION, {}, 10);
  });

  it('deletes the comment with its replies and returns {success, id}', async () => {
    const comment = await h.client.run('createComment', { issueId: ENG_3, body: 'Thread' });
    const reply = await h.client.run('createComment', {
      issueId: ENG_3,
      body: 'Reply',
      parentId: comment.id,
    });
    const result = await h.client.run('deleteComment', { commentId: comment.id });
    expectOutput(deleteComment, result);
    expect(result).toEqual({ success: true, id: comment.id });
    expect(h.sim.workspace.comments.has(comment.id)).toBe(false);
    expect(h.sim.workspace.comments.has(reply.id)).toBe(false);
    expect(deleteComment.annotations).toMatchObject({ destructive: true });
  });
});
