import { SimDocument, type SimDocumentData } from './google-docs-document.js';
import type { SimTab } from './google-docs-tabs.js';
import type {
  DocsSimulatorState,
  DocsStateSnapshot,
  Role,
  SharedRole,
  SimAccessToken,
  SimClient,
  SimFile,
  SimGrant,
  SimQuotas,
  SimSharedDrive,
  SimUser,
} from './google-state.js';

/** The format version of `exportDocsState`; a snapshot of another version is refused. */
export const DOCS_STATE_VERSION = 1;

type SegmentKind = 'headers' | 'footers' | 'footnotes';
const SEGMENT_KINDS: readonly SegmentKind[] = ['headers', 'footers', 'footnotes'];

interface TabData extends Omit<SimTab, 'document' | 'childTabs' | SegmentKind> {
  document: SimDocumentData;
  childTabs: TabData[];
  headers?: SegmentData[];
  footers?: SegmentData[];
  footnotes?: SegmentData[];
}

/** A header, footer or footnote as plain data (`text` in snapshots saved before segments held documents). */
interface SegmentData {
  id: string;
  section?: boolean;
  document?: SimDocumentData;
  text?: string;
}

interface FileData extends Omit<SimFile, 'permissions' | 'domains' | 'createdBy' | 'tabs' | 'content'> {
  permissions: [string, Role][];
  domains: [string, SharedRole][];
  createdBy: string[];
  tabs?: TabData[] | undefined;
  /** Base64. */
  content?: string | undefined;
}

/** A JSON snapshot of the simulator's accounts, OAuth clients, grants, tokens, files and settings. */
export interface DocsStateData {
  version: typeof DOCS_STATE_VERSION;
  users: SimUser[];
  files: FileData[];
  /** Shared drives (absent in states saved before they existed: none). */
  sharedDrives?: SimSharedDrive[];
  clients: SimClient[];
  grants: SimGrant[];
  accessTokens: [string, SimAccessToken][];
  groups: string[];
  currentUser: string;
  quotas: SimQuotas;
  pageSizeCap: number;
  partialPages: boolean;
}

/**
 * The state as JSON: what `DocsSimulatorState.snapshot` keeps (pending consents, authorization codes
 * and quota use are not), with documents as plain data and file content in base64.
 */
export function exportDocsState(state: DocsSimulatorState): DocsStateData {
  const snapshot = state.snapshot();
  return {
    version: DOCS_STATE_VERSION,
    users: [...snapshot.users.values()],
    files: [...snapshot.files.values()].map(fileData),
    sharedDrives: [...snapshot.sharedDrives.values()],
    clients: [...snapshot.clients.values()],
    grants: [...snapshot.grants.values()],
    accessTokens: [...snapshot.accessTokens],
    groups: [...snapshot.groups],
    currentUser: snapshot.currentUser,
    quotas: snapshot.quotas,
    pageSizeCap: snapshot.pageSizeCap,
    partialPages: snapshot.partialPages,
  };
}

/**
 * Puts a state `exportDocsState` returned back, in place. Throws, changing nothing, when `saved` is
 * not one of this version.
 */
export function importDocsState(state: DocsSimulatorState, saved: unknown): void {
  const data = saved as Partial<DocsStateData> | null;
  if (data?.version !== DOCS_STATE_VERSION) {
    throw new Error(
      `Not a Google Docs simulator state of version ${DOCS_STATE_VERSION} (got version ${String(data?.version)})`,
    );
  }
  const lists = [data.users, data.files, data.clients, data.grants, data.accessTokens, data.groups];
  if (!lists.every(Array.isArray) || typeof data.currentUser !== 'string' || !data.quotas) {
    throw new Error('The Google Docs simulator state is incomplete');
  }
  // Built in full before `restore`, so a snapshot that fails to read leaves the state as it was.
  const snapshot: DocsStateSnapshot = {
    users: new Map(data.users!.map((user) => [user.email, user])),
    files: new Map(data.files!.map((file) => [file.id, simFile(file)])),
    sharedDrives: new Map((data.sharedDrives ?? []).map((drive) => [drive.id, drive])),
    clients: new Map(data.clients!.map((client) => [client.clientId, client])),
    grants: new Map(data.grants!.map((grant) => [grant.id, grant])),
    accessTokens: new Map(data.accessTokens),
    groups: new Set(data.groups),
    currentUser: data.currentUser,
    quotas: data.quotas,
    pageSizeCap: Number(data.pageSizeCap),
    partialPages: data.partialPages === true,
  };
  state.restore(snapshot);
}

function fileData(file: SimFile): FileData {
  const { permissions, domains, createdBy, tabs, content, ...rest } = file;
  return {
    ...rest,
    permissions: [...permissions],
    domains: [...domains],
    createdBy: [...createdBy],
    ...(tabs ? { tabs: tabs.map(tabData) } : {}),
    ...(content ? { content: Buffer.from(content).toString('base64') } : {}),
  };
}

function simFile(data: FileData): SimFile {
  const { permissions, domains, createdBy, tabs, content, ...rest } = data;
  return {
    ...rest,
    permissions: new Map(permissions),
    domains: new Map(domains),
    createdBy: new Set(createdBy),
    ...(tabs ? { tabs: tabs.map(simTab) } : {}),
    ...(content !== undefined ? { content: new Uint8Array(Buffer.from(content, 'base64')) } : {}),
  };
}

function tabData(tab: SimTab): TabData {
  const data: TabData = {
    ...tab,
    document: tab.document.toData(),
    childTabs: tab.childTabs.map(tabData),
  } as TabData;
  for (const kind of SEGMENT_KINDS) {
    const segments = tab[kind];
    if (segments) {
      data[kind] = segments.map(({ id, document, section }) => ({
        id,
        document: document.toData(),
        ...(section ? { section } : {}),
      }));
    }
  }
  return data;
}

function simTab(data: TabData): SimTab {
  const tab: SimTab = {
    ...data,
    document: SimDocument.fromData(data.document),
    childTabs: data.childTabs.map(simTab),
  } as SimTab;
  for (const kind of SEGMENT_KINDS) {
    const segments = data[kind];
    if (!segments) continue;
    tab[kind] = segments.map(({ id, document, text, section }) => ({
      id,
      ...(section ? { section } : {}),
      document: document
        ? SimDocument.fromData(document)
        : SimDocument.fromParagraphs(
            (text ?? '\n')
              .split('\n')
              .slice(0, -1)
              .map((line) => ({ text: line })),
            true,
          ),
    }));
  }
  return tab;
}
