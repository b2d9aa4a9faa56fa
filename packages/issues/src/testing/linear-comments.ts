import { randomUUID } from 'node:crypto';
import { connection, paginate, type View } from './linear-connections.js';
import { forbidden, invalidInput } from './linear-errors.js';
import { issueLinks } from './linear-issues.js';
import { reactionData, reactionsOn, reactionView } from './linear-reactions.js';
import type { CommentRecord } from './linear-records.js';
import { lookupRecord, maybe, mutation, type Resolving, type Root } from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Comments on issues: the rules of Linear's comment mutations over the workspace, the comment's
// GraphQL view, and the comment queries and mutations. Comments on project updates, initiatives
// and documents are not modelled.

function checkBody(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidInput('body should not be empty', 'The comment needs a body.');
  }
  return value;
}

/**
 * What `commentCreate` does: a comment on an issue (by id or identifier), optionally a reply to a
 * comment of the same issue; the author becomes a subscriber of the issue unless
 * `doNotSubscribeToIssue`.
 */
export function createCommentRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  userId: string | null,
): CommentRecord {
  const body = checkBody(input.body);
  if (typeof input.issueId !== 'string') {
    throw invalidInput(
      'issueId is required: the simulator models comments on issues only',
      'A comment needs an issue.',
    );
  }
  const issue = ws.requireIssue(input.issueId);
  const parent =
    input.parentId === undefined || input.parentId === null
      ? undefined
      : lookupRecord(ws.comments, input.parentId, 'Comment');
  if (parent && parent.issueId !== issue.id) {
    throw invalidInput(
      'The parent comment belongs to another issue',
      'A reply must be on the same issue as the comment it answers.',
    );
  }
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.comments.has(id)) throw invalidInput('A comment with this id already exists');
  const now = ws.now();
  const comment: CommentRecord = {
    id,
    issueId: issue.id,
    parentId: parent?.id ?? null,
    userId,
    body,
    quotedText: (input.quotedText as string | null | undefined) ?? null,
    createdAt: typeof input.createdAt === 'string' ? input.createdAt : now,
    updatedAt: now,
    editedAt: null,
    resolvedAt: null,
    resolvingUserId: null,
    resolvingCommentId: null,
    archivedAt: null,
  };
  ws.comments.set(comment.id, comment);
  if (userId && input.doNotSubscribeToIssue !== true && !issue.subscriberIds.includes(userId)) {
    issue.subscriberIds.push(userId);
  }
  ws.lastSyncId += 1;
  return comment;
}

/** What `commentUpdate` does: only the author may change the body, which stamps `editedAt`. */
export function updateCommentRecord(
  ws: LinearWorkspaceState,
  id: string,
  input: WorkspaceInput,
  userId: string,
): CommentRecord {
  const comment = lookupRecord(ws.comments, id, 'Comment');
  const now = ws.now();
  if (input.body !== undefined) {
    if (comment.userId !== userId) throw forbidden('You can only edit your own comments');
    const body = checkBody(input.body);
    if (body !== comment.body) comment.editedAt = now;
    comment.body = body;
  }
  if (input.quotedText !== undefined) comment.quotedText = (input.quotedText as string | null) ?? null;
  if (input.resolvingUserId !== undefined) {
    const resolver = ws.reference(input.resolvingUserId, 'resolvingUserId', ws.users, 'User');
    comment.resolvingUserId = resolver?.id ?? null;
    comment.resolvedAt = resolver ? now : null;
  }
  comment.updatedAt = now;
  ws.lastSyncId += 1;
  return comment;
}

/**
 * What `commentResolve` and `commentUnresolve` do: Linear resolves a thread, so only a top-level
 * comment can be resolved (a reply is refused); `resolvingCommentId` names the reply that settled it.
 */
export function resolveCommentRecord(
  ws: LinearWorkspaceState,
  id: string,
  userId: string | null,
  resolvingCommentId: string | null,
): CommentRecord {
  const comment = lookupRecord(ws.comments, id, 'Comment');
  if (comment.parentId) {
    throw invalidInput('Only the first comment of a thread can be resolved', 'Resolve the thread instead.');
  }
  if (resolvingCommentId) {
    const reply = lookupRecord(ws.comments, resolvingCommentId, 'Comment');
    if (reply.parentId !== comment.id)
      throw invalidInput('The resolving comment is not a reply in this thread');
  }
  const now = ws.now();
  comment.resolvingUserId = userId;
  comment.resolvedAt = userId ? now : null;
  comment.resolvingCommentId = userId ? resolvingCommentId : null;
  comment.updatedAt = now;
  ws.lastSyncId += 1;
  return comment;
}

/** What `commentDelete` does: the comment and its replies go; only the author or an admin may. */
export function deleteCommentRecord(ws: LinearWorkspaceState, id: string, userId: string): CommentRecord {
  const comment = lookupRecord(ws.comments, id, 'Comment');
  if (comment.userId !== userId && !ws.users.get(userId)?.admin) {
    throw forbidden('You can only delete your own comments');
  }
  ws.comments.delete(comment.id);
  for (const reply of [...ws.comments.values()]) {
    if (reply.parentId === comment.id) ws.comments.delete(reply.id);
  }
  ws.lastSyncId += 1;
  return comment;
}

/** A comment: its issue, author, thread parent and replies; its URL is the issue's with an anchor. */
export function commentView(r: Resolving): (comment: CommentRecord) => View {
  const ws = r.workspace;
  return (comment) => ({
    __typename: 'Comment',
    id: comment.id,
    body: comment.body,
    quotedText: comment.quotedText,
    issueId: comment.issueId,
    parentId: comment.parentId,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    editedAt: comment.editedAt,
    resolvedAt: comment.resolvedAt,
    archivedAt: comment.archivedAt,
    reactions: () => reactionsOn(ws, { commentId: comment.id }).map(reactionView(r)),
    reactionData: () => reactionData(reactionsOn(ws, { commentId: comment.id })),
    url: () => {
      const issue = ws.issues.get(comment.issueId);
      return issue ? `${issueLinks(ws, issue).url}#comment-${comment.id.slice(0, 8)}` : '';
    },
    issue: () => maybe(ws.issues.get(comment.issueId), r.views.issue),
    user: () => maybe(ws.users.get(comment.userId ?? ''), r.views.user),
    resolvingUser: () => maybe(ws.users.get(comment.resolvingUserId ?? ''), r.views.user),
    resolvingCommentId: comment.resolvingCommentId ?? null,
    resolvingComment: () => maybe(ws.comments.get(comment.resolvingCommentId ?? ''), r.views.comment),
    parent: () => maybe(ws.comments.get(comment.parentId ?? ''), r.views.comment),
    children: connection(
      () => [...ws.comments.values()].filter((reply) => reply.parentId === comment.id),
      r.views.comment,
    ),
  });
}

/** `comment(id)` and `comments` (those of trashed issues left out). */
export function commentQueries(r: Resolving): Root {
  const ws = r.workspace;
  return {
    comment: ({ id }) => r.views.comment(lookupRecord(ws.comments, id, 'Comment')),
    comments: (args) =>
      paginate(
        [...ws.comments.values()].filter((comment) => !ws.issues.get(comment.issueId)?.trashed),
        args,
        r.views.comment,
      ),
  };
}

/** `commentCreate` (allowed by the `comments:create` scope too), `commentUpdate` and `commentDelete`. */
export function commentMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    commentCreate: mutation(r, 'commentCreate', ({ input }) => ({
      comment: r.views.comment(createCommentRecord(ws, input, r.viewerId)),
    })),
    commentUpdate: mutation(r, 'commentUpdate', ({ id, input }) => ({
      comment: r.views.comment(updateCommentRecord(ws, id, input, r.viewerId)),
    })),
    commentDelete: mutation(r, 'commentDelete', ({ id }) => ({
      entityId: deleteCommentRecord(ws, id, r.viewerId).id,
    })),
    commentResolve: mutation(r, 'commentResolve', ({ id, resolvingCommentId }) => ({
      comment: r.views.comment(resolveCommentRecord(ws, id, r.viewerId, resolvingCommentId ?? null)),
    })),
    commentUnresolve: mutation(r, 'commentUnresolve', ({ id }) => ({
      comment: r.views.comment(resolveCommentRecord(ws, id, null, null)),
    })),
  };
}
