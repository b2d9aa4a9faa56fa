import { PermissionError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docs } from '../docs-connector.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('listComments, createComment, replyToComment', () => {
  it('comments, replies, resolves with a reply, and lists open or all comments with their replies', async () => {
    const fileId = t.sim.seeded!.specId;
    const comment = await t.client.run('createComment', {
      fileId,
      content: 'Is the index rebuilt nightly?',
      quotedText: 'index rebuild',
    });
    expect(comment).toMatchObject({
      content: 'Is the index rebuilt nightly?',
      resolved: false,
      quotedFileContent: { value: 'index rebuild' },
      author: { displayName: 'Alex Rivera' },
    });
    expect(comment.author).not.toHaveProperty('emailAddress');
    const [post] = callsTo(t.sim, `/drive/v3/files/${fileId}/comments`);
    expect(post!.query.get('fields')).toContain('replies(');
    const second = await t.client.run('createComment', { fileId, content: 'Typo in §2' });
    const reply = await t.client.run('replyToComment', {
      fileId,
      commentId: comment.id,
      content: 'Yes, at 02:00 UTC.',
      action: 'resolve',
    });
    expect(reply).toMatchObject({ content: 'Yes, at 02:00 UTC.', action: 'resolve' });
    const open = await t.client.run('listComments', { fileId });
    expect(open.comments.map((entry) => entry.id)).toEqual([second.id]);
    const all = await t.client.run('listComments', { fileId, includeResolved: true });
    expect(all.comments.map((entry) => [entry.id, entry.resolved])).toEqual([
      [comment.id, true],
      [second.id, false],
    ]);
    expect(all.comments[0]!.replies).toEqual([expect.objectContaining({ id: reply.id, action: 'resolve' })]);
    const reopened = await t.client.run('replyToComment', {
      fileId,
      commentId: comment.id,
      action: 'reopen',
    });
    expect(reopened).toMatchObject({ action: 'reopen' });
    expect((await t.client.run('listComments', { fileId })).comments).toHaveLength(2);
  });

  it('follows Drive’s pages up to the limit and gives the token to resume', async () => {
    const fileId = t.sim.state.createDocument({ title: 'Review' }).id;
    for (let n = 1; n <= 5; n++) await t.client.run('createComment', { fileId, content: `Point ${n}` });
    const first = await t.client.run('listComments', { fileId, limit: 3 });
    expect(first.comments.map((entry) => entry.content)).toEqual(['Point 1', 'Point 2', 'Point 3']);
    expect(first.hasMore).toBe(true);
    const rest = await t.client.run('listComments', { fileId, pageToken: first.nextPageToken });
    expect(rest.comments.map((entry) => entry.content)).toEqual(['Point 4', 'Point 5']);
    expect(rest.hasMore).toBe(false);
  });

  it('is refused by Drive without fields, and on a view-only file; bad input sends nothing', async () => {
    const fileId = t.sim.seeded!.specId;
    const response = await fetch(`${t.sim.url}/drive/v3/files/${fileId}/comments`, {
      headers: { authorization: `Bearer ${t.sim.connection.credentials.accessToken}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "The 'fields' parameter is required for this method.",
    );
    const refused = await t.client
      .run('createComment', { fileId: t.sim.seeded!.viewOnlyId, content: 'Hello' })
      .catch((caught) => caught);
    expect(PermissionError.isInstance(refused)).toBe(true);
    const before = t.sim.server.calls.length;
    const blank = await t.client
      .run('replyToComment', { fileId, commentId: 'AAAB123' })
      .catch((caught) => caught);
    expect(ValidationError.isInstance(blank)).toBe(true);
    expect(blank.parameter).toBe('content');
    expect(t.sim.server.calls).toHaveLength(before);
    expect(docs.commands.replyToComment.lookups?.commentId).toMatchObject({ needs: ['fileId'] });
    expect(docs.commands.listComments.annotations).toMatchObject({ readOnly: true });
  });

  it('reads the sandbox’s comments on the meeting notes, the resolved one only when asked', async () => {
    const fileId = t.sim.seeded!.meetingNotesId;
    const open = await t.client.run('listComments', { fileId });
    expect(open.comments).toEqual([
      expect.objectContaining({
        content: 'Can we move the retro to Thursday?',
        author: expect.objectContaining({ displayName: 'Morgan Lee' }),
        replies: [expect.objectContaining({ content: 'Thursday works for me.' })],
      }),
    ]);
    const all = await t.client.run('listComments', { fileId, includeResolved: true });
    expect(all.comments.map((comment) => comment.resolved)).toEqual([true, false]);
  });
});
