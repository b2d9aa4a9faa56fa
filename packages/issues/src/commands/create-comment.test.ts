import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { CREATE_COMMENT_MUTATION, createComment, GET_COMMENT_QUERY } from './create-comment.js';

const h = useIssuesSimulator();
/** ENG-3. */
const ENG_3 = seedUuid('issue:eng:2');

describe('createComment', () => {
  it('sends named, typed documents that validate against Linear’s schema', () => {
    expect(CREATE_COMMENT_MUTATION).toMatchObject({ name: 'CreateComment', kind: 'mutation' });
    expectValidOperation(CREATE_COMMENT_MUTATION, {}, 50);
    expectValidOperation(GET_COMMENT_QUERY, {}, 50);
  });

  it('comments on an issue and replies in the thread', async () => {
    const comment = await h.client.run('createComment', {
      issueId: ENG_3,
      body: 'Reproduced on **Android**',
    });
    expectOutput(createComment, comment);
    expect(comment).toMatchObject({ body: 'Reproduced on **Android**', parent: null, issue: { id: ENG_3 } });
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({ operationName: 'CreateComment', variables: { input: { issueId: ENG_3 } } });
    const reply = await h.client.run('createComment', {
      issueId: ENG_3,
      body: 'Fixed in 2.1',
      parentId: comment.id,
    });
    expect(reply.parent).toEqual({ id: comment.id });
    expect(h.sim.workspace.comments.get(reply.id)?.parentId).toBe(comment.id);
  });

  it('comments once for one idempotency key, however often the run is repeated', async () => {
    const first = await h.client.run(
      'createComment',
      { issueId: ENG_3, body: 'Once' },
      { idempotencyKey: 'comment-1' },
    );
    const again = await h.client.run(
      'createComment',
      { issueId: ENG_3, body: 'Once' },
      { idempotencyKey: 'comment-1' },
    );
    expect(again.id).toBe(first.id);
    expect([...h.sim.workspace.comments.values()].filter((c) => c.body === 'Once')).toHaveLength(1);
  });

  it('sends nothing in a dry run', async () => {
    const dry = (await h.client.run(
      'createComment',
      { issueId: ENG_3, body: 'Dry' },
      { dryRun: true },
    )) as any;
    expect(dry.dryRun).toBe(true);
    expect(dry.requests).toHaveLength(1);
    expect(JSON.parse(dry.requests[0].body).variables.input).toMatchObject({ issueId: ENG_3, body: 'Dry' });
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('refuses a blank body before sending, naming the parameter', async () => {
    const error = await failure(h.client.run('createComment', { issueId: ENG_3, body: '  ' }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('body');
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
