import { createHash, randomUUID } from 'node:crypto';
import { connection, paginate, type View } from './linear-connections.js';
import { entityNotFound, invalidInput } from './linear-errors.js';
import { findInitiative, initiativeView } from './linear-initiatives.js';
import type { DocumentRecord, IssueRecord, ProjectRecord } from './linear-records.js';
import { maybe, mutation, type Resolving, type Root, slug } from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Documents: Markdown pages that belong to exactly one parent. Linear refuses a document without
// one, or with two, with "Exactly one of initiativeId, teamId, issueId, releaseId, cycleId or
// projectId must be defined" (as reported by linear-cli users, schpet/linear-cli#260); the
// simulator models projects, teams and issues as parents. A document's URL ends in its title's
// slug and a 12-hex `slugId`; `document(id)` and `documentUpdate(id)` take the id, the slugId or
// that last URL segment. `documentDelete` moves it to the trash (trashed and archived);
// `documentUnarchive` brings it back. `searchDocuments(term)` matches the title and the content.

const PARENTS = ['initiativeId', 'teamId', 'issueId', 'releaseId', 'cycleId', 'projectId'] as const;

function checkTitle(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidInput('title should not be empty', 'The document needs a title.');
  }
  return value;
}

/** The document an id, a slugId or a URL's last segment (`title-words-<slugId>`) names. */
export function findDocument(ws: LinearWorkspaceState, idOrSlug: unknown): DocumentRecord {
  const key = typeof idOrSlug === 'string' ? idOrSlug.toLowerCase() : '';
  const byId = ws.documents.get(key);
  if (byId) return byId;
  const slugId = key.split('-').at(-1) ?? '';
  const found = [...ws.documents.values()].find((document) => document.slugId === slugId);
  if (!found) throw entityNotFound('Document');
  return found;
}

function setParent(ws: LinearWorkspaceState, document: DocumentRecord, input: WorkspaceInput): void {
  const given = PARENTS.filter((key) => input[key] !== undefined && input[key] !== null);
  if (given.length !== 1) {
    throw invalidInput(
      'Exactly one of initiativeId, teamId, issueId, releaseId, cycleId or projectId must be defined.',
    );
  }
  const [key] = given;
  document.projectId = null;
  document.teamId = null;
  document.issueId = null;
  document.initiativeId = null;
  if (key === 'initiativeId') document.initiativeId = findInitiative(ws, input.initiativeId).id;
  else if (key === 'projectId')
    document.projectId = ws.reference(input.projectId, key, ws.projects, 'Project')!.id;
  else if (key === 'teamId') document.teamId = ws.reference(input.teamId, key, ws.teams, 'Team')!.id;
  else if (key === 'issueId') document.issueId = ws.requireIssue(String(input.issueId)).id;
  else
    throw invalidInput(
      `${key}: the simulator models documents of projects, teams, issues and initiatives only`,
    );
}

/** What `documentCreate` does. */
export function createDocumentRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  userId: string | null,
): DocumentRecord {
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.documents.has(id)) throw invalidInput('A document with this id already exists');
  const now = ws.now();
  const document: DocumentRecord = {
    id,
    // Derived from the id, so a seeded document keeps its URL across runs.
    slugId: createHash('sha1').update(id).digest('hex').slice(0, 12),
    title: checkTitle(input.title),
    content: (input.content as string | null | undefined) ?? null,
    icon: (input.icon as string | null | undefined) ?? null,
    color: (input.color as string | null | undefined) ?? null,
    projectId: null,
    teamId: null,
    issueId: null,
    initiativeId: null,
    creatorId: userId,
    updatedById: userId,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
    trashed: null,
  };
  setParent(ws, document, input);
  ws.documents.set(id, document);
  ws.lastSyncId += 1;
  return document;
}

/** What `documentUpdate` does: the fields given change; a new parent replaces the old one. */
export function updateDocumentRecord(
  ws: LinearWorkspaceState,
  idOrSlug: unknown,
  input: WorkspaceInput,
  userId: string | null,
): DocumentRecord {
  const document = findDocument(ws, idOrSlug);
  if (input.title !== undefined) document.title = checkTitle(input.title);
  for (const key of ['content', 'icon', 'color'] as const) {
    if (input[key] !== undefined) document[key] = (input[key] as string | null) ?? null;
  }
  if (PARENTS.some((key) => input[key] !== undefined)) setParent(ws, document, input);
  if (input.trashed !== undefined) {
    document.trashed = input.trashed === true ? true : null;
    document.archivedAt = input.trashed === true ? ws.now() : null;
  }
  document.updatedById = userId;
  document.updatedAt = ws.now();
  ws.lastSyncId += 1;
  return document;
}

/** A document: its text, parent, people and URL. */
export function documentView(r: Resolving): (document: DocumentRecord) => View {
  const ws = r.workspace;
  return (document) => ({
    __typename: 'Document',
    id: document.id,
    slugId: document.slugId,
    title: document.title,
    content: document.content,
    icon: document.icon,
    color: document.color,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
    archivedAt: document.archivedAt,
    trashed: document.trashed,
    sortOrder: 0,
    url: `https://linear.app/${ws.organization.urlKey}/document/${slug(document.title)}-${document.slugId}`,
    project: () => maybe(ws.projects.get(document.projectId ?? ''), r.views.project),
    team: () => maybe(ws.teams.get(document.teamId ?? ''), r.views.team),
    issue: () => maybe(ws.issues.get(document.issueId ?? ''), r.views.issue),
    initiative: () => maybe(ws.initiatives.get(document.initiativeId ?? ''), initiativeView(r)),
    creator: () => maybe(ws.users.get(document.creatorId ?? ''), r.views.user),
    updatedBy: () => maybe(ws.users.get(document.updatedById ?? ''), r.views.user),
  });
}

const live = (ws: LinearWorkspaceState) => [...ws.documents.values()].filter((document) => !document.trashed);

/** The `documents` connection of an issue (added to the issue view). */
export function issueDocumentFields(r: Resolving, issue: IssueRecord): Record<string, unknown> {
  return {
    documents: connection(
      () => live(r.workspace).filter((document) => document.issueId === issue.id),
      documentView(r),
    ),
  };
}

/** The `documents` connection of a project (added to the project view). */
export function projectDocumentFields(r: Resolving, project: ProjectRecord): Record<string, unknown> {
  return {
    documents: connection(
      () => live(r.workspace).filter((document) => document.projectId === project.id),
      documentView(r),
    ),
  };
}

/** `document(id or slug)`, `documents` and `searchDocuments(term)` (title and content). */
export function documentQueries(r: Resolving): Root {
  const ws = r.workspace;
  const view = documentView(r);
  return {
    document: ({ id }) => view(findDocument(ws, id)),
    documents: (args) => paginate(live(ws), args, view),
    searchDocuments: (args) => {
      const term = String(args.term).toLowerCase();
      const found = live(ws).filter((document) =>
        `${document.title}\n${document.content ?? ''}`.toLowerCase().includes(term),
      );
      const result = (document: DocumentRecord): View => ({
        ...view(document),
        __typename: 'DocumentSearchResult',
        metadata: {},
      });
      return { ...paginate(found, args, result), totalCount: found.length };
    },
  };
}

/** `documentCreate`, `documentUpdate`, `documentDelete` (to the trash) and `documentUnarchive`. */
export function documentMutations(r: Resolving): Root {
  const ws = r.workspace;
  const view = documentView(r);
  const trash = (id: unknown, trashed: boolean) => {
    const document = updateDocumentRecord(ws, id, { trashed }, r.viewerId);
    return { entity: view(document) };
  };
  return {
    documentCreate: mutation(r, 'documentCreate', ({ input }) => ({
      document: view(createDocumentRecord(ws, input, r.viewerId)),
    })),
    documentUpdate: mutation(r, 'documentUpdate', ({ id, input }) => ({
      document: view(updateDocumentRecord(ws, id, input, r.viewerId)),
    })),
    documentDelete: mutation(r, 'documentDelete', ({ id }) => trash(id, true)),
    documentUnarchive: mutation(r, 'documentUnarchive', ({ id }) => trash(id, false)),
  };
}
