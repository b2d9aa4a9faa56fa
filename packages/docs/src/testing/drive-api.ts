import { createHash } from 'node:crypto';
import { renderHtml, renderMarkdown, renderPdf, renderText } from './docs-export.js';
import { type DocsSimulatorState, GOOGLE_DOCS_MIME_TYPE, type SimFile } from './docs-state.js';
import { applyFieldMask, type FieldMask, FieldMaskError, parseFieldMask } from './drive-fields.js';
import { type DriveQuery, DriveQueryError, matchesDriveQuery, parseDriveQuery } from './drive-query.js';
import { authorize, type Caller, canSee } from './google-access.js';
import { driveErrorResponse, notFoundPage } from './google-errors.js';

const DRIVE_RESOURCES = new Set([
  'about',
  'accessproposals',
  'apps',
  'changes',
  'channels',
  'comments',
  'drives',
  'files',
  'operations',
  'permissions',
  'replies',
  'revisions',
  'teamdrives',
]);
/** Fields a client may set on a file (others are read-only: 403 fieldNotWritable). */
const WRITABLE = new Set([
  'name',
  'description',
  'starred',
  'trashed',
  'mimeType',
  'parents',
  'properties',
  'appProperties',
]);
const EXPORT_FORMATS: Record<string, 'pdf' | 'text' | 'html' | 'markdown'> = {
  'application/pdf': 'pdf',
  'text/plain': 'text',
  'text/html': 'html',
  'text/markdown': 'markdown',
};
/** Formats Google exports Docs to that the simulator does not produce. */
const UNPRODUCED_FORMATS = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'application/epub+zip',
  'application/zip',
]);
const ROOT_FOLDER = '0AJx9sandboxRootFolderUk9PVA';

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function ok(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'content-type': 'application/json; charset=UTF-8' } });
}

function notFound(id: string): Response {
  return driveErrorResponse(404, 'notFound', `File not found: ${id}.`, {
    location: 'fileId',
    locationType: 'parameter',
  });
}

function invalid(location: string, message = 'Invalid Value', reason = 'invalid'): Response {
  return driveErrorResponse(400, reason, message, { location, locationType: 'parameter' });
}

function userResource(state: DocsSimulatorState, email: string, me: string) {
  const user = state.users.get(email);
  return {
    kind: 'drive#user',
    displayName: user?.displayName ?? email,
    photoLink: 'https://lh3.googleusercontent.com/a/default-user=s64',
    me: email === me,
    permissionId: user?.permissionId ?? '',
    emailAddress: email,
  };
}

function webViewLink(file: SimFile): string {
  if (file.mimeType === GOOGLE_DOCS_MIME_TYPE)
    return `https://docs.google.com/document/d/${file.id}/edit?usp=drivesdk`;
  if (file.mimeType === 'application/vnd.google-apps.spreadsheet') {
    return `https://docs.google.com/spreadsheets/d/${file.id}/edit?usp=drivesdk`;
  }
  return `https://drive.google.com/file/d/${file.id}/view?usp=drivesdk`;
}

/** The full Drive file resource, as the user sees it; `fields` picks from it. */
export function fileResource(
  state: DocsSimulatorState,
  file: SimFile,
  user: string,
): Record<string, unknown> {
  const role = state.roleOf(file, user);
  const editor = role === 'owner' || role === 'writer';
  const google = file.mimeType.startsWith('application/vnd.google-apps.');
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1];
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    starred: file.starred,
    trashed: file.trashed,
    explicitlyTrashed: file.trashed,
    ...(file.owner === user && !file.driveId ? { parents: [ROOT_FOLDER] } : {}),
    ...(file.driveId ? { driveId: file.driveId, teamDriveId: file.driveId } : {}),
    spaces: ['drive'],
    version: String(file.version),
    webViewLink: webViewLink(file),
    iconLink: `https://drive-thirdparty.googleusercontent.com/16/type/${file.mimeType}`,
    hasThumbnail: false,
    thumbnailVersion: '0',
    viewedByMe: true,
    createdTime: iso(file.createdTime),
    modifiedTime: iso(file.modifiedTime),
    modifiedByMe: file.lastModifyingUser === user,
    ...(file.lastModifyingUser === user ? { modifiedByMeTime: iso(file.modifiedTime) } : {}),
    owners: file.driveId ? undefined : [userResource(state, file.owner, user)],
    lastModifyingUser: userResource(state, file.lastModifyingUser, user),
    shared: file.permissions.size > 1,
    ownedByMe: file.owner === user,
    capabilities: {
      canEdit: editor,
      canComment: role !== 'reader',
      canShare: editor,
      canCopy: true,
      canDownload: true,
      canRename: editor,
      canTrash: role === 'owner',
      canDelete: role === 'owner',
      canReadRevisions: editor,
      canModifyContent: editor,
    },
    viewersCanCopyContent: true,
    copyRequiresWriterPermission: false,
    writersCanShare: true,
    ...(google
      ? {
          quotaBytesUsed: '0',
          ...(file.mimeType === GOOGLE_DOCS_MIME_TYPE
            ? {
                exportLinks: Object.fromEntries(
                  [...Object.keys(EXPORT_FORMATS), ...UNPRODUCED_FORMATS].map((type) => [
                    type,
                    `https://docs.google.com/feeds/download/documents/export/Export?id=${file.id}&exportFormat=${type.split('/')[1]}`,
                  ]),
                ),
              }
            : {}),
        }
      : {
          size: String(file.content?.byteLength ?? 0),
          quotaBytesUsed: String(file.content?.byteLength ?? 0),
          md5Checksum: createHash('md5')
            .update(file.content ?? new Uint8Array())
            .digest('hex'),
          originalFilename: file.name,
          ...(extension ? { fullFileExtension: extension, fileExtension: extension } : {}),
          headRevisionId: `0B${file.id.slice(1, 20)}`,
        }),
  };
}

function masked(body: Record<string, unknown>, fields: string | null, fallback: string): Response {
  let mask: FieldMask;
  try {
    mask = parseFieldMask(fields ?? fallback);
  } catch (error) {
    if (error instanceof FieldMaskError) return invalid('fields', error.message, 'invalidParameter');
    throw error;
  }
  return ok(applyFieldMask(body, mask));
}

function truthy(value: string | null): boolean {
  return value === 'true';
}

interface PageToken {
  offset: number;
  key: string;
}

function encodeToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(text: string): PageToken | undefined {
  try {
    const token = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as PageToken;
    return Number.isInteger(token.offset) && typeof token.key === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

const SORT_KEYS: Record<string, (file: SimFile) => string | number> = {
  createdTime: (file) => file.createdTime,
  modifiedTime: (file) => file.modifiedTime,
  modifiedByMeTime: (file) => file.modifiedTime,
  recency: (file) => file.modifiedTime,
  viewedByMeTime: (file) => file.modifiedTime,
  name: (file) => file.name.toLowerCase(),
  name_natural: (file) => file.name.toLowerCase(),
  starred: (file) => (file.starred ? 1 : 0),
  folder: () => 0,
  quotaBytesUsed: (file) => file.content?.byteLength ?? 0,
  sharedWithMeTime: (file) => file.createdTime,
};

function sorter(orderBy: string): ((a: SimFile, b: SimFile) => number) | undefined {
  const keys = orderBy.split(',').map((part) => {
    const [name = '', direction] = part.trim().split(/\s+/);
    return {
      get: SORT_KEYS[name],
      descending: direction === 'desc',
      valid: direction === undefined || direction === 'desc',
    };
  });
  if (keys.some((key) => !key.get || !key.valid)) return undefined;
  return (a, b) => {
    for (const key of keys) {
      const left = key.get!(a);
      const right = key.get!(b);
      if (left !== right) return (left < right ? -1 : 1) * (key.descending ? -1 : 1);
    }
    return 0;
  };
}

function listFiles(state: DocsSimulatorState, caller: Caller, url: URL): Response {
  const params = url.searchParams;
  const corpora = params.get('corpora') ?? 'user';
  const allDrives = truthy(params.get('includeItemsFromAllDrives'));
  if (!['user', 'domain', 'drive', 'allDrives'].includes(corpora)) return invalid('corpora');
  if (allDrives && !truthy(params.get('supportsAllDrives'))) {
    return invalid(
      'includeItemsFromAllDrives',
      'The includeItemsFromAllDrives parameter can only be set to true when supportsAllDrives is also set to true.',
      'badRequest',
    );
  }
  if ((corpora === 'allDrives' || corpora === 'drive') && !allDrives) {
    return invalid(
      'corpora',
      `The includeItemsFromAllDrives parameter must be set to true when corpora is ${corpora}.`,
      'badRequest',
    );
  }
  if (corpora === 'drive' && !params.get('driveId'))
    return invalid('driveId', 'The driveId parameter must be set when corpora is drive.', 'badRequest');
  const pageSizeText = params.get('pageSize') ?? '100';
  const pageSize = Number(pageSizeText);
  if (!/^\d+$/.test(pageSizeText) || pageSize < 1 || pageSize > 1000) {
    return invalid('pageSize', `Invalid value '${pageSizeText}'. Values must be within the range: [1, 1000]`);
  }
  let query: DriveQuery | undefined;
  const q = params.get('q');
  if (q) {
    try {
      query = parseDriveQuery(q);
    } catch (error) {
      if (error instanceof DriveQueryError) return invalid('q');
      throw error;
    }
  }
  const orderBy = params.get('orderBy') ?? 'modifiedTime desc';
  const order = sorter(orderBy);
  if (!order) return invalid('orderBy', `Invalid sorting key(s): ${orderBy}`, 'invalidParameter');
  const inCorpus = (file: SimFile) =>
    corpora === 'drive'
      ? file.driveId === params.get('driveId')
      : !file.driveId || (corpora === 'allDrives' && allDrives);
  const context = { user: caller.user, text: (file: SimFile) => file.document?.text() ?? '' };
  const matches = (file: SimFile) => !query || matchesDriveQuery(query, file, context);
  const visible = [...state.files.values()]
    .filter((file) => inCorpus(file) && canSee(state, file, caller, 'drive'))
    .sort(order);
  // Partial pages: page through everything visible, then filter each page, as Drive may.
  const candidates = state.partialPages ? visible : visible.filter(matches);
  const key = createHash('sha256')
    .update(JSON.stringify([q, corpora, orderBy, params.get('driveId'), allDrives]))
    .digest('hex')
    .slice(0, 16);
  let offset = 0;
  const tokenText = params.get('pageToken');
  if (tokenText) {
    const token = decodeToken(tokenText);
    if (!token || token.key !== key) return invalid('pageToken');
    offset = token.offset;
  }
  const size = Math.min(pageSize, state.pageSizeCap);
  const slice = candidates.slice(offset, offset + size);
  const next = offset + size < candidates.length ? encodeToken({ offset: offset + size, key }) : undefined;
  const body = {
    kind: 'drive#fileList',
    ...(next ? { nextPageToken: next } : {}),
    incompleteSearch: false,
    files: (state.partialPages ? slice.filter(matches) : slice).map((file) =>
      fileResource(state, file, caller.user),
    ),
  };
  return masked(
    body,
    params.get('fields'),
    'kind,incompleteSearch,nextPageToken,files(kind,id,name,mimeType)',
  );
}

function exportFile(file: SimFile, url: URL): Response {
  const mimeType = url.searchParams.get('mimeType');
  if (!mimeType) return invalid('mimeType', 'Required parameter: mimeType', 'required');
  if (!file.mimeType.startsWith('application/vnd.google-apps.')) {
    return driveErrorResponse(403, 'fileNotExportable', 'Export only supports Docs Editors files.', {
      location: 'fileId',
      locationType: 'parameter',
    });
  }
  const format = EXPORT_FORMATS[mimeType];
  if (!file.document || (!format && UNPRODUCED_FORMATS.has(mimeType))) {
    return driveErrorResponse(
      501,
      'notImplemented',
      `The Drive simulator does not produce ${mimeType} exports of this file.`,
    );
  }
  if (!format) {
    return invalid('mimeType', 'The requested conversion is not supported.', 'badRequest');
  }
  const content = file.document.content();
  const body =
    format === 'pdf'
      ? renderPdf(file.name, content)
      : format === 'html'
        ? renderHtml(file.name, content)
        : format === 'markdown'
          ? renderMarkdown(content)
          : renderText(content);
  return new Response(body, { status: 200, headers: { 'content-type': mimeType } });
}

async function readJson(request: Request): Promise<Record<string, unknown> | Response> {
  const text = await request.text();
  if (!text) return {};
  try {
    const body = JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body;
  } catch {
    // Falls through to Drive's parse error.
  }
  return driveErrorResponse(400, 'parseError', 'Parse Error');
}

async function updateFile(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  request: Request,
  url: URL,
): Promise<Response> {
  const body = await readJson(request);
  if (body instanceof Response) return body;
  if (!state.can(file, caller.user, 'writer')) {
    return driveErrorResponse(
      403,
      'insufficientFilePermissions',
      'The user does not have sufficient permissions for this file.',
    );
  }
  if (Object.keys(body).some((key) => !WRITABLE.has(key))) {
    return driveErrorResponse(
      403,
      'fieldNotWritable',
      'The resource body includes fields which are not directly writable.',
    );
  }
  if (body.mimeType !== undefined && body.mimeType !== file.mimeType) {
    return driveErrorResponse(
      403,
      'fieldNotWritable',
      'The resource body includes fields which are not directly writable.',
    );
  }
  if (body.trashed !== undefined && body.trashed !== file.trashed && file.owner !== caller.user) {
    return driveErrorResponse(
      403,
      'insufficientFilePermissions',
      'The user does not have sufficient permissions for this file.',
    );
  }
  if (typeof body.starred === 'boolean') file.starred = body.starred;
  const changes =
    typeof body.name === 'string' ||
    typeof body.description === 'string' ||
    typeof body.trashed === 'boolean';
  if (typeof body.name === 'string') file.name = body.name;
  if (typeof body.description === 'string') file.description = body.description;
  if (typeof body.trashed === 'boolean') file.trashed = body.trashed;
  if (changes) state.touch(file, caller.user);
  return masked(
    fileResource(state, file, caller.user),
    url.searchParams.get('fields'),
    'kind,id,name,mimeType',
  );
}

async function createFile(
  state: DocsSimulatorState,
  caller: Caller,
  request: Request,
  url: URL,
  upload: boolean,
): Promise<Response> {
  if (upload) {
    const type = url.searchParams.get('uploadType');
    if (type !== 'media') {
      if (type === 'multipart' || type === 'resumable') {
        return driveErrorResponse(
          501,
          'notImplemented',
          `The Drive simulator does not take ${type} uploads; use uploadType=media.`,
        );
      }
      return invalid('uploadType', 'Invalid uploadType', 'invalidParameter');
    }
    const content = new Uint8Array(await request.arrayBuffer());
    const file = state.addFile({
      name: 'Untitled',
      mimeType: (request.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim(),
      content,
      owner: caller.user,
      createdBy: caller.grant.clientId,
    });
    return masked(
      fileResource(state, file, caller.user),
      url.searchParams.get('fields'),
      'kind,id,name,mimeType',
    );
  }
  const body = await readJson(request);
  if (body instanceof Response) return body;
  if (Object.keys(body).some((key) => !WRITABLE.has(key))) {
    return driveErrorResponse(
      403,
      'fieldNotWritable',
      'The resource body includes fields which are not directly writable.',
    );
  }
  const mimeType = typeof body.mimeType === 'string' ? body.mimeType : 'application/octet-stream';
  const file =
    mimeType === GOOGLE_DOCS_MIME_TYPE
      ? state.createDocument({
          title: typeof body.name === 'string' ? body.name : 'Untitled document',
          owner: caller.user,
          createdBy: caller.grant.clientId,
        })
      : state.addFile({
          name: typeof body.name === 'string' ? body.name : 'Untitled',
          mimeType,
          owner: caller.user,
          createdBy: caller.grant.clientId,
        });
  if (body.starred === true) file.starred = true;
  if (typeof body.description === 'string') file.description = body.description;
  return masked(
    fileResource(state, file, caller.user),
    url.searchParams.get('fields'),
    'kind,id,name,mimeType',
  );
}

/**
 * Drive v3: about, files list (with `q`, paging, corpora, orderBy, `fields`), get (and `alt=media`),
 * create, media upload, update (rename, star, trash), delete and export, with Drive's error bodies.
 * Files the account cannot see are 404, as Drive answers.
 */
export async function driveRoute(state: DocsSimulatorState, request: Request, url: URL): Promise<Response> {
  const upload = url.pathname.startsWith('/upload/');
  const match = /^\/(?:upload\/)?drive\/v3\/([a-z]+)(?:\/([^/]+)(?:\/([a-zA-Z]+))?)?$/.exec(url.pathname);
  if (!match || !DRIVE_RESOURCES.has(match[1]!)) return notFoundPage(url.pathname);
  const [, resource, id, sub] = match;
  const method = request.method;
  if (resource !== 'files' && resource !== 'about') {
    return driveErrorResponse(
      501,
      'notImplemented',
      `The Drive simulator does not implement ${method} ${url.pathname}.`,
    );
  }
  const caller = authorize(
    state,
    request,
    url,
    'drive',
    method !== 'GET',
    `google.apps.drive.v3.DriveFiles.${method}`,
  );
  if (caller instanceof Response) return caller;
  if (resource === 'about') {
    if (method !== 'GET' || id) return notFoundPage(url.pathname);
    const fields = url.searchParams.get('fields');
    if (!fields) return invalid('fields', "The 'fields' parameter is required for this method.", 'required');
    const used = [...state.files.values()]
      .filter((file) => file.owner === caller.user)
      .reduce((sum, file) => sum + (file.content?.byteLength ?? 0), 0);
    return masked(
      {
        kind: 'drive#about',
        user: userResource(state, caller.user, caller.user),
        storageQuota: {
          limit: '16106127360',
          usage: String(used),
          usageInDrive: String(used),
          usageInDriveTrash: '0',
        },
      },
      fields,
      'kind',
    );
  }
  if (!id) {
    if (method === 'GET' && !upload) return listFiles(state, caller, url);
    if (method === 'POST') return createFile(state, caller, request, url, upload);
    return notFoundPage(url.pathname);
  }
  const file = state.files.get(id);
  if (!file || !canSee(state, file, caller, 'drive')) return notFound(id);
  if (sub === 'export' && method === 'GET') return exportFile(file, url);
  if (sub !== undefined) return notFoundPage(url.pathname);
  if (method === 'GET') {
    if (url.searchParams.get('alt') === 'media') {
      if (!file.content) {
        return driveErrorResponse(
          403,
          'fileNotDownloadable',
          'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
          { location: 'alt', locationType: 'parameter' },
        );
      }
      return new Response(file.content, { status: 200, headers: { 'content-type': file.mimeType } });
    }
    return masked(
      fileResource(state, file, caller.user),
      url.searchParams.get('fields'),
      'kind,id,name,mimeType',
    );
  }
  if (method === 'PATCH') return updateFile(state, caller, file, request, url);
  if (method === 'DELETE') {
    if (file.owner !== caller.user) {
      return driveErrorResponse(
        403,
        'insufficientFilePermissions',
        'The user does not have sufficient permissions for this file.',
      );
    }
    state.files.delete(file.id);
    return new Response(null, { status: 204 });
  }
  return notFoundPage(url.pathname);
}
