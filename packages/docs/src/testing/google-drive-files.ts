import { createHash } from 'node:crypto';
import { GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import type { DocsStructuralElement } from '../docs-schemas.js';
import { markdownSyntaxReady } from '../markdown/index.js';
import { type Caller, canSee } from './google-access.js';
import type { ParagraphSpec } from './google-docs-document.js';
import { tabsInOrder } from './google-docs-render.js';
import { buildTabs } from './google-docs-tabs.js';
import {
  insufficientPermissions,
  invalid,
  iso,
  masked,
  notFound,
  parseJsonObject,
  readJson,
  truthy,
  userResource,
} from './google-drive-common.js';
import {
  type ExportLists,
  renderDocx,
  renderEpub,
  renderHtml,
  renderMarkdown,
  renderOdt,
  renderPdf,
  renderRtf,
  renderText,
  renderZippedHtml,
} from './google-drive-export.js';
import { importMarkdown } from './google-drive-import.js';
import { permissionResources } from './google-drive-permissions.js';
import {
  type DriveQuery,
  DriveQueryError,
  matchesDriveQuery,
  parseDriveQuery,
} from './google-drive-query.js';
import { MultipartError, parseMultipart } from './google-drive-upload.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState, SimFile } from './google-state.js';

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

type Rendered = Uint8Array | string;
type Renderer = (title: string, content: DocsStructuralElement[], lists: ExportLists) => Rendered;

/** The formats Drive exports a Google Doc to, as its `exportLinks` and `about.exportFormats` list them. */
const EXPORTS: Record<string, Renderer> = {
  'application/pdf': (title, content) => renderPdf(title, content),
  'text/plain': (_title, content, lists) => renderText(content, lists),
  'text/html': renderHtml,
  'text/markdown': (_title, content, lists) => renderMarkdown(content, lists),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': renderDocx,
  'application/vnd.oasis.opendocument.text': renderOdt,
  'application/rtf': (_title, content, lists) => renderRtf(content, lists),
  'application/epub+zip': renderEpub,
  'application/zip': renderZippedHtml,
};

/** Formats Drive turns into a Google Doc when the upload asks for one (`mimeType` of a Google Doc). */
const IMPORTS = new Set(['text/plain', 'text/markdown', 'text/html']);
const DEFAULT_FILE_FIELDS = 'kind,id,name,mimeType';

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
  const permissions = permissionResources(state, file);
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    ...(file.description !== undefined ? { description: file.description } : {}),
    starred: file.starred,
    trashed: file.trashed,
    explicitlyTrashed: file.trashed,
    ...(parentsOf(file, user).length > 0 ? { parents: parentsOf(file, user) } : {}),
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
    shared: permissions.length > 1,
    ownedByMe: file.owner === user,
    // Only those who may share see who else has access.
    ...(editor ? { permissions, permissionIds: permissions.map((permission) => permission.id) } : {}),
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
                  Object.keys(EXPORTS).map((type) => [
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

/** The text Drive searches with `fullText contains`: every tab of a Google Doc. */
export function searchableText(file: SimFile): string {
  return tabsInOrder(file)
    .map((tab) => tab.document.text())
    .join('');
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

/**
 * Which files a listing covers, as Drive defines its corpora: `user` is what the user owns or was
 * shared (plus, with `includeItemsFromAllDrives`, the shared-drive files they created or changed);
 * `domain` adds what is shared with their domain; `drive` is one shared drive; `allDrives` every
 * file the user can reach, shared drives included.
 */
function corpusFilter(
  caller: Caller,
  corpora: string,
  driveId: string | null,
  allDrives: boolean,
): (file: SimFile) => boolean {
  const user = caller.user;
  const domain = user.split('@')[1] ?? '';
  const mine = (file: SimFile) =>
    file.driveId
      ? allDrives && file.permissions.has(user) && (file.owner === user || file.lastModifyingUser === user)
      : file.permissions.has(user);
  switch (corpora) {
    case 'drive':
      return (file) => file.driveId === driveId && file.permissions.has(user);
    case 'allDrives':
      return (file) => (file.driveId ? allDrives : true) && file.permissions.has(user);
    case 'domain':
      return (file) => mine(file) || (!file.driveId && file.domains.has(domain));
    default:
      return mine;
  }
}

/** `files.list`: `q`, corpora, ordering, `fields` and `nextPageToken` paging as Drive does them. */
export function listFiles(state: DocsSimulatorState, caller: Caller, url: URL): Response {
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
  const inCorpus = corpusFilter(caller, corpora, params.get('driveId'), allDrives);
  const context = {
    user: caller.user,
    text: searchableText,
    inFolder: (file: SimFile, folderId: string) => isInFolder(file, folderId, caller.user),
  };
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

/** `files.export`: a Google Doc (every tab, in reading order) in one of Drive's export formats. */
export function exportFile(state: DocsSimulatorState, file: SimFile, url: URL): Response {
  const mimeType = url.searchParams.get('mimeType');
  if (!mimeType) return invalid('mimeType', 'Required parameter: mimeType', 'required');
  if (!file.mimeType.startsWith('application/vnd.google-apps.')) {
    return driveErrorResponse(403, 'fileNotExportable', 'Export only supports Docs Editors files.', {
      location: 'fileId',
      locationType: 'parameter',
    });
  }
  const render = EXPORTS[mimeType];
  if (!file.tabs || !render) {
    return invalid('mimeType', 'The requested conversion is not supported.', 'badRequest');
  }
  const tabs = tabsInOrder(file);
  const content = tabs.flatMap((tab) => tab.document.content());
  const lists = Object.assign({}, ...tabs.map((tab) => tab.document.lists())) as ExportLists;
  const body = render(file.name, content, lists);
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  // Drive's files.export reference: "the exported content is limited to 10MB"; above it Drive
  // answers 403 exportSizeLimitExceeded (seen in googleapis/google-api-dotnet-client#990).
  if (size > state.exportSizeLimit) {
    return driveErrorResponse(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.');
  }
  return new Response(body, { status: 200, headers: { 'content-type': mimeType } });
}

/** Paragraphs of an imported text file: its lines, or an HTML page's blocks. */
function importParagraphs(mediaType: string, bytes: Uint8Array): ParagraphSpec[] {
  const text = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\ufeff/, '');
  const heading = (level: number) => (level === 0 ? 'TITLE' : `HEADING_${Math.min(level, 6)}`);
  if (mediaType === 'text/html') {
    const blocks = [...text.matchAll(/<(h[1-6]|p|li|title)\b[^>]*>([\s\S]*?)<\/\1>/gi)];
    return blocks
      .filter(([, tag]) => tag!.toLowerCase() !== 'title')
      .map(([, tag, inner]) => {
        const plain = inner!
          .replace(/<[^>]+>/g, '')
          .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
        const level = /^h(\d)$/i.exec(tag!)?.[1];
        return level ? { text: plain, style: { namedStyleType: heading(Number(level)) } } : { text: plain };
      });
  }
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((line) => ({ text: line }));
}

/** Metadata and media of an upload (`uploadType=media` or `multipart`), or Drive's refusal. */
async function readUpload(
  request: Request,
  url: URL,
): Promise<{ metadata: Record<string, unknown>; media: Uint8Array; mediaType: string } | Response> {
  const type = url.searchParams.get('uploadType');
  const contentType = request.headers.get('content-type') ?? 'application/octet-stream';
  const bytes = new Uint8Array(await request.arrayBuffer());
  // A Markdown upload is converted synchronously (google-drive-import.ts): load the libraries first.
  await markdownSyntaxReady();
  if (type === 'media') {
    return { metadata: {}, media: bytes, mediaType: contentType.split(';')[0]!.trim() };
  }
  if (type === 'multipart') {
    let parts: ReturnType<typeof parseMultipart>;
    try {
      parts = parseMultipart(bytes, contentType);
    } catch (error) {
      if (error instanceof MultipartError) return invalid('body', error.message, 'badContent');
      throw error;
    }
    if (parts.length !== 2) {
      return invalid(
        'body',
        `A multipart upload has two parts (metadata, then media), not ${parts.length}.`,
        'badContent',
      );
    }
    const [meta, media] = parts as [(typeof parts)[0], (typeof parts)[0]];
    if (!/^application\/json\b/i.test(meta.headers['content-type'] ?? '')) {
      return invalid(
        'body',
        'The first part of a multipart upload must be application/json metadata.',
        'badContent',
      );
    }
    const metadata = parseJsonObject(Buffer.from(meta.body).toString('utf8'));
    if (metadata instanceof Response) return metadata;
    return {
      metadata,
      media: media.body,
      mediaType: (media.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim(),
    };
  }
  return invalid('uploadType', 'Invalid uploadType', 'invalidParameter');
}

function notWritable(body: Record<string, unknown>): Response | undefined {
  if (Object.keys(body).some((key) => !WRITABLE.has(key))) {
    return driveErrorResponse(
      403,
      'fieldNotWritable',
      'The resource body includes fields which are not directly writable.',
    );
  }
  return undefined;
}

/** Puts uploaded media in a file: a Google Doc takes it converted (text, Markdown, HTML), others as bytes. */
function storeMedia(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  mediaType: string,
  media: Uint8Array,
): Response | undefined {
  if (file.mimeType !== GOOGLE_DOCS_MIME_TYPE) {
    file.content = media;
    return undefined;
  }
  if (!IMPORTS.has(mediaType)) {
    return driveErrorResponse(
      400,
      'badRequest',
      `Conversion of ${mediaType} to a Google Doc is not supported by the Drive simulator (text/plain, text/markdown and text/html are).`,
    );
  }
  const tabs =
    mediaType === 'text/markdown'
      ? importMarkdown(
          state,
          Buffer.from(media)
            .toString('utf8')
            .replace(/^\ufeff/, ''),
        )
      : buildTabs(undefined, importParagraphs(mediaType, media));
  state.commit(file, tabs, caller.user);
  return undefined;
}

/** `files.create`, as metadata only or with media (`/upload/…` with `media` or `multipart`). */
export async function createFile(
  state: DocsSimulatorState,
  caller: Caller,
  request: Request,
  url: URL,
  upload: boolean,
): Promise<Response> {
  let body: Record<string, unknown>;
  let media: { bytes: Uint8Array; type: string } | undefined;
  if (upload) {
    const read = await readUpload(request, url);
    if (read instanceof Response) return read;
    body = read.metadata;
    media = { bytes: read.media, type: read.mediaType };
  } else {
    const read = await readJson(request);
    if (read instanceof Response) return read;
    body = read;
  }
  return createFromParts(state, caller, body, media, url);
}

/** Creates a file from its metadata and, for an upload, its media (a resumable upload's too). */
export function createFromParts(
  state: DocsSimulatorState,
  caller: Caller,
  body: Record<string, unknown>,
  media: { bytes: Uint8Array; type: string } | undefined,
  url: URL,
): Response {
  const refused = notWritable(body);
  if (refused) return refused;
  const parents = parentsFromBody(state, caller, body.parents);
  if (parents instanceof Response) return parents;
  const mimeType =
    typeof body.mimeType === 'string' ? body.mimeType : (media?.type ?? 'application/octet-stream');
  const name = typeof body.name === 'string' ? body.name : undefined;
  const file =
    mimeType === GOOGLE_DOCS_MIME_TYPE
      ? state.createDocument({
          title: name ?? 'Untitled document',
          owner: caller.user,
          createdBy: caller.grant.clientId,
        })
      : state.addFile({
          name: name ?? 'Untitled',
          mimeType,
          owner: caller.user,
          createdBy: caller.grant.clientId,
        });
  if (media) {
    const stored = storeMedia(state, caller, file, media.type, media.bytes);
    if (stored) {
      state.removeFile(file.id);
      return stored;
    }
  }
  if (body.starred === true) file.starred = true;
  if (typeof body.description === 'string') file.description = body.description;
  if (parents) file.parents = parents;
  return masked(fileResource(state, file, caller.user), url.searchParams.get('fields'), DEFAULT_FILE_FIELDS);
}

/** `files.update`: metadata (rename, star, trash, describe) and, through `/upload/…`, new content. */
export async function updateFile(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  request: Request,
  url: URL,
  upload: boolean,
): Promise<Response> {
  let body: Record<string, unknown>;
  let media: { bytes: Uint8Array; type: string } | undefined;
  if (upload) {
    const read = await readUpload(request, url);
    if (read instanceof Response) return read;
    body = read.metadata;
    media = { bytes: read.media, type: read.mediaType };
  } else {
    const read = await readJson(request);
    if (read instanceof Response) return read;
    body = read;
  }
  if (!state.can(file, caller.user, 'writer')) return insufficientPermissions();
  if (body.parents !== undefined) return parentsNotWritable();
  const refused = notWritable(body);
  if (refused) return refused;
  if (body.mimeType !== undefined && body.mimeType !== file.mimeType) {
    return driveErrorResponse(
      403,
      'fieldNotWritable',
      'The resource body includes fields which are not directly writable.',
    );
  }
  if (body.trashed !== undefined && body.trashed !== file.trashed && file.owner !== caller.user) {
    return insufficientPermissions();
  }
  const moved = moveByQuery(state, caller, file, url);
  if (moved instanceof Response) return moved;
  if (media) {
    const stored = storeMedia(state, caller, file, media.type, media.bytes);
    if (stored) return stored;
  }
  if (typeof body.starred === 'boolean') file.starred = body.starred;
  const changes =
    moved ||
    media !== undefined ||
    typeof body.name === 'string' ||
    typeof body.description === 'string' ||
    typeof body.trashed === 'boolean';
  if (typeof body.name === 'string') file.name = body.name;
  if (typeof body.description === 'string') file.description = body.description;
  if (typeof body.trashed === 'boolean') file.trashed = body.trashed;
  if (changes) state.touch(file, caller.user);
  return masked(fileResource(state, file, caller.user), url.searchParams.get('fields'), DEFAULT_FILE_FIELDS);
}

/** `files.get`: metadata, or with `alt=media` the bytes of a file that has them. */
export function getFile(state: DocsSimulatorState, caller: Caller, file: SimFile, url: URL): Response {
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
  return masked(fileResource(state, file, caller.user), url.searchParams.get('fields'), DEFAULT_FILE_FIELDS);
}

/** `files.delete`: only the owner deletes; 204 No Content. */
export function deleteFile(state: DocsSimulatorState, caller: Caller, file: SimFile): Response {
  if (file.owner !== caller.user) return insufficientPermissions();
  if (file.mimeType === FOLDER_MIME_TYPE) {
    for (const inside of descendantsOf(state, file.id)) {
      if (inside.owner === caller.user) state.removeFile(inside.id);
      else inside.parents = inside.parents?.filter((id) => id !== file.id);
    }
  }
  state.removeFile(file.id);
  return new Response(null, { status: 204 });
}

// --- Folders and parents ---
// Folders and parents as Drive v3 keeps them. Facts this follows (Drive's API reference and the
// errors it answers, as reported by its users):
// - since 2020 a file has one parent: asking for a second is 403 `cannotAddParent`, "Increasing the
//   number of parents is not allowed";
// - `parents` is writable on create and copy only; in an update it is 403 `fieldNotWritable`, "The
//   parents field is not directly writable in update requests. Use the addParents and removeParents
//   parameters instead.";
// - `root` names the user's My Drive folder in `parents`, `addParents` and `'root' in parents`;
// - a copy without `parents` inherits the source's parents the caller can see;
// - deleting a folder deletes what it holds (the owner's files; others' files lose that parent).
/** The MIME type of a Drive folder. */
export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';
/** The id of the sandbox user's My Drive folder (what `root` stands for). */
export const ROOT_FOLDER = '0AJx9sandboxRootFolderUk9PVA';

/** The folders a file is in: its own parents, or My Drive for the owner's files that have none. */
export function parentsOf(file: SimFile, user: string): string[] {
  if (file.parents) return file.parents;
  if (file.driveId) return [file.driveId];
  return file.owner === user ? [ROOT_FOLDER] : [];
}

/** True when `id` (or `root`) is one of the file's folders for this user. */
export function isInFolder(file: SimFile, folderId: string, user: string): boolean {
  const id = folderId === 'root' ? ROOT_FOLDER : folderId;
  return parentsOf(file, user).includes(id);
}

/** Drive's 403 for a second parent. */
export function tooManyParents(): Response {
  return driveErrorResponse(403, 'cannotAddParent', 'Increasing the number of parents is not allowed');
}

/** Drive's 403 for `parents` in an update body. */
export function parentsNotWritable(): Response {
  return driveErrorResponse(
    403,
    'fieldNotWritable',
    'The parents field is not directly writable in update requests. Use the addParents and removeParents parameters instead.',
  );
}

/**
 * A folder a caller may put files in: `root`, My Drive's id, or a folder they can see and edit.
 * Returns its id, or Drive's refusal (404 for one they cannot see, 403 without edit access, 400 for
 * a file that is not a folder).
 */
export function resolveFolder(state: DocsSimulatorState, caller: Caller, id: string): string | Response {
  if (id === 'root' || id === ROOT_FOLDER) return ROOT_FOLDER;
  const folder = state.files.get(id);
  if (!folder || !canSee(state, folder, caller, 'drive')) return notFound(id);
  if (folder.mimeType !== FOLDER_MIME_TYPE) {
    return driveErrorResponse(400, 'invalidParent', 'The specified parent is not a folder.', {
      location: 'parents',
      locationType: 'other',
    });
  }
  if (!state.can(folder, caller.user, 'writer')) return insufficientPermissions();
  return folder.id;
}

/** The parents of a new file from a create or copy body: none given is undefined (My Drive). */
export function parentsFromBody(
  state: DocsSimulatorState,
  caller: Caller,
  parents: unknown,
): string[] | undefined | Response {
  if (parents === undefined) return undefined;
  if (!Array.isArray(parents) || parents.some((id) => typeof id !== 'string')) {
    return driveErrorResponse(400, 'invalid', 'Invalid value for parents', {
      location: 'parents',
      locationType: 'other',
    });
  }
  if (parents.length > 1) return tooManyParents();
  if (parents.length === 0) return undefined;
  const folder = resolveFolder(state, caller, parents[0] as string);
  return folder instanceof Response ? folder : [folder];
}

/** `addParents` and `removeParents` of an update, applied to the file; a refusal changes nothing. */
export function moveByQuery(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  url: URL,
): Response | boolean {
  const list = (name: string) =>
    (url.searchParams.get(name) ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  const add = list('addParents');
  const remove = list('removeParents').map((id) => (id === 'root' ? ROOT_FOLDER : id));
  if (add.length === 0 && remove.length === 0) return false;
  const added: string[] = [];
  for (const id of add) {
    const folder = resolveFolder(state, caller, id);
    if (folder instanceof Response) return folder;
    added.push(folder);
  }
  const current = parentsOf(file, caller.user).filter((id) => !remove.includes(id));
  const next = [...new Set([...current, ...added])];
  if (next.length > 1) return tooManyParents();
  file.parents = next;
  return true;
}

/** Everything inside a folder, at any depth. */
export function descendantsOf(state: DocsSimulatorState, folderId: string): SimFile[] {
  const found: SimFile[] = [];
  const queue = [folderId];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const file of state.files.values()) {
      if (file.parents?.includes(parent) && !found.includes(file)) {
        found.push(file);
        if (file.mimeType === FOLDER_MIME_TYPE) queue.push(file.id);
      }
    }
  }
  return found;
}
