// `files.copy` as Drive v3 does it: the caller's own copy (they own it), named "Copy of …" unless a
// name is given, in the folder given or else in the source's folders the caller can see (Drive's
// File reference: "If not specified as part of a copy request, the file inherits any discoverable
// parents of the source file"); a Google Doc's tabs and content are copied whole. Folders cannot be
// copied (403 cannotCopyFile).
import { GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import { type Caller, canSee } from './google-access.js';
import { cloneTabs } from './google-docs-tabs.js';
import { masked, readJson } from './google-drive-common.js';
import { fileResource } from './google-drive-files.js';
import { FOLDER_MIME_TYPE, parentsFromBody, parentsOf } from './google-drive-folders.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState, SimFile } from './google-state.js';

const COPY_WRITABLE = new Set(['name', 'description', 'starred', 'parents', 'properties', 'appProperties']);

/** `POST /drive/v3/files/{id}/copy`. */
export async function copyFile(
  state: DocsSimulatorState,
  caller: Caller,
  source: SimFile,
  request: Request,
  url: URL,
): Promise<Response> {
  const body = await readJson(request);
  if (body instanceof Response) return body;
  if (Object.keys(body).some((key) => !COPY_WRITABLE.has(key))) {
    return driveErrorResponse(
      403,
      'fieldNotWritable',
      'The resource body includes fields which are not directly writable.',
    );
  }
  if (source.mimeType === FOLDER_MIME_TYPE) {
    return driveErrorResponse(403, 'cannotCopyFile', 'This file cannot be copied by the user.');
  }
  const given = parentsFromBody(state, caller, body.parents);
  if (given instanceof Response) return given;
  const inherited = parentsOf(source, caller.user).filter((id) => {
    const folder = state.files.get(id);
    return !folder || canSee(state, folder, caller, 'drive');
  });
  const name = typeof body.name === 'string' ? body.name : `Copy of ${source.name}`;
  const common = { owner: caller.user, createdBy: caller.grant.clientId };
  const copy =
    source.mimeType === GOOGLE_DOCS_MIME_TYPE
      ? state.createDocument({ title: name, ...common })
      : state.addFile({ name, mimeType: source.mimeType, content: source.content?.slice(), ...common });
  if (source.tabs) copy.tabs = cloneTabs(source.tabs);
  copy.parents = given ?? (inherited.length > 0 ? inherited : undefined);
  copy.driveId = given ? state.files.get(given[0]!)?.driveId : copy.parents ? source.driveId : undefined;
  if (typeof body.description === 'string') copy.description = body.description;
  copy.starred = body.starred === true;
  return masked(
    fileResource(state, copy, caller.user),
    url.searchParams.get('fields'),
    'kind,id,name,mimeType',
  );
}
