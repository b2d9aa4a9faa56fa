import { createHash, randomUUID } from 'node:crypto';
import { isCalendarDate } from '../issues-input-types.js';
import { connection, paginate, type View } from './linear-connections.js';
import { entityNotFound, invalidInput } from './linear-errors.js';
import type {
  InitiativeRecord,
  InitiativeStatus,
  InitiativeToProjectRecord,
  ProjectRecord,
} from './linear-records.js';
import { lookupRecord, maybe, mutation, type Resolving, type Root, slug } from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Initiatives, with Linear's rules as its schema (@linear/sdk 98) and docs state them:
// - "To create an Initiative, all you need is a name. You are automatically assigned as the
//   Initiative owner" (linear.app/docs/initiatives): `name` is required, `ownerId` defaults to the
//   caller and must name a user of the workspace. Initiatives are workspace-wide (never private and
//   never in a team), so their webhooks reach the webhooks of all public teams, not a team's.
// - `status` is one of `InitiativeStatus` (Proposed, Planned, Active, Completed, Canceled); a new
//   initiative is Planned, as in Linear's app. Moving to Active stamps `startedAt`, to Completed
//   `completedAt`, to Canceled `canceledAt`. `targetDate` is a calendar date (`TimelessDate`).
// - `initiativeToProjectCreate` "Associates a project with an initiative. A project can only appear
//   once in an initiative hierarchy." (the mutation's description): the same project twice in one
//   initiative is refused as invalid input with that sentence; a project may sit in several
//   initiatives. The simulator has no sub-initiatives, so the hierarchy is the initiative itself.
// - `initiative(id)` takes the id or the URL's slug id; a trashed initiative leaves `initiatives`.

const STATUSES: readonly InitiativeStatus[] = ['Proposed', 'Planned', 'Active', 'Completed', 'Canceled'];
const ONCE = 'A project can only appear once in an initiative hierarchy.';

/** The initiative an id or a slug id names. */
export function findInitiative(ws: LinearWorkspaceState, idOrSlug: unknown): InitiativeRecord {
  const key = typeof idOrSlug === 'string' ? idOrSlug.toLowerCase() : '';
  const found =
    ws.initiatives.get(key) ?? [...ws.initiatives.values()].find((i) => i.slugId === key.split('-').at(-1));
  if (!found) throw entityNotFound('Initiative');
  return found;
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidInput('name should not be empty', 'The initiative needs a name.');
  }
  return value;
}

function applyInitiativeInput(
  ws: LinearWorkspaceState,
  initiative: InitiativeRecord,
  input: WorkspaceInput,
): void {
  if (input.name !== undefined) initiative.name = checkName(input.name);
  for (const key of ['description', 'content', 'icon', 'color'] as const) {
    if (input[key] !== undefined) initiative[key] = (input[key] as string | null) ?? null;
  }
  if (input.ownerId !== undefined) {
    initiative.ownerId = ws.reference(input.ownerId, 'ownerId', ws.users, 'User')?.id ?? null;
  }
  if (input.targetDate !== undefined) {
    if (input.targetDate !== null && !isCalendarDate(input.targetDate)) {
      throw invalidInput('targetDate must be a valid date (YYYY-MM-DD)', 'The date is not a valid date.');
    }
    initiative.targetDate = (input.targetDate as string | null) ?? null;
  }
  if (input.status !== undefined && input.status !== null && input.status !== initiative.status) {
    if (!STATUSES.includes(input.status as InitiativeStatus)) {
      throw invalidInput(`status must be one of ${STATUSES.join(', ')}`);
    }
    initiative.status = input.status as InitiativeStatus;
    const now = ws.now();
    if (initiative.status === 'Active') initiative.startedAt ??= now;
    initiative.completedAt = initiative.status === 'Completed' ? now : null;
    initiative.canceledAt = initiative.status === 'Canceled' ? now : null;
  }
  if (input.trashed !== undefined) {
    initiative.trashed = input.trashed === true ? true : null;
    initiative.archivedAt = input.trashed === true ? ws.now() : null;
  }
}

/** What `initiativeCreate` does: a name, the caller as owner unless another is given, Planned. */
export function createInitiativeRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  userId: string | null,
): InitiativeRecord {
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.initiatives.has(id)) throw invalidInput('An initiative with this id already exists');
  const now = ws.now();
  const initiative: InitiativeRecord = {
    id,
    slugId: createHash('sha1').update(id).digest('hex').slice(0, 12),
    name: checkName(input.name),
    description: null,
    content: null,
    icon: null,
    color: null,
    status: 'Planned',
    ownerId: userId,
    creatorId: userId,
    targetDate: null,
    sortOrder: ws.initiatives.size,
    createdAt: now,
    updatedAt: now,
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    archivedAt: null,
    trashed: null,
  };
  applyInitiativeInput(ws, initiative, input);
  ws.initiatives.set(id, initiative);
  ws.lastSyncId += 1;
  return initiative;
}

/** What `initiativeUpdate` does: only the fields given change. */
export function updateInitiativeRecord(
  ws: LinearWorkspaceState,
  idOrSlug: unknown,
  input: WorkspaceInput,
): InitiativeRecord {
  const initiative = findInitiative(ws, idOrSlug);
  applyInitiativeInput(ws, initiative, input);
  initiative.updatedAt = ws.now();
  ws.lastSyncId += 1;
  return initiative;
}

/** What `initiativeToProjectCreate` does: a project joins an initiative, once. */
export function addProjectToInitiativeRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
): InitiativeToProjectRecord {
  const initiative = findInitiative(ws, input.initiativeId);
  const project = ws.requireProject(String(input.projectId ?? ''));
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.initiativeToProjects.has(id))
    throw invalidInput('An initiativeToProject with this id already exists');
  const links = linksOf(ws, (link) => link.initiativeId === initiative.id);
  if (links.some((link) => link.projectId === project.id)) throw invalidInput(ONCE);
  const now = ws.now();
  const link: InitiativeToProjectRecord = {
    id,
    initiativeId: initiative.id,
    projectId: project.id,
    sortOrder: String(typeof input.sortOrder === 'number' ? input.sortOrder : links.length),
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
  ws.initiativeToProjects.set(id, link);
  ws.lastSyncId += 1;
  return link;
}

const linksOf = (ws: LinearWorkspaceState, keep: (link: InitiativeToProjectRecord) => boolean) =>
  [...ws.initiativeToProjects.values()].filter((link) => !link.archivedAt && keep(link));

const liveProjects = (ws: LinearWorkspaceState, initiativeId: string): ProjectRecord[] =>
  linksOf(ws, (link) => link.initiativeId === initiativeId).flatMap((link) => {
    const project = ws.projects.get(link.projectId);
    return project && !project.trashed ? [project] : [];
  });

const liveInitiatives = (ws: LinearWorkspaceState) => [...ws.initiatives.values()].filter((i) => !i.trashed);

/** An initiative: its text, status, owner, dates, projects and documents. */
export function initiativeView(r: Resolving): (initiative: InitiativeRecord) => View {
  const ws = r.workspace;
  return (initiative) => ({
    __typename: 'Initiative',
    id: initiative.id,
    slugId: initiative.slugId,
    name: initiative.name,
    description: initiative.description,
    content: initiative.content,
    icon: initiative.icon,
    color: initiative.color,
    status: initiative.status,
    targetDate: initiative.targetDate,
    sortOrder: initiative.sortOrder,
    createdAt: initiative.createdAt,
    updatedAt: initiative.updatedAt,
    startedAt: initiative.startedAt,
    completedAt: initiative.completedAt,
    canceledAt: initiative.canceledAt,
    archivedAt: initiative.archivedAt,
    trashed: initiative.trashed,
    visibility: 'public',
    url: `https://linear.app/${ws.organization.urlKey}/initiative/${slug(initiative.name)}-${initiative.slugId}`,
    owner: () => maybe(ws.users.get(initiative.ownerId ?? ''), r.views.user),
    creator: () => maybe(ws.users.get(initiative.creatorId ?? ''), r.views.user),
    organization: () => r.views.organization(),
    projects: connection(() => liveProjects(ws, initiative.id), r.views.project),
  });
}

/** A project in an initiative. */
export function initiativeToProjectView(r: Resolving): (link: InitiativeToProjectRecord) => View {
  const ws = r.workspace;
  return (link) => ({
    __typename: 'InitiativeToProject',
    id: link.id,
    sortOrder: link.sortOrder,
    createdAt: link.createdAt,
    updatedAt: link.updatedAt,
    archivedAt: link.archivedAt,
    initiative: () => initiativeView(r)(ws.initiatives.get(link.initiativeId)!),
    project: () => r.views.project(ws.projects.get(link.projectId)!),
  });
}

/** A project's initiatives and its places in them (added to the project view). */
export function projectInitiativeFields(r: Resolving, project: ProjectRecord): Record<string, unknown> {
  const ws = r.workspace;
  const links = () => linksOf(ws, (link) => link.projectId === project.id);
  return {
    initiatives: connection(
      () => links().flatMap((link) => ws.initiatives.get(link.initiativeId) ?? []),
      initiativeView(r),
    ),
    initiativeToProjects: connection(links, initiativeToProjectView(r)),
  };
}

/** `initiative(id)`, `initiatives`, `initiativeToProject(id)` and `initiativeToProjects`. */
export function initiativeQueries(r: Resolving): Root {
  const ws = r.workspace;
  return {
    initiative: ({ id }) => initiativeView(r)(findInitiative(ws, id)),
    initiatives: (args) => paginate(liveInitiatives(ws), args, initiativeView(r)),
    initiativeToProject: ({ id }) =>
      initiativeToProjectView(r)(lookupRecord(ws.initiativeToProjects, id, 'InitiativeToProject')),
    initiativeToProjects: (args) =>
      paginate(
        linksOf(ws, () => true),
        args,
        initiativeToProjectView(r),
      ),
  };
}

/** `initiativeCreate`, `initiativeUpdate`, `initiativeToProjectCreate` and `initiativeToProjectDelete`. */
export function initiativeMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    initiativeCreate: mutation(r, 'initiativeCreate', ({ input }) => ({
      initiative: initiativeView(r)(createInitiativeRecord(ws, input, r.viewerId)),
    })),
    initiativeUpdate: mutation(r, 'initiativeUpdate', ({ id, input }) => ({
      initiative: initiativeView(r)(updateInitiativeRecord(ws, id, input)),
    })),
    initiativeToProjectCreate: mutation(r, 'initiativeToProjectCreate', ({ input }) => ({
      initiativeToProject: initiativeToProjectView(r)(addProjectToInitiativeRecord(ws, input)),
    })),
    initiativeToProjectDelete: mutation(r, 'initiativeToProjectDelete', ({ id }) => {
      const link = lookupRecord(ws.initiativeToProjects, id, 'InitiativeToProject');
      ws.initiativeToProjects.delete(link.id);
      ws.lastSyncId += 1;
      return { entityId: link.id };
    }),
  };
}
