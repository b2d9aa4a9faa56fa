// Drive v3 `drives.list` and `drives.get`, as the discovery document (revision 20260916) and Drive's
// "Search for shared drives" guide describe them: the shared drives the caller is a member of;
// `pageSize` 1..100 (default 10); `q` over `name` (`contains`, `=`, `!=`) and `hidden` joined by
// `and`; hidden drives are left out unless `q` asks for them; a drive the caller is not a member of
// is 404 `notFound` "Shared drive not found: {id}".
import type { Caller } from './google-access.js';
import { invalid, iso, masked } from './google-drive-common.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState, SimSharedDrive } from './google-state.js';

const DEFAULT_FIELDS = 'kind,id,name';
const TERM = /^(name)\s+(contains|=|!=)\s+'((?:[^'\\]|\\.)*)'$|^(hidden)\s*(=|!=)\s*(true|false)$/;

function driveResource(drive: SimSharedDrive, caller: Caller) {
  const role = drive.members[caller.user];
  const organizer = role === 'organizer';
  return {
    kind: 'drive#drive',
    id: drive.id,
    name: drive.name,
    createdTime: iso(drive.createdTime),
    hidden: drive.hidden,
    capabilities: {
      canAddChildren: organizer || role === 'fileOrganizer' || role === 'writer',
      canComment: role !== 'reader',
      canManageMembers: organizer,
      canRename: organizer,
      canDeleteDrive: organizer,
    },
  };
}

/** A filter from `q`, or undefined when `q` is not one this simulator reads (Drive's 400 then). */
function parseQuery(q: string): ((drive: SimSharedDrive) => boolean) | undefined {
  const terms = q.split(/\s+and\s+/i).map((term) => TERM.exec(term.trim()));
  if (terms.some((term) => !term)) return undefined;
  return (drive) =>
    terms.every((term) => {
      const [, , op, quoted, hiddenKey, hiddenOp, flag] = term!;
      if (hiddenKey) return (drive.hidden === (flag === 'true')) === (hiddenOp === '=');
      const value = quoted!.replace(/\\(.)/g, '$1');
      if (op === 'contains') return drive.name.toLowerCase().includes(value.toLowerCase());
      return (drive.name === value) === (op === '=');
    });
}

/** `GET /drive/v3/drives` and `GET /drive/v3/drives/{id}`. */
export function drivesRoute(
  state: DocsSimulatorState,
  caller: Caller,
  request: Request,
  url: URL,
  id: string | undefined,
): Response {
  const fields = url.searchParams.get('fields');
  if (request.method !== 'GET') {
    return driveErrorResponse(
      501,
      'notImplemented',
      `The Drive simulator does not implement ${request.method} ${url.pathname}.`,
    );
  }
  const mine = [...state.sharedDrives.values()].filter((drive) => caller.user in drive.members);
  if (id !== undefined) {
    const drive = mine.find((entry) => entry.id === id);
    if (!drive) {
      return driveErrorResponse(404, 'notFound', `Shared drive not found: ${id}`, {
        location: 'driveId',
        locationType: 'parameter',
      });
    }
    return masked(driveResource(drive, caller), fields, DEFAULT_FIELDS);
  }
  const q = url.searchParams.get('q');
  const filter = q ? parseQuery(q) : (drive: SimSharedDrive) => !drive.hidden;
  if (!filter) return invalid('q', 'Invalid Value', 'invalid');
  const sizeText = url.searchParams.get('pageSize') ?? '10';
  const size = Number(sizeText);
  if (!/^\d+$/.test(sizeText) || size < 1 || size > 100) {
    return invalid('pageSize', `Invalid value '${sizeText}'. Values must be within the range: [1, 100]`);
  }
  const token = url.searchParams.get('pageToken');
  const start = token === null ? 0 : Number(Buffer.from(token, 'base64url').toString());
  if (!Number.isInteger(start) || start < 0) return invalid('pageToken');
  const found = mine.filter(filter).sort((a, b) => a.createdTime - b.createdTime);
  const end = start + size;
  return masked(
    {
      kind: 'drive#driveList',
      drives: found.slice(start, end).map((drive) => driveResource(drive, caller)),
      ...(end < found.length ? { nextPageToken: Buffer.from(String(end)).toString('base64url') } : {}),
    },
    fields,
    `kind,nextPageToken,drives(${DEFAULT_FIELDS})`,
  );
}
