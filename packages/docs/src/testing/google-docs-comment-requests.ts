import { randomBytes } from 'node:crypto';
import type { BatchState, SimComment, SimReply } from './google-comments-model.js';
import { type BatchContext, type Payload, rangeOf } from './google-docs-batch-context.js';
import { InvalidRequestError } from './google-docs-document.js';
import { walkTabs } from './google-docs-tabs.js';

// The comment and suggestion requests batchUpdate gained in 2026 (Developer Preview), as the Docs
// discovery document (v1, 2026-09-21) describes them. Comments are the file's Drive comments (what
// `comments.list` shows), anchored to a range that moves with its text:
// - `insertComment`: `content` "cannot be empty, and must not exceed 2048 UTF-8 code units"; the reply
//   is the new `commentThread`.
// - `addCommentReply`: a `post` whose `commentAction` RESOLVE or REOPEN resolves or reopens the thread;
//   its content is "Required to be non-empty if commentAction is not RESOLVE or REOPEN".
// - `updateCommentPost`: 400 if "The requesting user is not the author of the post".
// - `deleteComment`: 400 "if the requesting user is not the author of the headPost".
// - `deleteCommentReply`: 400 if the user is not the author, "The reply post contains an action" or
//   "The reply post contains an assignee".
// - Suggestions are "created as a byproduct of saving changes to the document while in suggestion
//   mode, and cannot be created directly" (the simulator's state makes them for tests):
//   `acceptSuggestion` needs edit access, `rejectSuggestion` edit access or authorship,
//   `deleteSuggestion` authorship ("Returns a 403 forbidden error if the requesting user is not the
//   author of the suggestion"). A suggestion thread cannot take replies here.

/** Raised for a request Google answers 403 (not 400). */
export class ForbiddenRequestError extends Error {}

const MAX_CONTENT = 2048;

function newPostId(): string {
  return `AAAB${randomBytes(8).toString('base64url')}`;
}

function checkContent(content: unknown, required: boolean): string {
  const text = typeof content === 'string' ? content : '';
  if (required && text.trim() === '')
    throw new InvalidRequestError('The content of a comment cannot be empty.');
  if (Buffer.byteLength(text) > MAX_CONTENT) {
    throw new InvalidRequestError(
      `The content of a comment must not exceed ${MAX_CONTENT} UTF-8 code units.`,
    );
  }
  return text;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
}

/** A post as Docs shows it (`Post`), from a comment (its head post) or a reply. */
function post(state: BatchState, item: SimComment | SimReply, me: string, action?: string) {
  const author = state.users.get(item.author);
  return {
    postId: item.id,
    ...(item.deleted
      ? { deleted: true }
      : {
          author: { displayName: author?.displayName ?? item.author, me: item.author === me },
          content: item.content,
          contentHtml: escapeHtml(item.content),
        }),
    createTime: new Date(item.createdTime).toISOString(),
    updateTime: new Date(item.modifiedTime).toISOString(),
    ...(action ? { commentAction: action } : {}),
    ...(item.assignee ? { assigneeEmail: item.assignee } : {}),
  };
}

const ACTIONS = { resolve: 'RESOLVE', reopen: 'REOPEN' } as const;

/** A Drive comment as a Docs `CommentThread`. */
export function commentThread(state: BatchState, comment: SimComment, me: string) {
  return {
    commentId: comment.id,
    ...(comment.anchor ? { anchorId: comment.anchor } : {}),
    headPost: post(state, comment, me),
    ...(comment.quotedText !== undefined ? { plainTextQuote: comment.quotedText } : {}),
    replies: comment.replies
      .filter((reply) => !reply.deleted)
      .map((reply) => post(state, reply, me, reply.action ? ACTIONS[reply.action] : undefined)),
    status: comment.resolved ? 'RESOLVED' : 'OPEN',
  };
}

function commentOf(context: BatchContext, payload: Payload): SimComment {
  if (payload.suggestionId) {
    throw new InvalidRequestError(
      `The suggestion thread with ID ${String(payload.suggestionId)} was not found.`,
    );
  }
  const id = String(payload.commentId ?? '');
  const comment = context.comments.find((candidate) => candidate.id === id && !candidate.deleted);
  if (!comment) throw new InvalidRequestError(`The comment with ID ${id} was not found.`);
  return comment;
}

function insertComment(context: BatchContext, payload: Payload) {
  const content = checkContent(payload.content, true);
  const assignee = typeof payload.assigneeEmailAddress === 'string' ? payload.assigneeEmailAddress : '';
  if (assignee.length > MAX_CONTENT) throw new InvalidRequestError('The assignee email address is too long.');
  const { document, start, end } = rangeOf(context, payload);
  const now = context.state.now();
  const comment: SimComment = {
    id: newPostId(),
    author: context.user,
    content,
    quotedText: document.textOf(start, end),
    anchor: document.anchor(start, end),
    ...(assignee ? { assignee } : {}),
    createdTime: now,
    modifiedTime: now,
    resolved: false,
    deleted: false,
    replies: [],
  };
  context.comments.push(comment);
  return { insertComment: { commentThread: commentThread(context.state, comment, context.user) } };
}

function addCommentReply(context: BatchContext, payload: Payload) {
  const comment = commentOf(context, payload);
  const given: Payload = payload.post ?? {};
  const action =
    given.commentAction === 'RESOLVE' ? 'resolve' : given.commentAction === 'REOPEN' ? 'reopen' : undefined;
  const now = context.state.now();
  const reply: SimReply = {
    id: newPostId(),
    author: context.user,
    content: checkContent(given.content, action === undefined),
    ...(action ? { action } : {}),
    ...(given.assigneeEmail ? { assignee: String(given.assigneeEmail) } : {}),
    createdTime: now,
    modifiedTime: now,
    deleted: false,
  };
  if (reply.assignee && !comment.assignee) {
    throw new InvalidRequestError('A reply can assign a comment only when the comment has an assignee.');
  }
  if (action) comment.resolved = action === 'resolve';
  comment.replies.push(reply);
  comment.modifiedTime = now;
  return {
    addCommentReply: { post: post(context.state, reply, context.user, action ? ACTIONS[action] : undefined) },
  };
}

function updateCommentPost(context: BatchContext, payload: Payload) {
  const comment = commentOf(context, payload);
  const id = String(payload.postId ?? '');
  const target =
    id === comment.id ? comment : comment.replies.find((reply) => reply.id === id && !reply.deleted);
  if (!target) throw new InvalidRequestError(`The post with ID ${id} was not found.`);
  if (target.author !== context.user)
    throw new InvalidRequestError('The requesting user is not the author of the post.');
  target.content = checkContent(payload.content, true);
  target.modifiedTime = context.state.now();
  return {};
}

function deleteComment(context: BatchContext, payload: Payload) {
  const comment = commentOf(context, payload);
  if (comment.author !== context.user) {
    throw new InvalidRequestError('The requesting user is not the author of the comment’s head post.');
  }
  comment.deleted = true;
  comment.content = '';
  comment.modifiedTime = context.state.now();
  return {};
}

function deleteCommentReply(context: BatchContext, payload: Payload) {
  const comment = commentOf(context, payload);
  const id = String(payload.postId ?? '');
  const reply = comment.replies.find((candidate) => candidate.id === id && !candidate.deleted);
  if (!reply) throw new InvalidRequestError(`The reply with ID ${id} was not found.`);
  if (reply.author !== context.user)
    throw new InvalidRequestError('The requesting user is not the author of the post.');
  if (reply.action) throw new InvalidRequestError('The reply post contains an action and cannot be deleted.');
  if (reply.assignee)
    throw new InvalidRequestError('The reply post contains an assignee and cannot be deleted.');
  reply.deleted = true;
  reply.content = '';
  reply.modifiedTime = context.state.now();
  return {};
}

/** The document (body of some tab) holding a suggestion, and its author. */
function suggestionOf(context: BatchContext, id: unknown) {
  const suggestionId = String(id ?? '');
  for (const { tab } of walkTabs(context.tabs)) {
    const author = tab.document.suggestionAuthor(suggestionId);
    if (author !== undefined) return { document: tab.document, author, suggestionId };
  }
  throw new InvalidRequestError(`The suggestion with ID ${suggestionId} was not found.`);
}

/** Accepts or rejects (deletes) a suggestion; batchUpdate already needs edit access, deleting authorship too. */
function resolve(context: BatchContext, payload: Payload, accept: boolean, authorOnly: boolean) {
  const { document, author, suggestionId } = suggestionOf(context, payload.suggestionId);
  if (authorOnly && author !== context.user) {
    throw new ForbiddenRequestError('The caller does not have permission');
  }
  document.resolveSuggestion(suggestionId, accept);
  return {};
}

type Handler = (context: BatchContext, payload: Payload) => Record<string, unknown>;

/** The five comment requests and the three suggestion requests. */
export const COMMENT_HANDLERS: Record<string, Handler> = {
  insertComment,
  addCommentReply,
  updateCommentPost,
  deleteComment,
  deleteCommentReply,
  acceptSuggestion: (context, payload) => resolve(context, payload, true, false),
  rejectSuggestion: (context, payload) => resolve(context, payload, false, false),
  deleteSuggestion: (context, payload) => resolve(context, payload, false, true),
};
