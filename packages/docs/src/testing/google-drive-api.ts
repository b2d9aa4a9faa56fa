import { authorize, type Caller, canSee } from './google-access.js';
import { changesRoute, DriveChangeFeed } from './google-drive-changes.js';
import { commentsRoute } from './google-drive-comments.js';
import { invalid, masked, notFound, userResource } from './google-drive-common.js';
import { copyFile } from './google-drive-copy.js';
import { drivesRoute } from './google-drive-drives.js';
import { createFile, deleteFile, exportFile, getFile, updateFile } from './google-drive-files.js';
import { listFiles } from './google-drive-list.js';
import { permissionsRoute } from './google-drive-permissions.js';
import { resumeUpload, startResumable } from './google-drive-resumable.js';
import { driveErrorResponse, notFoundPage } from './google-errors.js';
import type { DocsSimulatorState } from './google-state.js';

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

/** Sub-resources of a file in Drive v3, answered as JSON even where the simulator does not model them. */
const FILE_SUBRESOURCES = new Set([
  'permissions',
  'export',
  'comments',
  'revisions',
  'accessproposals',
  'copy',
  'download',
  'listLabels',
  'modifyLabels',
  'watch',
]);

function notImplemented(method: string, path: string): Response {
  return driveErrorResponse(
    501,
    'notImplemented',
    `The Drive simulator does not implement ${method} ${path}.`,
  );
}

function about(state: DocsSimulatorState, caller: Caller, url: URL): Response {
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

/** `files/{id}/comments…` and `…/replies…`: the caller must see the file (404 otherwise, as Drive). */
function commentsCall(
  state: DocsSimulatorState,
  request: Request,
  url: URL,
  [, fileId, commentId, replies, replyId]: RegExpExecArray,
): Promise<Response> | Response {
  const service = replies ? 'DriveReplies' : 'DriveComments';
  const caller = authorize(
    state,
    request,
    url,
    'drive',
    request.method !== 'GET',
    `google.apps.drive.v3.${service}.${request.method}`,
  );
  if (caller instanceof Response) return caller;
  const file = state.files.get(fileId!);
  if (!file || !canSee(state, file, caller, 'drive')) return notFound(fileId!);
  return commentsRoute(state, caller, file, request, url, {
    commentId,
    replies: replies !== undefined,
    replyId,
  });
}

/**
 * Drive v3: about; files list (with `q`, paging, corpora, orderBy, `fields`), get (and
 * `alt=media`), create and update (metadata, or media with `uploadType=media` or `multipart`),
 * delete and export; and a file's permissions (list, create, get, update, delete). Errors are
 * Drive's JSON bodies; files the account cannot see are 404, as Drive answers.
 */
export async function driveRoute(state: DocsSimulatorState, request: Request, url: URL): Promise<Response> {
  const comments = /^\/drive\/v3\/files\/([^/]+)\/comments(?:\/([^/]+)(?:\/(replies)(?:\/([^/]+))?)?)?$/.exec(
    url.pathname,
  );
  if (comments) return commentsCall(state, request, url, comments);
  const upload = url.pathname.startsWith('/upload/');
  const match = /^\/(?:upload\/)?drive\/v3\/([a-zA-Z]+)(?:\/([^/]+)(?:\/([a-zA-Z]+)(?:\/([^/]+))?)?)?$/.exec(
    url.pathname,
  );
  if (!match || !DRIVE_RESOURCES.has(match[1]!)) return notFoundPage(url.pathname);
  const [, resource, id, sub, subId] = match;
  const method = request.method;
  const feed = state.changeFeed instanceof DriveChangeFeed ? state.changeFeed : undefined;
  if ((resource === 'changes' || resource === 'channels') && feed && !upload) {
    const caller = authorize(
      state,
      request,
      url,
      'drive',
      false,
      `google.apps.drive.v3.Drive${resource === 'changes' ? 'Changes' : 'Channels'}.${method}`,
    );
    return caller instanceof Response ? caller : changesRoute(feed, caller, request, url);
  }
  if (resource === 'drives' && !upload && sub === undefined) {
    const caller = authorize(
      state,
      request,
      url,
      'drive',
      method !== 'GET',
      `google.apps.drive.v3.DriveDrives.${method}`,
    );
    return caller instanceof Response ? caller : drivesRoute(state, caller, request, url, id);
  }
  if (resource !== 'files' && resource !== 'about') return notImplemented(method, url.pathname);
  if (sub !== undefined && !FILE_SUBRESOURCES.has(sub)) return notFoundPage(url.pathname);
  const service =
    sub === 'permissions' ? 'DrivePermissions' : resource === 'about' ? 'DriveAbout' : 'DriveFiles';
  const caller = authorize(
    state,
    request,
    url,
    'drive',
    method !== 'GET',
    `google.apps.drive.v3.${service}.${method}`,
  );
  if (caller instanceof Response) return caller;
  if (resource === 'about') {
    if (method !== 'GET' || id) return notFoundPage(url.pathname);
    return about(state, caller, url);
  }
  if (!id) {
    if (method === 'GET' && !upload) return listFiles(state, caller, url);
    if (method === 'POST' && upload && url.searchParams.get('uploadType') === 'resumable') {
      return startResumable(state, caller, request, url);
    }
    if (method === 'PUT' && upload && url.searchParams.has('upload_id')) {
      return resumeUpload(state, caller, request, url);
    }
    if (method === 'POST') return createFile(state, caller, request, url, upload);
    return notFoundPage(url.pathname);
  }
  const file = state.files.get(id);
  if (!file || !canSee(state, file, caller, 'drive')) return notFound(id);
  if (sub === 'permissions' && !upload) return permissionsRoute(state, caller, file, request, url, subId);
  if (sub === 'export' && method === 'GET' && subId === undefined) return exportFile(state, file, url);
  if (sub === 'copy' && method === 'POST' && subId === undefined && !upload) {
    return copyFile(state, caller, file, request, url);
  }
  if (sub !== undefined) return notImplemented(method, url.pathname);
  if (method === 'GET' && !upload) return getFile(state, caller, file, url);
  if (method === 'PATCH') return updateFile(state, caller, file, request, url, upload);
  if (method === 'DELETE' && !upload) return deleteFile(state, caller, file);
  return notFoundPage(url.pathname);
}
