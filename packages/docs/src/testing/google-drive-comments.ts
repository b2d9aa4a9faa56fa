// Drive v3 `comments` and `replies`, as Drive's "Manage comments and replies" guide and the
// discovery document (revision 20260916) describe them:
// - every method but delete needs `fields` ("The 'fields' parameter is required for this method.",
//   400 `required`), as `about.get` does;
// - reading needs access to the file, writing the commenter role (403
//   `insufficientFilePermissions` for a reader);
// - `comments.create` needs `content` (the schema's `required: [drive.comments.create]`);
//   `replies.create` needs `content` unless it carries an `action`;
// - a reply's `action` (`resolve` or `reopen`) sets the comment's `resolved`; only those two values;
// - the author comes back without its email address or permission id ("will not be populated");
// - list: `pageSize` 1..100 (default 20), `pageToken`, `includeDeleted`, `startModifiedTime`;
//   deleted comments keep their id and lose their content.
import { randomBytes } from 'node:crypto';
import type { Caller } from './google-access.js';
import {
  insufficientPermissions,
  invalid,
  iso,
  masked,
  readJson,
  truthy,
  userResource,
} from './google-drive-common.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState, SimComment, SimFile, SimReply } from './google-state.js';

const COMMENT_WRITABLE = new Set(['content', 'anchor', 'quotedFileContent']);
const REPLY_WRITABLE = new Set(['content', 'action']);
const ACTIONS = new Set(['resolve', 'reopen']);

function newId(): string {
  return `AAAB${randomBytes(8).toString('base64url')}`;
}

function fieldsRequired(): Response {
  return invalid('fields', "The 'fields' parameter is required for this method.", 'required');
}

function commentNotFound(id: string): Response {
  return driveErrorResponse(404, 'notFound', `Comment not found: ${id}.`, {
    location: 'commentId',
    locationType: 'parameter',
  });
}

function replyNotFound(id: string): Response {
  return driveErrorResponse(404, 'notFound', `Reply not found: ${id}.`, {
    location: 'replyId',
    locationType: 'parameter',
  });
}

function requiredField(field: string): Response {
  return driveErrorResponse(400, 'required', `Required parameter: ${field}`, {
    location: field,
    locationType: 'other',
  });
}

function notWritable(): Response {
  return driveErrorResponse(
    403,
    'fieldNotWritable',
    'The resource body includes fields which are not directly writable.',
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
}

/** The author as Drive shows it on comments: no email address, no permission id. */
function author(state: DocsSimulatorState, email: string, me: string) {
  const { emailAddress: _email, permissionId: _id, ...shown } = userResource(state, email, me);
  return shown;
}

function replyResource(state: DocsSimulatorState, reply: SimReply, me: string) {
  return {
    kind: 'drive#reply',
    id: reply.id,
    createdTime: iso(reply.createdTime),
    modifiedTime: iso(reply.modifiedTime),
    author: author(state, reply.author, me),
    deleted: reply.deleted,
    ...(reply.deleted ? {} : { content: reply.content, htmlContent: escapeHtml(reply.content) }),
    ...(reply.action ? { action: reply.action } : {}),
  };
}

function commentResource(state: DocsSimulatorState, comment: SimComment, me: string, withDeleted: boolean) {
  return {
    kind: 'drive#comment',
    id: comment.id,
    createdTime: iso(comment.createdTime),
    modifiedTime: iso(comment.modifiedTime),
    author: author(state, comment.author, me),
    deleted: comment.deleted,
    resolved: comment.resolved,
    ...(comment.deleted ? {} : { content: comment.content, htmlContent: escapeHtml(comment.content) }),
    ...(comment.anchor ? { anchor: comment.anchor } : {}),
    ...(comment.quotedText !== undefined
      ? { quotedFileContent: { mimeType: 'text/html', value: comment.quotedText } }
      : {}),
    replies: comment.replies
      .filter((reply) => withDeleted || !reply.deleted)
      .map((reply) => replyResource(state, reply, me)),
  };
}

/** A page of items from an offset token, as Drive pages its lists. */
function page<T>(
  items: T[],
  url: URL,
  max: number,
  fallback: number,
): { items: T[]; next?: string } | Response {
  const sizeText = url.searchParams.get('pageSize') ?? String(fallback);
  const size = Number(sizeText);
  if (!/^\d+$/.test(sizeText) || size < 1 || size > max) {
    return invalid('pageSize', `Invalid value '${sizeText}'. Values must be within the range: [1, ${max}]`);
  }
  const token = url.searchParams.get('pageToken');
  const start = token === null ? 0 : Number(Buffer.from(token, 'base64url').toString());
  if (!Number.isInteger(start) || start < 0) return invalid('pageToken');
  const end = start + size;
  return {
    items: items.slice(start, end),
    ...(end < items.length ? { next: Buffer.from(String(end)).toString('base64url') } : {}),
  };
}

function listComments(state: DocsSimulatorState, caller: Caller, file: SimFile, url: URL): Response {
  const withDeleted = truthy(url.searchParams.get('includeDeleted'));
  const since = url.searchParams.get('startModifiedTime');
  const sinceMs = since === null ? undefined : Date.parse(since);
  if (sinceMs !== undefined && Number.isNaN(sinceMs)) return invalid('startModifiedTime');
  // Oldest first, as Drive lists them.
  const comments = [...(file.comments ?? [])]
    .sort((a, b) => a.createdTime - b.createdTime)
    .filter(
      (comment) =>
        (withDeleted || !comment.deleted) && (sinceMs === undefined || comment.modifiedTime >= sinceMs),
    );
  const paged = page(comments, url, 100, 20);
  if (paged instanceof Response) return paged;
  return masked(
    {
      kind: 'drive#commentList',
      comments: paged.items.map((comment) => commentResource(state, comment, caller.user, withDeleted)),
      ...(paged.next ? { nextPageToken: paged.next } : {}),
    },
    url.searchParams.get('fields'),
    'kind',
  );
}

async function createComment(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  request: Request,
  url: URL,
): Promise<Response> {
  const body = await readJson(request);
  if (body instanceof Response) return body;
  if (Object.keys(body).some((key) => !COMMENT_WRITABLE.has(key))) return notWritable();
  if (typeof body.content !== 'string' || body.content === '') return requiredField('content');
  const quoted = body.quotedFileContent as { value?: unknown } | undefined;
  const now = state.now();
  const comment: SimComment = {
    id: newId(),
    author: caller.user,
    content: body.content,
    quotedText: typeof quoted?.value === 'string' ? quoted.value : undefined,
    anchor: typeof body.anchor === 'string' ? body.anchor : undefined,
    createdTime: now,
    modifiedTime: now,
    resolved: false,
    deleted: false,
    replies: [],
  };
  file.comments = [...(file.comments ?? []), comment];
  return masked(commentResource(state, comment, caller.user, false), url.searchParams.get('fields'), 'kind');
}

async function createReply(
  state: DocsSimulatorState,
  caller: Caller,
  comment: SimComment,
  request: Request,
  url: URL,
): Promise<Response> {
  const body = await readJson(request);
  if (body instanceof Response) return body;
  if (Object.keys(body).some((key) => !REPLY_WRITABLE.has(key))) return notWritable();
  const action = body.action;
  if (action !== undefined && (typeof action !== 'string' || !ACTIONS.has(action))) {
    return driveErrorResponse(400, 'invalid', `Invalid value for action: ${String(action)}`, {
      location: 'action',
      locationType: 'other',
    });
  }
  const content = typeof body.content === 'string' ? body.content : '';
  if (content === '' && action === undefined) return requiredField('content');
  if (comment.deleted) return commentNotFound(comment.id);
  const now = state.now();
  const reply: SimReply = {
    id: newId(),
    author: caller.user,
    content,
    action: action as SimReply['action'],
    createdTime: now,
    modifiedTime: now,
    deleted: false,
  };
  comment.replies.push(reply);
  if (action === 'resolve') comment.resolved = true;
  if (action === 'reopen') comment.resolved = false;
  comment.modifiedTime = now;
  return masked(replyResource(state, reply, caller.user), url.searchParams.get('fields'), 'kind');
}

async function updateContent(
  state: DocsSimulatorState,
  caller: Caller,
  target: SimComment | SimReply,
  request: Request,
): Promise<Response | undefined> {
  if (target.author !== caller.user) return insufficientPermissions();
  const body = await readJson(request);
  if (body instanceof Response) return body;
  if (Object.keys(body).some((key) => key !== 'content')) return notWritable();
  if (typeof body.content !== 'string' || body.content === '') return requiredField('content');
  target.content = body.content;
  target.modifiedTime = state.now();
  return undefined;
}

/** The path under `files/{id}/comments`: the comment id, `replies`, the reply id. */
export interface CommentPath {
  commentId?: string | undefined;
  replies: boolean;
  replyId?: string | undefined;
}

/**
 * `files/{fileId}/comments[/{commentId}[/replies[/{replyId}]]]`: list, get, create, update and
 * delete of comments and replies, for a file the caller can see.
 */
export async function commentsRoute(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  request: Request,
  url: URL,
  path: CommentPath,
): Promise<Response> {
  const method = request.method;
  const fields = url.searchParams.get('fields');
  if (method !== 'DELETE' && !fields) return fieldsRequired();
  if (method !== 'GET' && !state.can(file, caller.user, 'commenter')) return insufficientPermissions();
  const me = caller.user;
  const withDeleted = truthy(url.searchParams.get('includeDeleted'));
  if (path.commentId === undefined) {
    if (method === 'GET') return listComments(state, caller, file, url);
    if (method === 'POST') return createComment(state, caller, file, request, url);
    return driveErrorResponse(405, 'methodNotAllowed', 'Method not allowed.');
  }
  const comment = file.comments?.find((entry) => entry.id === path.commentId);
  if (!comment || (comment.deleted && !withDeleted && method !== 'DELETE')) {
    return commentNotFound(path.commentId);
  }
  if (!path.replies) {
    if (method === 'GET') return masked(commentResource(state, comment, me, withDeleted), fields, 'kind');
    if (method === 'DELETE') {
      if (comment.author !== me && !state.can(file, me, 'owner')) return insufficientPermissions();
      comment.deleted = true;
      comment.content = '';
      return new Response(null, { status: 204 });
    }
    if (method === 'PATCH') {
      const refused = await updateContent(state, caller, comment, request);
      return refused ?? masked(commentResource(state, comment, me, false), fields, 'kind');
    }
    return driveErrorResponse(405, 'methodNotAllowed', 'Method not allowed.');
  }
  if (path.replyId === undefined) {
    if (method === 'POST') return createReply(state, caller, comment, request, url);
    if (method !== 'GET') return driveErrorResponse(405, 'methodNotAllowed', 'Method not allowed.');
    const paged = page(
      comment.replies.filter((reply) => withDeleted || !reply.deleted),
      url,
      100,
      20,
    );
    if (paged instanceof Response) return paged;
    return masked(
      {
        kind: 'drive#replyList',
        replies: paged.items.map((reply) => replyResource(state, reply, me)),
        ...(paged.next ? { nextPageToken: paged.next } : {}),
      },
      fields,
      'kind',
    );
  }
  const reply = comment.replies.find((entry) => entry.id === path.replyId);
  if (!reply || (reply.deleted && !withDeleted && method !== 'DELETE')) return replyNotFound(path.replyId);
  if (method === 'GET') return masked(replyResource(state, reply, me), fields, 'kind');
  if (method === 'DELETE') {
    if (reply.author !== me && !state.can(file, me, 'owner')) return insufficientPermissions();
    reply.deleted = true;
    reply.content = '';
    return new Response(null, { status: 204 });
  }
  if (method === 'PATCH') {
    const refused = await updateContent(state, caller, reply, request);
    return refused ?? masked(replyResource(state, reply, me), fields, 'kind');
  }
  return driveErrorResponse(405, 'methodNotAllowed', 'Method not allowed.');
}
