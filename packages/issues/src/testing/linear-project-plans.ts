import { createHash, randomUUID } from 'node:crypto';
import { isCalendarDate } from '../issues-input-types.js';
import { connection, paginate, type View } from './linear-connections.js';
import { invalidInput } from './linear-errors.js';
import type {
  ProjectHealth,
  ProjectMilestoneRecord,
  ProjectRecord,
  ProjectUpdateRecord,
} from './linear-records.js';
import { lookupRecord, maybe, mutation, type Resolving, type Root } from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Project updates and milestones, with Linear's rules as its schema and docs state them:
// - An update belongs to one project (`projectId` required, a UUID or the project's slug id) and
//   reports its health, `onTrack`, `atRisk` or `offTrack` (`ProjectUpdateHealthType`). The
//   project's `health` and `lastUpdate` are those of its newest update; an update without a health
//   keeps the project's current one (onTrack for a project without updates), as Linear's editor
//   prefills it.
// - A milestone belongs to exactly one project (`projectId` required; `ProjectMilestone.project`
//   is non-null). Linear does not require milestone names to be unique within a project (tools
//   built on its API refuse an ambiguous name themselves, e.g. vanillagreencom/kendex#2273), so the
//   simulator accepts a repeated name. `targetDate` is a calendar date; the milestone's status is
//   `done` when all its issues are done, `overdue` past its target date, `next` for the earliest
//   open one, `unstarted` otherwise; the simulator has no issues in milestones, so it derives the
//   status from the dates alone.

const HEALTH: readonly ProjectHealth[] = ['onTrack', 'atRisk', 'offTrack'];

const updatesOf = (ws: LinearWorkspaceState, projectId: string) =>
  [...ws.projectUpdates.values()]
    .filter((update) => update.projectId === projectId && !update.archivedAt)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

const milestonesOf = (ws: LinearWorkspaceState, projectId: string) =>
  [...ws.projectMilestones.values()]
    .filter((milestone) => milestone.projectId === projectId && !milestone.archivedAt)
    .sort((a, b) => a.sortOrder - b.sortOrder);

function checkText(value: unknown, field: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidInput(`${field} should not be empty`, `The ${what} needs a ${field}.`);
  }
  return value;
}

/** What `projectUpdateCreate` does. */
export function createProjectUpdateRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  userId: string,
): ProjectUpdateRecord {
  const project = ws.requireProject(String(input.projectId ?? ''));
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.projectUpdates.has(id)) throw invalidInput('A project update with this id already exists');
  if (input.health != null && !HEALTH.includes(input.health as ProjectHealth)) {
    throw invalidInput(`health must be one of ${HEALTH.join(', ')}`);
  }
  const now = ws.now();
  const update: ProjectUpdateRecord = {
    id,
    slugId: createHash('sha1').update(id).digest('hex').slice(0, 8),
    projectId: project.id,
    body: checkText(input.body, 'body', 'project update'),
    health:
      (input.health as ProjectHealth | null | undefined) ?? updatesOf(ws, project.id)[0]?.health ?? 'onTrack',
    userId,
    createdAt: now,
    updatedAt: now,
    editedAt: null,
    archivedAt: null,
  };
  ws.projectUpdates.set(id, update);
  ws.lastSyncId += 1;
  return update;
}

/** What `projectMilestoneCreate` does. */
export function createProjectMilestoneRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
): ProjectMilestoneRecord {
  const project = ws.requireProject(String(input.projectId ?? ''));
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.projectMilestones.has(id)) throw invalidInput('A project milestone with this id already exists');
  if (input.targetDate != null && !isCalendarDate(input.targetDate)) {
    throw invalidInput('targetDate must be a valid date (YYYY-MM-DD)', 'The date is not a valid date.');
  }
  const siblings = milestonesOf(ws, project.id);
  const now = ws.now();
  const milestone: ProjectMilestoneRecord = {
    id,
    projectId: project.id,
    name: checkText(input.name, 'name', 'milestone'),
    description: (input.description as string | null | undefined) ?? null,
    targetDate: (input.targetDate as string | null | undefined) ?? null,
    sortOrder: typeof input.sortOrder === 'number' ? input.sortOrder : (siblings.at(-1)?.sortOrder ?? 0) + 1,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
  ws.projectMilestones.set(id, milestone);
  ws.lastSyncId += 1;
  return milestone;
}

/** A project update, with its project, author and link. */
export function projectUpdateView(r: Resolving): (update: ProjectUpdateRecord) => View {
  const ws = r.workspace;
  return (update) => {
    const project = ws.projects.get(update.projectId)!;
    return {
      __typename: 'ProjectUpdate',
      id: update.id,
      slugId: update.slugId,
      body: update.body,
      health: update.health,
      createdAt: update.createdAt,
      updatedAt: update.updatedAt,
      editedAt: update.editedAt,
      archivedAt: update.archivedAt,
      isStale: false,
      isDiffHidden: false,
      url: `https://linear.app/${ws.organization.urlKey}/project/${project.slugId}/updates#project-update-${update.slugId}`,
      project: () => r.views.project(project),
      user: () => r.views.user(ws.users.get(update.userId)!),
    };
  };
}

function milestoneStatus(ws: LinearWorkspaceState, milestone: ProjectMilestoneRecord): string {
  const today = ws.now().slice(0, 10);
  if (milestone.targetDate && milestone.targetDate < today) return 'overdue';
  const next = milestonesOf(ws, milestone.projectId).find((m) => !m.targetDate || m.targetDate >= today);
  return next?.id === milestone.id ? 'next' : 'unstarted';
}

/** A milestone, with its project. */
export function projectMilestoneView(r: Resolving): (milestone: ProjectMilestoneRecord) => View {
  const ws = r.workspace;
  return (milestone) => ({
    __typename: 'ProjectMilestone',
    id: milestone.id,
    name: milestone.name,
    description: milestone.description,
    targetDate: milestone.targetDate,
    sortOrder: milestone.sortOrder,
    createdAt: milestone.createdAt,
    updatedAt: milestone.updatedAt,
    archivedAt: milestone.archivedAt,
    progress: 0,
    status: milestoneStatus(ws, milestone),
    project: () => r.views.project(ws.projects.get(milestone.projectId)!),
  });
}

/** A project's updates (newest first), milestones (in order), `health` and `lastUpdate`. */
export function projectPlanFields(r: Resolving, project: ProjectRecord): Record<string, unknown> {
  const ws = r.workspace;
  const latest = () => updatesOf(ws, project.id)[0];
  return {
    projectUpdates: connection(() => updatesOf(ws, project.id), projectUpdateView(r)),
    projectMilestones: connection(() => milestonesOf(ws, project.id), projectMilestoneView(r)),
    health: () => latest()?.health ?? null,
    healthUpdatedAt: () => latest()?.createdAt ?? null,
    lastUpdate: () => maybe(latest(), projectUpdateView(r)),
  };
}

/** `projectUpdate(id)`, `projectUpdates`, `projectMilestone(id)` and `projectMilestones`. */
export function projectPlanQueries(r: Resolving): Root {
  const ws = r.workspace;
  const live = <T extends { archivedAt: string | null }>(map: Map<string, T>) =>
    [...map.values()].filter((record) => !record.archivedAt);
  return {
    projectUpdate: ({ id }) => projectUpdateView(r)(lookupRecord(ws.projectUpdates, id, 'ProjectUpdate')),
    projectUpdates: (args) => paginate(live(ws.projectUpdates), args, projectUpdateView(r)),
    projectMilestone: ({ id }) =>
      projectMilestoneView(r)(lookupRecord(ws.projectMilestones, id, 'ProjectMilestone')),
    projectMilestones: (args) => paginate(live(ws.projectMilestones), args, projectMilestoneView(r)),
  };
}

/** `projectUpdateCreate` and `projectMilestoneCreate`. */
export function projectPlanMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    projectUpdateCreate: mutation(r, 'projectUpdateCreate', ({ input }) => ({
      projectUpdate: projectUpdateView(r)(createProjectUpdateRecord(ws, input, r.viewerId)),
    })),
    projectMilestoneCreate: mutation(r, 'projectMilestoneCreate', ({ input }) => ({
      projectMilestone: projectMilestoneView(r)(createProjectMilestoneRecord(ws, input)),
    })),
  };
}
