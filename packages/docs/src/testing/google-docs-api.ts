import { GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import { checkAgainstSchema, type DiscoverySchemas } from '../docs-discovery.js';
import table from '../docs-request-schemas.json' with { type: 'json' };
import { authorize, type Caller, canSee } from './google-access.js';
import { applyRequest, type BatchContext, UnimplementedRequestError } from './google-docs-batch-update.js';
import { ForbiddenRequestError } from './google-docs-comment-requests.js';
import { InvalidRequestError } from './google-docs-document.js';
import { renderDocument } from './google-docs-render.js';
import { cloneTabs } from './google-docs-tabs.js';
import { applyFieldMask, type FieldMask, FieldMaskError, parseFieldMask } from './google-drive-fields.js';
import { badRequest, docsErrorResponse, notFoundPage } from './google-errors.js';
import type { DocsSimulatorState, SimFile } from './google-state.js';

const schemas = table.schemas as DiscoverySchemas;
const requestTypes = schemas.Request?.properties ?? {};
const TEXT_STYLE_FIELDS: ReadonlySet<string> = new Set(Object.keys(schemas.TextStyle?.properties ?? {}));
const PARAGRAPH_STYLE_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(schemas.ParagraphStyle?.properties ?? {}),
);
/** Query parameters every Google API takes. */
const STANDARD_PARAMETERS = new Set([
  '$.xgafv',
  'access_token',
  'alt',
  'callback',
  'fields',
  'key',
  'oauth_token',
  'prettyPrint',
  'quotaUser',
  'uploadType',
  'upload_protocol',
]);
const VIEW_MODES = [
  'DEFAULT_FOR_CURRENT_ACCESS',
  'SUGGESTIONS_INLINE',
  'PREVIEW_SUGGESTIONS_ACCEPTED',
  'PREVIEW_WITHOUT_SUGGESTIONS',
];
const COMMENTS_VIEW_MODES = [
  'COMMENTS_VIEW_MODE_UNSPECIFIED',
  'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS',
  'COMMENTS_VIEW_MODE_OMITTED',
  'COMMENTS_VIEW_MODE_INCLUDED',
];
/** Query parameters of `documents.get` beyond the standard ones. */
const GET_PARAMETERS = new Set(['suggestionsViewMode', 'includeTabsContent', 'commentsViewMode']);

function isPlainObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ok(body: unknown): Response {
  return Response.json(body, { headers: { 'content-type': 'application/json; charset=UTF-8' } });
}

/** `insertText.location` → `insert_text.location`, `tabStops.0` → `tab_stops[0]`: Google's paths. */
function protoPath(path: string): string {
  return path
    .split('.')
    .map((part) =>
      /^\d+$/.test(part) ? `[${part}]` : `.${part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
    )
    .join('')
    .replace(/^\./, '');
}

function invalidArgument(message: string, field?: string): Response {
  return docsErrorResponse(
    400,
    'INVALID_ARGUMENT',
    message,
    field ? [badRequest(field, message)] : undefined,
  );
}

/** Google parses the whole payload before applying anything: the first JSON-level error, if any. */
function payloadError(requests: unknown[]): Response | undefined {
  for (let index = 0; index < requests.length; index += 1) {
    const request = requests[index];
    const at = `requests[${index}]`;
    if (!isPlainObject(request)) {
      return invalidArgument(
        `Invalid value at '${at}' (type.googleapis.com/google.apps.docs.v1.Request), ${JSON.stringify(request)}`,
        at,
      );
    }
    const keys = Object.keys(request);
    const unknown = keys.find((key) => !Object.hasOwn(requestTypes, key));
    if (unknown !== undefined) {
      return invalidArgument(
        `Invalid JSON payload received. Unknown name "${unknown}" at '${at}': Cannot find field.`,
        at,
      );
    }
    if (keys.length === 0) return invalidArgument(`Invalid ${at}: No request set.`, at);
    if (keys.length > 1) {
      return invalidArgument(
        `Invalid value at '${at}' (oneof), oneof field 'request' is already set. Cannot overwrite with '${protoPath(keys[1]!)}'`,
        at,
      );
    }
    const type = keys[0]!;
    const issue = checkAgainstSchema(request[type], requestTypes[type]!, schemas, type);
    if (issue) {
      if (issue.message.startsWith('is not a field')) {
        const parts = issue.path.split('.');
        const name = parts.pop()!;
        return invalidArgument(
          `Invalid JSON payload received. Unknown name "${name}" at '${at}.${protoPath(parts.join('.'))}': Cannot find field.`,
          `${at}.${protoPath(parts.join('.'))}`,
        );
      }
      return invalidArgument(
        `Invalid value at '${at}.${protoPath(issue.path)}': ${issue.message}`,
        `${at}.${protoPath(issue.path)}`,
      );
    }
  }
  return undefined;
}

async function batchUpdate(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  request: Request,
): Promise<Response> {
  if (!state.can(file, caller.user, 'writer')) {
    return docsErrorResponse(403, 'PERMISSION_DENIED', 'The caller does not have permission');
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return invalidArgument('Invalid JSON payload received. Unexpected token.');
  }
  if (!isPlainObject(body)) return invalidArgument('Invalid JSON payload received. Expected an object.');
  const unknown = Object.keys(body).find((key) => key !== 'requests' && key !== 'writeControl');
  if (unknown)
    return invalidArgument(
      `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`,
      unknown,
    );
  const requests: unknown = body.requests ?? [];
  if (!Array.isArray(requests))
    return invalidArgument(`Invalid value at 'requests', ${JSON.stringify(requests)}`, 'requests');
  if (requests.length === 0) return invalidArgument('Must specify at least one request.', 'requests');
  const writeControl = body.writeControl ?? {};
  if (!isPlainObject(writeControl))
    return invalidArgument("Invalid value at 'write_control'", 'write_control');
  const extra = Object.keys(writeControl).find(
    (key) => key !== 'requiredRevisionId' && key !== 'targetRevisionId',
  );
  if (extra)
    return invalidArgument(
      `Invalid JSON payload received. Unknown name "${extra}" at 'write_control': Cannot find field.`,
    );
  const { requiredRevisionId, targetRevisionId } = writeControl;
  if (requiredRevisionId !== undefined && targetRevisionId !== undefined) {
    return invalidArgument("Invalid value at 'write_control' (oneof), oneof field 'control' is already set.");
  }
  const invalid = payloadError(requests);
  if (invalid) return invalid;
  // Google documents only the 400 for a stale revision; FAILED_PRECONDITION is the status of the
  // 400s it gives when a document's state does not allow a request.
  if (requiredRevisionId !== undefined && requiredRevisionId !== file.revisions.at(-1)) {
    return docsErrorResponse(
      400,
      'FAILED_PRECONDITION',
      'The required revision ID does not match the latest revision of the document. The document was modified since the revision was read.',
    );
  }
  if (targetRevisionId !== undefined && !file.revisions.includes(targetRevisionId)) {
    return invalidArgument(
      'The target revision ID is not valid for this document.',
      'write_control.target_revision_id',
    );
  }
  const context: BatchContext = {
    state,
    user: caller.user,
    tabs: cloneTabs(file.tabs!),
    comments: (file.comments ?? []).map((comment) => ({
      ...comment,
      replies: comment.replies.map((reply) => ({ ...reply })),
    })),
    textStyleFields: TEXT_STYLE_FIELDS,
    paragraphStyleFields: PARAGRAPH_STYLE_FIELDS,
  };
  const replies: Record<string, unknown>[] = [];
  for (let index = 0; index < requests.length; index += 1) {
    const type = Object.keys(requests[index])[0]!;
    try {
      replies.push(applyRequest(context, type, requests[index][type] ?? {}));
    } catch (error) {
      if (error instanceof InvalidRequestError)
        return invalidArgument(`Invalid requests[${index}].${type}: ${error.message}`);
      if (error instanceof ForbiddenRequestError)
        return docsErrorResponse(403, 'PERMISSION_DENIED', error.message);
      if (error instanceof UnimplementedRequestError) {
        return docsErrorResponse(
          501,
          'UNIMPLEMENTED',
          `The Google Docs simulator does not implement ${type} requests; nothing was applied.`,
        );
      }
      throw error;
    }
  }
  if (context.comments.length > 0 || file.comments) file.comments = context.comments;
  const revision = state.commit(file, context.tabs, caller.user);
  return ok({ replies, writeControl: { requiredRevisionId: revision }, documentId: file.id });
}

async function createDocument(
  state: DocsSimulatorState,
  caller: Caller,
  request: Request,
  url: URL,
): Promise<Response> {
  let body: unknown = {};
  const text = await request.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      return invalidArgument('Invalid JSON payload received. Unexpected token.');
    }
  }
  if (!isPlainObject(body)) return invalidArgument('Invalid JSON payload received. Expected an object.');
  // Google uses only the title: "other fields, including any provided content, are ignored".
  const title = typeof body.title === 'string' && body.title !== '' ? body.title : 'Untitled document';
  const file = state.createDocument({ title, owner: caller.user, createdBy: caller.grant.clientId });
  return respond(renderDocument(state, file, caller.user), url);
}

/** The `fields` mask of a call, or the 400 Google gives for a malformed one. */
function maskOf(url: URL): FieldMask | undefined | Response {
  const fields = url.searchParams.get('fields');
  if (!fields) return undefined;
  try {
    return parseFieldMask(fields);
  } catch (error) {
    if (error instanceof FieldMaskError) return invalidArgument(error.message, 'fields');
    throw error;
  }
}

function respond(body: unknown, url: URL): Response {
  const mask = maskOf(url);
  if (mask instanceof Response) return mask;
  return ok(mask ? applyFieldMask(body, mask) : body);
}

/** A boolean query parameter as Google reads it, or its 400. */
function booleanParameter(url: URL, name: string, field: string): boolean | Response {
  const value = url.searchParams.get(name);
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  return invalidArgument(`Invalid value at '${field}' (TYPE_BOOL), "${value}"`, field);
}

/** `documents.get`, with Google's rules for tabs and the suggestions and comments view modes. */
function getDocument(state: DocsSimulatorState, caller: Caller, file: SimFile, url: URL): Response {
  const params = url.searchParams;
  const mode = params.get('suggestionsViewMode') ?? undefined;
  if (mode !== undefined && !VIEW_MODES.includes(mode)) {
    return invalidArgument(
      `Invalid value at 'suggestions_view_mode' (type.googleapis.com/google.apps.docs.v1.SuggestionsViewMode), "${mode}"`,
      'suggestions_view_mode',
    );
  }
  const comments = params.get('commentsViewMode') ?? undefined;
  if (comments !== undefined && !COMMENTS_VIEW_MODES.includes(comments)) {
    return invalidArgument(
      `Invalid value at 'comments_view_mode' (type.googleapis.com/google.apps.docs.v1.CommentsViewMode), "${comments}"`,
      'comments_view_mode',
    );
  }
  const include = booleanParameter(url, 'includeTabsContent', 'include_tabs_content');
  if (include instanceof Response) return include;
  const mask = maskOf(url);
  if (mask instanceof Response) return mask;
  // A mask that names tabs asks for them as includeTabsContent does.
  const includeTabsContent = include || mask?.has('tabs') === true;
  if (comments !== undefined && !includeTabsContent) {
    return invalidArgument(
      'comments_view_mode can only be set with include_tabs_content set to true or a field mask that references tabs.',
      'comments_view_mode',
    );
  }
  if (comments === 'COMMENTS_VIEW_MODE_INCLUDED' && mode !== 'SUGGESTIONS_INLINE') {
    return invalidArgument(
      'comments_view_mode COMMENTS_VIEW_MODE_INCLUDED requires suggestions_view_mode SUGGESTIONS_INLINE.',
      'suggestions_view_mode',
    );
  }
  if (
    (comments === 'COMMENTS_VIEW_MODE_INCLUDED' ||
      comments === 'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS') &&
    (mode === 'PREVIEW_WITHOUT_SUGGESTIONS' || mode === 'PREVIEW_SUGGESTIONS_ACCEPTED')
  ) {
    return invalidArgument(
      `comments_view_mode ${comments} cannot be used with suggestions_view_mode ${mode}.`,
      'suggestions_view_mode',
    );
  }
  // Viewers may not see suggestions or comments: asking for them is refused.
  if (
    (mode === 'SUGGESTIONS_INLINE' ||
      mode === 'PREVIEW_SUGGESTIONS_ACCEPTED' ||
      comments === 'COMMENTS_VIEW_MODE_INCLUDED') &&
    !state.can(file, caller.user, 'commenter')
  ) {
    return docsErrorResponse(403, 'PERMISSION_DENIED', 'The caller does not have permission');
  }
  const body = renderDocument(state, file, caller.user, {
    suggestionsViewMode: mode,
    includeTabsContent,
    commentsViewMode: comments,
  });
  return ok(mask ? applyFieldMask(body, mask) : body);
}

/**
 * The Docs API: `GET /v1/documents/{id}` (with `includeTabsContent`), `POST
 * /v1/documents/{id}:batchUpdate` and `POST /v1/documents`, with Google's status codes and error
 * bodies.
 */
export async function docsRoute(
  state: DocsSimulatorState,
  request: Request,
  url: URL,
  documentId: string | undefined,
  batch: boolean,
): Promise<Response> {
  const rpc = documentId === undefined ? 'CreateDocument' : batch ? 'BatchUpdateDocument' : 'GetDocument';
  if (request.method !== (rpc === 'GetDocument' ? 'GET' : 'POST')) return notFoundPage(url.pathname);
  for (const key of url.searchParams.keys()) {
    if (!STANDARD_PARAMETERS.has(key) && !(rpc === 'GetDocument' && GET_PARAMETERS.has(key))) {
      return invalidArgument(
        `Invalid JSON payload received. Unknown name "${key}": Cannot bind query parameter. Field '${key}' could not be found in request message.`,
        key,
      );
    }
  }
  const caller = authorize(
    state,
    request,
    url,
    'docs',
    rpc !== 'GetDocument',
    `google.apps.docs.v1.DocumentsService.${rpc}`,
  );
  if (caller instanceof Response) return caller;
  if (rpc === 'CreateDocument') return createDocument(state, caller, request, url);
  const file = state.files.get(documentId!);
  if (!file) return docsErrorResponse(404, 'NOT_FOUND', 'Requested entity was not found.');
  if (!canSee(state, file, caller, 'docs')) {
    return docsErrorResponse(403, 'PERMISSION_DENIED', 'The caller does not have permission');
  }
  if (file.mimeType !== GOOGLE_DOCS_MIME_TYPE || !file.tabs) {
    return docsErrorResponse(400, 'FAILED_PRECONDITION', 'This operation is not supported for this document');
  }
  if (rpc === 'BatchUpdateDocument') return batchUpdate(state, caller, file, request);
  return getDocument(state, caller, file, url);
}
