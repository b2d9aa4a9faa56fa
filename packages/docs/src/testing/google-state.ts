import { createHash, randomBytes } from 'node:crypto';
import { GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import type { SimComment } from './google-comments-model.js';
import type { ParagraphSpec } from './google-docs-document.js';
import { buildTabs, cloneTabs, type SimTab, type TabSpec, walkTabs } from './google-docs-tabs.js';

/** Full access to every Google Docs document of the account. */
export const DOCUMENTS_SCOPE = 'https://www.googleapis.com/auth/documents';
/** Read-only access to every Google Docs document of the account. */
export const DOCUMENTS_READONLY_SCOPE = 'https://www.googleapis.com/auth/documents.readonly';
/** Full access to every Drive file of the account. */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';
/** Read-only access to every Drive file of the account. */
export const DRIVE_READONLY_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
/** Access only to the files this app created or was given. */
export const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

/** A person's access to a file, from most to least. */
export type Role = 'owner' | 'writer' | 'commenter' | 'reader';

/** A role that can be given to someone other than the owner. */
export type SharedRole = Exclude<Role, 'owner'>;

const ROLE_RANK: Record<Role, number> = { owner: 4, writer: 3, commenter: 2, reader: 1 };

/** A Google account known to the simulator. */
export interface SimUser {
  email: string;
  displayName: string;
  permissionId: string;
}

/** A Drive file; Google Docs files also hold their document and its revisions. */
export interface SimFile {
  id: string;
  name: string;
  mimeType: string;
  owner: string;
  /** People and groups with access, by email address, the owner included. */
  permissions: Map<string, Role>;
  /** Access for anyone who has the link. */
  anyoneWithLink?: SharedRole | undefined;
  /** Access for everyone in a domain (`example.com`). */
  domains: Map<string, SharedRole>;
  trashed: boolean;
  starred: boolean;
  description?: string | undefined;
  createdTime: number;
  modifiedTime: number;
  lastModifyingUser: string;
  /** Drive's file version, which grows with every change. */
  version: number;
  /** Set for files in a shared drive. */
  driveId?: string | undefined;
  /** The folder the file is in (one at most, as Drive allows); unset: My Drive's root (or its shared drive's). */
  parents?: string[] | undefined;
  /** OAuth clients that created the file (what the drive.file scope may see). */
  createdBy: Set<string>;
  /** A Google Docs document's tabs (one at least), with their content. */
  tabs?: SimTab[] | undefined;
  /** Revision ids of the document, oldest first; the last is the current one. */
  revisions: string[];
  /** Content of a file that is not a Google Docs editors file. */
  content?: Uint8Array | undefined;
  /** Drive comments on the file, oldest first (plain data: persisted as it is). */
  comments?: SimComment[] | undefined;
}

export type { SimComment, SimReply } from './google-comments-model.js';

/** An open resumable upload (see google-drive-resumable.ts). */
export interface UploadSession {
  user: string;
  metadata: Record<string, unknown>;
  mediaType: string;
  /** The announced length, when there was one. */
  total?: number | undefined;
  chunks: Uint8Array[];
  received: number;
  /** The query of the opening request (`fields`, `supportsAllDrives`…), used for the final answer. */
  query: string;
}

/** A shared drive: its name and its members by email, each with a shared-drive role. */
export interface SimSharedDrive {
  id: string;
  name: string;
  createdTime: number;
  hidden: boolean;
  /** email → `organizer`, `fileOrganizer`, `writer`, `commenter` or `reader`. */
  members: Record<string, string>;
}

/** An OAuth client registered with the simulator. */
export interface SimClient {
  clientId: string;
  clientSecret: string;
  name: string;
  /** Allowed redirect URIs; any loopback or https URI when not given. */
  redirectUris?: string[] | undefined;
}

/**
 * One authorization of a client by a user, and the refresh token that renews it. As at Google, the
 * refresh token stays the same for the life of the grant: a refresh hands out a new access token
 * only, and the refresh token may be sent again and again, by as many processes as hold it.
 */
export interface SimGrant {
  id: string;
  user: string;
  clientId: string;
  scopes: string[];
  refreshToken?: string | undefined;
  revoked: boolean;
}

/** An issued access token. */
export interface SimAccessToken {
  grantId: string;
  expiresAt: number;
}

/** An authorization code waiting to be exchanged. */
export interface SimAuthCode {
  grantId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge?: string | undefined;
  codeChallengeMethod?: string | undefined;
  offline: boolean;
  expiresAt: number;
  used: boolean;
}

/** Per-user, per-minute request limits, as Google's default quotas. */
export interface SimQuotas {
  docsReadsPerMinute: number;
  docsWritesPerMinute: number;
  driveRequestsPerMinute: number;
}

/** Tokens as the token endpoint hands them out. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string | undefined;
  /** Epoch milliseconds. */
  expiresAt: number;
  expiresIn: number;
  scope: string;
}

/**
 * What the state needs of Drive's change feed (`DriveChangeFeed` in `google-drive-changes.ts`, which
 * reads the state, so the state names only this).
 */
export interface ChangeLog {
  /** Forgets every change and channel (a reset). */
  clear(): void;
  /** Logs that a file changed, or was removed. */
  record(file: SimFile, removed: boolean): void;
}

/** Options of the simulator's state. */
export interface DocsStateOptions {
  /** The clock (epoch ms); tests move it to expire tokens or open a new quota window. */
  now?: () => number;
  quotas?: Partial<SimQuotas>;
  /** Largest page Drive answers, below the 1000 it allows (to make paging visible). */
  pageSizeCap?: number;
  /**
   * Page over all visible files before applying `q`, so that pages come back short or empty
   * while a nextPageToken remains, as Drive's documentation warns they may.
   */
  partialPages?: boolean;
  /** Lifetime of access tokens in seconds (Google: 3599). */
  accessTokenSeconds?: number;
  /** The most `files.export` returns, in bytes (Drive: 10 MB); lower it to see Drive's refusal cheaply. */
  exportSizeLimit?: number;
}

/** Options of `createDocument`. */
export interface CreateDocumentOptions {
  title: string;
  /** The content of a document with one tab. */
  paragraphs?: readonly ParagraphSpec[];
  /** The tabs of the document, with their content and child tabs (instead of `paragraphs`). */
  tabs?: readonly TabSpec[];
  /** Owner's email; the state's current user by default. */
  owner?: string;
  /** Others with access: email → role. */
  sharedWith?: Record<string, SharedRole>;
  id?: string;
  createdTime?: number;
  modifiedTime?: number;
  trashed?: boolean;
  starred?: boolean;
  driveId?: string;
  createdBy?: string;
}

/** Options of `addFile` (a file that is not a Google Doc). */
export interface AddFileOptions {
  name: string;
  mimeType: string;
  content?: Uint8Array;
  owner?: string;
  sharedWith?: Record<string, SharedRole>;
  id?: string;
  createdTime?: number;
  modifiedTime?: number;
  trashed?: boolean;
  createdBy?: string;
}

/** Everything a state holds at one moment, for `restore` (see `DocsSimulatorState.snapshot`). */
export interface DocsStateSnapshot {
  readonly users: ReadonlyMap<string, SimUser>;
  readonly files: ReadonlyMap<string, SimFile>;
  readonly sharedDrives: ReadonlyMap<string, SimSharedDrive>;
  readonly clients: ReadonlyMap<string, SimClient>;
  readonly grants: ReadonlyMap<string, SimGrant>;
  readonly accessTokens: ReadonlyMap<string, SimAccessToken>;
  readonly groups: ReadonlySet<string>;
  readonly currentUser: string;
  readonly quotas: SimQuotas;
  readonly pageSizeCap: number;
  readonly partialPages: boolean;
}

/** A copy of a file that shares nothing mutable with it (documents, permissions, revisions). */
function copyFile(file: SimFile): SimFile {
  return {
    ...file,
    permissions: new Map(file.permissions),
    domains: new Map(file.domains),
    createdBy: new Set(file.createdBy),
    tabs: file.tabs && cloneTabs(file.tabs),
    revisions: [...file.revisions],
    parents: file.parents && [...file.parents],
    content: file.content?.slice(),
    comments: file.comments?.map((comment) => ({
      ...comment,
      replies: comment.replies.map((reply) => ({ ...reply })),
    })),
  };
}

/** Replaces a map's entries with copies of another's. */
function refill<V>(target: Map<string, V>, source: ReadonlyMap<string, V>, copy: (value: V) => V): void {
  target.clear();
  for (const [key, value] of source) target.set(key, copy(value));
}

function random(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** A Drive-style file id (44 characters); deterministic when a seed label is given. */
export function newFileId(label?: string): string {
  const body = label ? createHash('sha256').update(label).digest('base64url') : random(33);
  return `1${body.slice(0, 43)}`;
}

function newRevisionId(): string {
  return `AL${random(45)}`;
}

/**
 * Everything the simulator knows: accounts, OAuth clients and grants, files with their documents,
 * and quota use. Tests reach in to arrange a scene (share a document, expire tokens, revoke a grant).
 */
export class DocsSimulatorState {
  readonly users = new Map<string, SimUser>();
  readonly files = new Map<string, SimFile>();
  /** Resumable uploads under way, by upload id (not kept by snapshots: a restore ends them). */
  readonly uploads = new Map<string, UploadSession>();
  /** Shared drives, by id. */
  readonly sharedDrives = new Map<string, SimSharedDrive>();
  readonly clients = new Map<string, SimClient>();
  readonly grants = new Map<string, SimGrant>();
  readonly accessTokens = new Map<string, SimAccessToken>();
  readonly codes = new Map<string, SimAuthCode>();
  /** Consent screens shown and not yet answered: id → the authorization request. */
  readonly consents = new Map<string, URLSearchParams>();
  /** The account signed in on the consent screen. */
  currentUser: string;
  readonly now: () => number;
  readonly quotas: SimQuotas;
  pageSizeCap: number;
  partialPages: boolean;
  /** Emails that stand for groups rather than people (permissions of type `group`). */
  readonly groups = new Set<string>();
  readonly accessTokenSeconds: number;
  /** The most `files.export` returns, in bytes (Drive: 10 MB). */
  exportSizeLimit: number;
  /**
   * Drive's change log and push channels (`DriveChangeFeed`), when the simulator serves them (it
   * always does): the state tells it what changed.
   */
  changeFeed: ChangeLog | undefined;
  readonly #usage = new Map<string, { window: number; count: number }>();

  constructor(options: DocsStateOptions = {}) {
    this.now = options.now ?? Date.now;
    this.quotas = {
      docsReadsPerMinute: 300,
      docsWritesPerMinute: 60,
      driveRequestsPerMinute: 12_000,
      ...options.quotas,
    };
    this.pageSizeCap = options.pageSizeCap ?? 1000;
    this.partialPages = options.partialPages ?? false;
    this.accessTokenSeconds = options.accessTokenSeconds ?? 3599;
    this.exportSizeLimit = options.exportSizeLimit ?? 10 * 1024 * 1024;
    this.currentUser = this.addUser('alex@example.com', 'Alex Rivera').email;
  }

  /**
   * A copy of the accounts, OAuth clients, grants, access tokens, files and settings, so that a
   * simulator can return to the scene it started with (`restore`). Pending consents, authorization
   * codes and quota use are not kept: a restored state has none.
   */
  snapshot(): DocsStateSnapshot {
    const copy = new DocsSimulatorState();
    copy.#load(this);
    return {
      users: copy.users,
      files: copy.files,
      sharedDrives: copy.sharedDrives,
      clients: copy.clients,
      grants: copy.grants,
      accessTokens: copy.accessTokens,
      groups: copy.groups,
      currentUser: this.currentUser,
      quotas: { ...this.quotas },
      pageSizeCap: this.pageSizeCap,
      partialPages: this.partialPages,
    };
  }

  /**
   * Puts the state back to a snapshot, in place (handlers and tests holding this object see it),
   * with copies, so the snapshot can be restored again. Objects taken from the state before (a file,
   * a grant) are not the restored ones: look them up again.
   */
  restore(snapshot: DocsStateSnapshot): void {
    this.#load(snapshot);
    this.codes.clear();
    this.consents.clear();
    this.uploads.clear();
    this.#usage.clear();
    this.changeFeed?.clear();
  }

  #load(from: DocsStateSnapshot | DocsSimulatorState): void {
    refill(this.users, from.users, (user) => ({ ...user }));
    refill(this.files, from.files, copyFile);
    refill(this.sharedDrives, from.sharedDrives, (drive) => ({ ...drive, members: { ...drive.members } }));
    refill(this.clients, from.clients, (client) => ({
      ...client,
      redirectUris: client.redirectUris && [...client.redirectUris],
    }));
    refill(this.grants, from.grants, (grant) => ({ ...grant, scopes: [...grant.scopes] }));
    refill(this.accessTokens, from.accessTokens, (token) => ({ ...token }));
    this.groups.clear();
    for (const group of from.groups) this.groups.add(group);
    this.currentUser = from.currentUser;
    Object.assign(this.quotas, from.quotas);
    this.pageSizeCap = from.pageSizeCap;
    this.partialPages = from.partialPages;
  }

  /** Adds (or returns) an account. */
  addUser(email: string, displayName: string): SimUser {
    const known = this.users.get(email);
    if (known) return known;
    const user = {
      email,
      displayName,
      permissionId: createHash('sha256').update(email).digest('hex').slice(0, 20),
    };
    this.users.set(email, user);
    return user;
  }

  /** Registers an OAuth client. */
  addClient(client: SimClient): SimClient {
    this.clients.set(client.clientId, client);
    return client;
  }

  /** Creates a Google Docs document and its Drive file. */
  createDocument(options: CreateDocumentOptions): SimFile {
    const file = this.#addFile({
      id: options.id,
      name: options.title,
      mimeType: GOOGLE_DOCS_MIME_TYPE,
      owner: options.owner,
      sharedWith: options.sharedWith,
      createdTime: options.createdTime,
      modifiedTime: options.modifiedTime,
      trashed: options.trashed,
      createdBy: options.createdBy,
    });
    file.starred = options.starred ?? false;
    file.driveId = options.driveId;
    file.tabs = buildTabs(options.tabs, options.paragraphs);
    file.revisions.push(newRevisionId());
    return file;
  }

  /** Adds a Drive file that is not a Google Doc (a spreadsheet, a PDF…). */
  addFile(options: AddFileOptions): SimFile {
    return this.#addFile(options);
  }

  #addFile(options: Omit<AddFileOptions, 'name' | 'mimeType'> & { name: string; mimeType: string }): SimFile {
    const owner = options.owner ?? this.currentUser;
    const created = options.createdTime ?? this.now();
    const file: SimFile = {
      id: options.id ?? newFileId(),
      name: options.name,
      mimeType: options.mimeType,
      owner,
      permissions: new Map<string, Role>([[owner, 'owner'], ...Object.entries(options.sharedWith ?? {})]),
      domains: new Map(),
      trashed: options.trashed ?? false,
      starred: false,
      createdTime: created,
      modifiedTime: options.modifiedTime ?? created,
      lastModifyingUser: owner,
      version: 1,
      createdBy: new Set(options.createdBy ? [options.createdBy] : []),
      revisions: [],
      content: options.content,
    };
    this.files.set(file.id, file);
    this.changeFeed?.record(file, false);
    return file;
  }

  /** Deletes a file for good (not the trash), which Drive's change log reports as removed. */
  removeFile(id: string): void {
    const file = this.files.get(id);
    if (!file) return;
    this.files.delete(id);
    this.changeFeed?.record(file, true);
  }

  /**
   * The user's role on a file: the most of what is shared with them, with their domain, and with
   * anyone who has the link; undefined when they have no access.
   */
  roleOf(file: SimFile, user: string): Role | undefined {
    const roles = [
      file.permissions.get(user),
      file.domains.get(user.split('@')[1] ?? ''),
      file.anyoneWithLink,
    ].filter((role): role is Role => role !== undefined);
    return roles.sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])[0];
  }

  /** True when the user's role is at least `role`. */
  can(file: SimFile, user: string, role: Role): boolean {
    const held = this.roleOf(file, user);
    return held !== undefined && ROLE_RANK[held] >= ROLE_RANK[role];
  }

  /** Records a change: the modified time, the editor and the file version move on. */
  touch(file: SimFile, user: string): void {
    file.modifiedTime = Math.max(this.now(), file.modifiedTime + 1);
    file.lastModifyingUser = user;
    file.version += 1;
    this.changeFeed?.record(file, false);
  }

  /**
   * Marks text of a document's tab (the first by default) as a suggested insertion or deletion by
   * `author`, as the editor's suggesting mode makes them (the API cannot); returns its id.
   */
  suggest(
    fileId: string,
    options: {
      kind: 'insertion' | 'deletion';
      startIndex: number;
      endIndex: number;
      author?: string;
      tabId?: string;
    },
  ): string {
    const file = this.files.get(fileId);
    const tabs = file?.tabs && cloneTabs(file.tabs);
    const tab = options.tabId
      ? walkTabs(tabs ?? []).find((placed) => placed.tab.id === options.tabId)?.tab
      : tabs?.[0];
    if (!file || !tabs || !tab) throw new Error(`No document tab ${options.tabId ?? ''} in ${fileId}`);
    const author = options.author ?? file.owner;
    const id = tab.document.suggest(options.kind, options.startIndex, options.endIndex, author);
    this.commit(file, tabs, author);
    return id;
  }

  /** Stores a document's new tabs under a new revision id. */
  commit(file: SimFile, tabs: SimTab[], user: string): string {
    const revision = newRevisionId();
    file.tabs = tabs;
    file.revisions.push(revision);
    this.touch(file, user);
    return revision;
  }

  /** Starts a grant of `scopes` to a client by a user (what the consent screen does). */
  grant(user: string, clientId: string, scopes: readonly string[]): SimGrant {
    const grant: SimGrant = {
      id: random(12),
      user,
      clientId,
      scopes: [...scopes],
      revoked: false,
    };
    this.grants.set(grant.id, grant);
    return grant;
  }

  /**
   * Issues an access token for a grant, and with `withRefreshToken` (an offline authorization) the
   * grant's refresh token, made on first use. A refresh passes false: Google's answer to a refresh
   * carries no refresh token, and the one the client holds stays valid.
   */
  issue(grant: SimGrant, withRefreshToken: boolean): IssuedTokens {
    const accessToken = `ya29.${random(60)}`;
    const expiresAt = this.now() + this.accessTokenSeconds * 1000;
    this.accessTokens.set(accessToken, { grantId: grant.id, expiresAt });
    if (withRefreshToken) grant.refreshToken ??= `1//0${random(48)}`;
    return {
      accessToken,
      refreshToken: withRefreshToken ? grant.refreshToken : undefined,
      expiresAt,
      expiresIn: this.accessTokenSeconds,
      scope: grant.scopes.join(' '),
    };
  }

  /**
   * Issues tokens as if the user had already authorized a client: the shortcut tests and the
   * sandbox use instead of the consent screen.
   */
  issueTokens(
    options: { user?: string; clientId?: string; scopes?: readonly string[] } = {},
  ): IssuedTokens & { refreshToken: string } {
    const clientId = options.clientId ?? [...this.clients.keys()][0];
    if (!clientId) throw new Error('Register an OAuth client first');
    const grant = this.grant(
      options.user ?? this.currentUser,
      clientId,
      options.scopes ?? [DOCUMENTS_SCOPE, DRIVE_SCOPE],
    );
    return this.issue(grant, true) as IssuedTokens & { refreshToken: string };
  }

  /** The grant a refresh token belongs to, if any. */
  grantOfRefreshToken(token: string): SimGrant | undefined {
    for (const grant of this.grants.values()) if (grant.refreshToken === token) return grant;
    return undefined;
  }

  /** Makes every access token issued so far expire now (refresh tokens stay valid). */
  expireAccessTokens(): void {
    const past = this.now() - 1;
    for (const token of this.accessTokens.values()) token.expiresAt = past;
  }

  /** Revokes the grant an access or refresh token belongs to. Returns false for an unknown token. */
  revoke(token: string): boolean {
    const grantId = this.accessTokens.get(token)?.grantId ?? this.grantOfRefreshToken(token)?.id;
    const grant = grantId ? this.grants.get(grantId) : undefined;
    if (!grant || grant.revoked) return false;
    grant.revoked = true;
    return true;
  }

  /** Who a bearer token speaks for, or why it does not. */
  authenticate(token: string): { user: string; grant: SimGrant } | 'expired' | 'invalid' {
    const issued = this.accessTokens.get(token);
    const grant = issued ? this.grants.get(issued.grantId) : undefined;
    if (!issued || !grant || grant.revoked) return 'invalid';
    if (this.now() >= issued.expiresAt) return 'expired';
    return { user: grant.user, grant };
  }

  /** Counts one request against a per-user, per-minute quota; false when it is used up. */
  takeQuota(user: string, bucket: keyof SimQuotas): boolean {
    const window = Math.floor(this.now() / 60_000);
    const key = `${bucket}:${user}`;
    const usage = this.#usage.get(key);
    const current = usage && usage.window === window ? usage : { window, count: 0 };
    if (current.count >= this.quotas[bucket]) return false;
    current.count += 1;
    this.#usage.set(key, current);
    return true;
  }
}
