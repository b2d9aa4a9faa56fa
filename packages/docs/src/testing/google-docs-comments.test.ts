import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from './google-simulator.js';
import { batchEditing, connectDocs } from './google-test-helpers.js';

// The comment and suggestion requests of batchUpdate through the package's own command: comments
// are the file's Drive comments (listComments shows them), suggestions come from the state (the
// editor's suggesting mode; the API cannot make one).

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

const { edit, refusal, read: render } = batchEditing(t);
const read = (documentId: string, commentsViewMode?: string) =>
  render(documentId, {
    includeTabsContent: true,
    suggestionsViewMode: 'SUGGESTIONS_INLINE',
    commentsViewMode,
  });
const agenda = () =>
  t.sim.state.createDocument({
    title: 'Agenda',
    owner: t.sim.state.currentUser,
    paragraphs: [{ text: 'Budget review' }, { text: 'Hiring' }],
  }).id;

describe('comments through batchUpdate', () => {
  it('insertComment anchors a Drive comment to its range; the anchor moves with the text', async () => {
    const id = agenda();
    const { replies } = await edit(id, [
      { insertComment: { range: { startIndex: 1, endIndex: 7 }, content: 'Which budget?' } },
    ]);
    const thread = replies![0]!.insertComment.commentThread;
    expect(thread).toMatchObject({ plainTextQuote: 'Budget', status: 'OPEN', replies: [] });
    expect(thread.headPost).toMatchObject({ content: 'Which budget?', author: { me: true } });
    const listed = await t.client.run('listComments', { fileId: id });
    expect(JSON.stringify(listed)).toContain('Which budget?');
    await edit(id, [{ insertText: { location: { index: 1 }, text: 'Q3 ' } }]);
    const document = read(id, 'COMMENTS_VIEW_MODE_INCLUDED');
    expect(document.comments).toEqual([expect.objectContaining({ commentId: thread.commentId })]);
    expect(document.tabs[0].documentTab.commentAnchors[thread.anchorId].ranges).toEqual([
      { startIndex: 4, endIndex: 10, tabId: 't.0' },
    ]);
    expect(
      await refusal(id, [{ insertComment: { range: { startIndex: 1, endIndex: 3 }, content: ' ' } }]),
    ).toBe('400 Invalid requests[0].insertComment: The content of a comment cannot be empty.');
  });

  it('addCommentReply resolves and reopens; updateCommentPost and the deletes keep to the author', async () => {
    const id = agenda();
    const { replies } = await edit(id, [
      { insertComment: { range: { startIndex: 1, endIndex: 7 }, content: 'Which budget?' } },
    ]);
    const commentId = replies![0]!.insertComment.commentThread.commentId as string;
    const answer = await edit(id, [
      { addCommentReply: { commentId, post: { content: 'Marketing’s.' } } },
      { addCommentReply: { commentId, post: { commentAction: 'RESOLVE' } } },
    ]);
    const reply = answer.replies![0]!.addCommentReply.post;
    const resolving = answer.replies![1]!.addCommentReply.post;
    expect(resolving.commentAction).toBe('RESOLVE');
    expect(read(id, 'COMMENTS_VIEW_MODE_INCLUDED').comments[0].status).toBe('RESOLVED');
    await edit(id, [
      { updateCommentPost: { commentId, postId: reply.postId, content: 'Marketing’s, Q3.' } },
      { addCommentReply: { commentId, post: { commentAction: 'REOPEN' } } },
    ]);
    const thread = read(id, 'COMMENTS_VIEW_MODE_INCLUDED').comments[0];
    expect(thread.status).toBe('OPEN');
    expect(thread.replies[0].content).toBe('Marketing’s, Q3.');
    expect(await refusal(id, [{ deleteCommentReply: { commentId, postId: resolving.postId } }])).toMatch(
      /contains an action/,
    );
    await edit(id, [{ deleteCommentReply: { commentId, postId: reply.postId } }]);
    expect(read(id, 'COMMENTS_VIEW_MODE_INCLUDED').comments[0].replies).toHaveLength(2);
    // A comment by someone else: neither its post nor the thread is the caller's to change.
    const file = t.sim.state.files.get(id)!;
    file.comments!.push({
      ...file.comments![0]!,
      id: 'other-comment',
      author: 'morgan@example.com',
      replies: [],
    });
    expect(
      await refusal(id, [
        { updateCommentPost: { commentId: 'other-comment', postId: 'other-comment', content: 'x' } },
      ]),
    ).toMatch(/not the author of the post/);
    expect(await refusal(id, [{ deleteComment: { commentId: 'other-comment' } }])).toMatch(/not the author/);
    await edit(id, [{ deleteComment: { commentId } }]);
    expect(read(id, 'COMMENTS_VIEW_MODE_INCLUDED').comments.map((c: any) => c.commentId)).toEqual([
      'other-comment',
    ]);
    expect(await refusal(id, [{ addCommentReply: { commentId, post: { content: 'late' } } }])).toMatch(
      /comment with ID .* was not found/,
    );
  });
});

describe('suggestions through batchUpdate', () => {
  it('acceptSuggestion keeps a suggested insertion and removes a suggested deletion', async () => {
    const id = agenda();
    const insertion = t.sim.state.suggest(id, { kind: 'insertion', startIndex: 15, endIndex: 21 });
    const runs = () =>
      read(id).tabs[0].documentTab.body.content[2].paragraph.elements.map((e: any) => e.textRun);
    expect(runs()[0]).toMatchObject({ content: 'Hiring', suggestedInsertionIds: [insertion] });
    expect(read(id, 'COMMENTS_VIEW_MODE_INCLUDED').suggestions).toEqual([
      expect.objectContaining({ suggestionId: insertion, status: 'OPEN' }),
    ]);
    await edit(id, [{ acceptSuggestion: { suggestionId: insertion } }]);
    expect(runs()[0]).toEqual({ content: 'Hiring\n', textStyle: {} });
    const deletion = t.sim.state.suggest(id, { kind: 'deletion', startIndex: 1, endIndex: 8 });
    await edit(id, [{ acceptSuggestion: { suggestionId: deletion } }]);
    expect(read(id).tabs[0].documentTab.body.content[1].paragraph.elements[0].textRun.content).toBe(
      'review\n',
    );
  });

  it('rejectSuggestion undoes a suggestion; deleteSuggestion is the author’s only (403)', async () => {
    const id = agenda();
    const mine = t.sim.state.suggest(id, { kind: 'insertion', startIndex: 15, endIndex: 21 });
    await edit(id, [{ rejectSuggestion: { suggestionId: mine } }]);
    expect(read(id).tabs[0].documentTab.body.content[2].paragraph.elements[0].textRun.content).toBe('\n');
    const theirs = t.sim.state.suggest(id, {
      kind: 'deletion',
      startIndex: 1,
      endIndex: 7,
      author: 'morgan@example.com',
    });
    expect(await refusal(id, [{ deleteSuggestion: { suggestionId: theirs } }])).toMatch(
      /^PermissionError: Google refused access \(403 PERMISSION_DENIED: The caller does not have permission\)/,
    );
    expect(await refusal(id, [{ acceptSuggestion: { suggestionId: 'suggest.none' } }])).toMatch(
      /suggestion with ID suggest.none was not found/,
    );
    await edit(id, [{ rejectSuggestion: { suggestionId: theirs } }]);
    expect(read(id).tabs[0].documentTab.body.content[1].paragraph.elements[0].textRun).toEqual({
      content: 'Budget review\n',
      textStyle: {},
    });
  });
});
