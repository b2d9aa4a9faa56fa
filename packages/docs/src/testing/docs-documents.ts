import { checkAgainstSchema, type DiscoverySchemas } from '../docs-discovery.js';
import table from '../docs-request-schemas.json' with { type: 'json' };
import { InvalidRequestError, type SimDocument, type Style } from './docs-document.js';
import { type DocsSimulatorState, GOOGLE_DOCS_MIME_TYPE, type SimFile } from './docs-state.js';
import { applyFieldMask, FieldMaskError, parseFieldMask } from './drive-fields.js';
import { authorize, type Caller, canSee } from './google-access.js';
import { badRequest, docsErrorResponse, notFoundPage } from './google-errors.js';

const schemas = table.schemas as DiscoverySchemas;
const requestTypes = schemas.Request?.properties ?? {};
const TEXT_STYLE_FIELDS = new Set(Object.keys(schemas.TextStyle?.properties ?? {}));
const PARAGRAPH_STYLE_FIELDS = new Set(Object.keys(schemas.ParagraphStyle?.properties ?? {}));
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

const DOCUMENT_STYLE = {
  background: { color: {} },
  pageNumberStart: 1,
  marginTop: { magnitude: 72, unit: 'PT' },
  marginBottom: { magnitude: 72, unit: 'PT' },
  marginRight: { magnitude: 72, unit: 'PT' },
  marginLeft: { magnitude: 72, unit: 'PT' },
  pageSize: { height: { magnitude: 792, unit: 'PT' }, width: { magnitude: 612, unit: 'PT' } },
  marginHeader: { magnitude: 36, unit: 'PT' },
  marginFooter: { magnitude: 36, unit: 'PT' },
  useCustomHeaderFooterMargins: true,
};

const namedStyle = (namedStyleType: string, size: number, extra: Record<string, unknown> = {}) => ({
  namedStyleType,
  textStyle: {
    bold: false,
    italic: false,
    underline: false,
    strikethrough: false,
    smallCaps: false,
    backgroundColor: {},
    foregroundColor: { color: { rgbColor: {} } },
    fontSize: { magnitude: size, unit: 'PT' },
    weightedFontFamily: { fontFamily: 'Arial', weight: 400 },
    baselineOffset: 'NONE',
    ...extra,
  },
  paragraphStyle: {
    namedStyleType,
    alignment: 'START',
    lineSpacing: 115,
    direction: 'LEFT_TO_RIGHT',
    spacingMode: 'COLLAPSE_LISTS',
    spaceAbove: { unit: 'PT' },
    spaceBelow: { unit: 'PT' },
  },
});

const NAMED_STYLES = {
  styles: [
    namedStyle('NORMAL_TEXT', 11),
    namedStyle('HEADING_1', 20),
    namedStyle('HEADING_2', 16),
    namedStyle('HEADING_3', 14, {
      foregroundColor: { color: { rgbColor: { red: 0.2627451, green: 0.2627451, blue: 0.2627451 } } },
    }),
    namedStyle('TITLE', 26),
    namedStyle('SUBTITLE', 15, {
      foregroundColor: { color: { rgbColor: { red: 0.4, green: 0.4, blue: 0.4 } } },
    }),
  ],
};

/** Raised for a request type the simulator does not model (Google would apply it). */
class UnimplementedRequestError extends Error {}

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

/** The document as `documents.get` returns it; the revision id only for those who may edit. */
export function renderDocument(state: DocsSimulatorState, file: SimFile, user: string, mode?: string) {
  const editor = state.can(file, user, 'writer');
  return {
    title: file.name,
    body: { content: file.document!.content() },
    documentStyle: DOCUMENT_STYLE,
    namedStyles: NAMED_STYLES,
    ...(editor ? { revisionId: file.revisions.at(-1) } : {}),
    suggestionsViewMode:
      mode && mode !== 'DEFAULT_FOR_CURRENT_ACCESS'
        ? mode
        : editor
          ? 'SUGGESTIONS_INLINE'
          : 'PREVIEW_WITHOUT_SUGGESTIONS',
    documentId: file.id,
  };
}

function fieldList(fields: unknown, known: Set<string>, what: string): readonly string[] | '*' {
  if (typeof fields !== 'string' || fields.trim() === '') {
    throw new InvalidRequestError('At least one field must be specified.');
  }
  if (fields.trim() === '*') return '*';
  const names = fields.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !known.has(name.split('.')[0]!));
  if (unknown !== undefined)
    throw new InvalidRequestError(`Invalid field mask: ${unknown} is not a field of ${what}.`);
  return names;
}

function noSegment(segmentId: unknown): void {
  if (typeof segmentId === 'string' && segmentId !== '') {
    throw new InvalidRequestError(`The segment with ID ${segmentId} was not found.`);
  }
}

/** Applies one request to a document; returns its reply. */
function applyRequest(
  document: SimDocument,
  type: string,
  payload: Record<string, any>,
): Record<string, unknown> {
  switch (type) {
    case 'insertText': {
      const location = payload.location;
      const end = payload.endOfSegmentLocation;
      if (location && end)
        throw new InvalidRequestError('Only one of location or end_of_segment_location may be set.');
      noSegment(location?.segmentId ?? end?.segmentId);
      // At the end of the segment means just before its final newline.
      document.insertText(end ? document.endIndex - 1 : (location?.index ?? 0), payload.text ?? '');
      return {};
    }
    case 'deleteContentRange': {
      noSegment(payload.range?.segmentId);
      document.deleteContentRange(payload.range?.startIndex ?? 0, payload.range?.endIndex ?? 0);
      return {};
    }
    case 'updateTextStyle': {
      noSegment(payload.range?.segmentId);
      const fields = fieldList(payload.fields, TEXT_STYLE_FIELDS, 'TextStyle');
      document.updateTextStyle(
        payload.range?.startIndex ?? 0,
        payload.range?.endIndex ?? 0,
        (payload.textStyle ?? {}) as Style,
        fields,
      );
      return {};
    }
    case 'updateParagraphStyle': {
      noSegment(payload.range?.segmentId);
      const fields = fieldList(payload.fields, PARAGRAPH_STYLE_FIELDS, 'ParagraphStyle');
      document.updateParagraphStyle(
        payload.range?.startIndex ?? 0,
        payload.range?.endIndex ?? 0,
        (payload.paragraphStyle ?? {}) as Style,
        fields,
      );
      return {};
    }
    case 'replaceAllText': {
      const changed = document.replaceAllText(
        payload.containsText?.text ?? '',
        payload.replaceText ?? '',
        payload.containsText?.matchCase === true,
      );
      // proto3 JSON leaves out a zero count.
      return { replaceAllText: changed > 0 ? { occurrencesChanged: changed } : {} };
    }
    default:
      throw new UnimplementedRequestError(type);
  }
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
  const document = file.document!.clone();
  const replies: Record<string, unknown>[] = [];
  for (let index = 0; index < requests.length; index += 1) {
    const type = Object.keys(requests[index])[0]!;
    try {
      replies.push(applyRequest(document, type, requests[index][type] ?? {}));
    } catch (error) {
      if (error instanceof InvalidRequestError)
        return invalidArgument(`Invalid requests[${index}].${type}: ${error.message}`);
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
  const revision = state.commit(file, document, caller.user);
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

function respond(body: unknown, url: URL): Response {
  const fields = url.searchParams.get('fields');
  if (!fields) return ok(body);
  try {
    return ok(applyFieldMask(body, parseFieldMask(fields)));
  } catch (error) {
    if (error instanceof FieldMaskError) return invalidArgument(error.message, 'fields');
    throw error;
  }
}

/**
 * The Docs API: `GET /v1/documents/{id}`, `POST /v1/documents/{id}:batchUpdate` and
 * `POST /v1/documents`, with Google's status codes and error bodies.
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
    if (!STANDARD_PARAMETERS.has(key) && !(rpc === 'GetDocument' && key === 'suggestionsViewMode')) {
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
  if (file.mimeType !== GOOGLE_DOCS_MIME_TYPE || !file.document) {
    return docsErrorResponse(400, 'FAILED_PRECONDITION', 'This operation is not supported for this document');
  }
  if (rpc === 'BatchUpdateDocument') return batchUpdate(state, caller, file, request);
  const mode = url.searchParams.get('suggestionsViewMode') ?? undefined;
  if (mode !== undefined && !VIEW_MODES.includes(mode)) {
    return invalidArgument(
      `Invalid value at 'suggestions_view_mode' (type.googleapis.com/google.apps.docs.v1.SuggestionsViewMode), "${mode}"`,
      'suggestions_view_mode',
    );
  }
  // Viewers may not see suggestions: asking for them inline or accepted is refused.
  if (
    (mode === 'SUGGESTIONS_INLINE' || mode === 'PREVIEW_SUGGESTIONS_ACCEPTED') &&
    !state.can(file, caller.user, 'commenter')
  ) {
    return docsErrorResponse(403, 'PERMISSION_DENIED', 'The caller does not have permission');
  }
  return respond(renderDocument(state, file, caller.user, mode), url);
}
