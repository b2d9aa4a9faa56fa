import { ProviderError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  seedUuid,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { RESOLVE_COMMENT_MUTATION, resolveComment } from './resolve-comment.js';

const h = useIssuesSimulator();
const ENG_3 = seedUuid('issue:eng:2');

describe('resolveComment', () => {
  it('sends a named, typed commentResolve that validates against Linear’s schema', () => {
    expectValidOperation(RESOLVE_COMMENT_MUTATION, {}, 50);
  });

  it('resolves a thread, naming the reply that settled it', async () => {
    const thread = await h.client.run('createComment', { issueId: ENG_3, body: 'Which API?' });
    const reply = await h.client.run('createComment', { issueId: ENG_3, body: 'v2', parentId: thread.id });
    const resolved = await h.client.run('resolveComment', {
      commentId: thread.id,
      resolvingCommentId: reply.id,
    });
    expectOutput(resolveComment, resolved);
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.resolvingUser?.email).toBe('ada@example.com');
    expect(h.sim.workspace.comments.get(thread.id)?.resolvingCommentId).toBe(reply.id);
  });

  it('refuses to resolve a reply, as Linear resolves threads', async () => {
    const thread = await h.client.run('createComment', { issueId: ENG_3, body: 'Q' });
    const reply = await h.client.run('createComment', { issueId: ENG_3, body: 'A', parentId: thread.id });
    const error = await failure(h.client.run('resolveComment', { commentId: reply.id }));
    expect(ProviderError.isInstance(error)).toBe(true);
  });
});
