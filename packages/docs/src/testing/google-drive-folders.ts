import { type Caller, canSee } from './google-access.js';
import { insufficientPermissions, notFound } from './google-drive-common.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState, SimFile } from './google-state.js';

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
