import { createHash } from 'node:crypto';
import { GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import type { DocsStructuralElement } from '../docs-schemas.js';
import type { Caller } from './google-access.js';
import { tabsInOrder } from './google-docs-render.js';
import {
  insufficientPermissions,
  invalid,
  iso,
  masked,
  readJson,
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
import {
  descendantsOf,
  FOLDER_MIME_TYPE,
  moveByQuery,
  parentsFromBody,
  parentsNotWritable,
  parentsOf,
} from './google-drive-folders.js';
import { storeMedia } from './google-drive-import.js';
import { permissionResources } from './google-drive-permissions.js';
import { readUpload } from './google-drive-upload.js';
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

/** A create or update's metadata and, through `/upload/…`, its media; or Drive's refusal. */
async function readBody(
  request: Request,
  url: URL,
  upload: boolean,
): Promise<{ body: Record<string, unknown>; media?: { bytes: Uint8Array; type: string } } | Response> {
  if (!upload) {
    const body = await readJson(request);
    return body instanceof Response ? body : { body };
  }
  const read = await readUpload(request, url);
  if (read instanceof Response) return read;
  return { body: read.metadata, media: { bytes: read.media, type: read.mediaType } };
}

/** `files.create`, as metadata only or with media (`/upload/…` with `media` or `multipart`). */
export async function createFile(
  state: DocsSimulatorState,
  caller: Caller,
  request: Request,
  url: URL,
  upload: boolean,
): Promise<Response> {
  const read = await readBody(request, url, upload);
  if (read instanceof Response) return read;
  const { body, media } = read;
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
  const read = await readBody(request, url, upload);
  if (read instanceof Response) return read;
  const { body, media } = read;
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
