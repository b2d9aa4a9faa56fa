import { createHash } from 'node:crypto';
import { type Caller, canSee } from './google-access.js';
import { tabsInOrder } from './google-docs-render.js';
import { invalid, masked, truthy } from './google-drive-common.js';
import { fileResource } from './google-drive-files.js';
import { isInFolder } from './google-drive-folders.js';
import {
  type DriveQuery,
  DriveQueryError,
  matchesDriveQuery,
  parseDriveQuery,
} from './google-drive-query.js';
import type { DocsSimulatorState, SimFile } from './google-state.js';

// `files.list` as Drive answers it: the corpora a listing covers, `q` (google-drive-query.ts),
// `orderBy`, `fields`, and page tokens bound to the query they were issued for.

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
