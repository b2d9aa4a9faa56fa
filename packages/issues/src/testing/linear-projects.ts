import { randomBytes, randomUUID } from 'node:crypto';
import { isCalendarDate } from '../issues-input-types.js';
import { connection, paginate, type View } from './linear-connections.js';
import { invalidInput } from './linear-errors.js';
import type { ProjectRecord, ProjectStatusRecord } from './linear-records.js';
import {
  issuesOf,
  lookupRecord,
  maybe,
  mutation,
  PRIORITY_LABELS,
  pick,
  progressOf,
  type Resolving,
  type Root,
  slug,
} from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Projects and project statuses: the rules of Linear's project mutations over the workspace, their
// GraphQL views, and the project queries and mutations.

/** What `projectCreate` does: a name, at least one team, and a status (the backlog one by default). */
export function createProjectRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  creatorId: string | null,
): ProjectRecord {
  const name = input.name;
  if (typeof name !== 'string' || name.trim() === '') {
    throw invalidInput('name should not be empty', 'The project needs a name.');
  }
  const teamIds = teamIdsOf(ws, input.teamIds);
  if (teamIds.length === 0)
    throw invalidInput('teamIds should not be empty', 'A project needs at least one team.');
  const statusId =
    ws.reference(input.statusId, 'statusId', ws.projectStatuses, 'ProjectStatus')?.id ??
    [...ws.projectStatuses.values()].find((status) => status.type === 'backlog')?.id ??
    ws.addProjectStatus({ name: 'Backlog', type: 'backlog', color: '#bec2c8' }).id;
  const now = ws.now();
  const project: ProjectRecord = {
    id: typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID(),
    slugId: randomBytes(6).toString('hex'),
    name,
    description: '',
    content: null,
    color: '#bec2c8',
    icon: null,
    statusId,
    teamIds,
    leadId: creatorId,
    memberIds: creatorId ? [creatorId] : [],
    priority: 0,
    startDate: null,
    targetDate: null,
    sortOrder: ws.projects.size,
    createdAt: now,
    updatedAt: now,
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    archivedAt: null,
    trashed: null,
  };
  applyProjectInput(ws, project, { ...input, statusId }, now);
  ws.projects.set(project.id, project);
  ws.lastSyncId += 1;
  return project;
}

/** What `projectUpdate` does: only the fields given change. */
export function updateProjectRecord(
  ws: LinearWorkspaceState,
  id: string,
  input: WorkspaceInput,
): ProjectRecord {
  const project = ws.requireProject(id);
  if (input.name !== undefined && (typeof input.name !== 'string' || input.name.trim() === '')) {
    throw invalidInput('name should not be empty', 'The project needs a name.');
  }
  if (input.teamIds !== undefined) {
    const teamIds = teamIdsOf(ws, input.teamIds);
    if (teamIds.length === 0)
      throw invalidInput('teamIds should not be empty', 'A project needs at least one team.');
    project.teamIds = teamIds;
  }
  if (typeof input.name === 'string') project.name = input.name;
  const now = ws.now();
  applyProjectInput(ws, project, input, now);
  project.updatedAt = now;
  ws.lastSyncId += 1;
  return project;
}

/** What `projectDelete` does: the project goes to the trash and out of every list. */
export function deleteProjectRecord(ws: LinearWorkspaceState, id: string): ProjectRecord {
  const project = ws.requireProject(id);
  const now = ws.now();
  project.archivedAt ??= now;
  project.trashed = true;
  project.updatedAt = now;
  ws.lastSyncId += 1;
  return project;
}

function teamIdsOf(ws: LinearWorkspaceState, value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((id) => ws.reference(id, 'teamIds', ws.teams, 'Team')!.id);
}

function applyProjectInput(
  ws: LinearWorkspaceState,
  project: ProjectRecord,
  input: WorkspaceInput,
  now: string,
): void {
  for (const key of ['description', 'content', 'color', 'icon'] as const) {
    if (input[key] !== undefined)
      (project as unknown as WorkspaceInput)[key] = input[key] ?? (key === 'description' ? '' : null);
  }
  for (const key of ['startDate', 'targetDate'] as const) {
    if (input[key] === undefined) continue;
    if (input[key] !== null && !isCalendarDate(input[key])) {
      throw invalidInput(`${key} must be a valid date (YYYY-MM-DD)`, 'The date is not a valid date.');
    }
    project[key] = input[key] as string | null;
  }
  if (input.priority !== undefined) {
    const priority = input.priority ?? 0;
    if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 0 || priority > 4) {
      throw invalidInput('priority must not be greater than 4', 'Priority must be between 0 and 4.');
    }
    project.priority = priority;
  }
  if (input.leadId !== undefined) {
    project.leadId = ws.reference(input.leadId, 'leadId', ws.users, 'User')?.id ?? null;
  }
  if (input.memberIds !== undefined) {
    project.memberIds = Array.isArray(input.memberIds)
      ? input.memberIds.map((id) => ws.reference(id, 'memberIds', ws.users, 'User')!.id)
      : [];
  }
  if (input.statusId !== undefined && input.statusId !== project.statusId) {
    const status = ws.reference(input.statusId, 'statusId', ws.projectStatuses, 'ProjectStatus');
    if (!status) throw invalidInput('statusId cannot be null', 'A project needs a status.');
    project.statusId = status.id;
  }
  const type = ws.projectStatuses.get(project.statusId)?.type;
  if (type === 'started' || type === 'completed') project.startedAt ??= now;
  project.completedAt = type === 'completed' ? (project.completedAt ?? now) : null;
  project.canceledAt = type === 'canceled' ? (project.canceledAt ?? now) : null;
}

/** Linear's project URL. */
export function projectUrl(ws: LinearWorkspaceState, project: ProjectRecord): string {
  return `https://linear.app/${ws.organization.urlKey}/project/${slug(project.name)}-${project.slugId}`;
}

/** A project status (the workspace's project workflow). */
export function projectStatusView(_r: Resolving): (status: ProjectStatusRecord) => View {
  return (status) => ({
    __typename: 'ProjectStatus',
    id: status.id,
    name: status.name,
    type: status.type,
    color: status.color,
    position: status.position,
    indefinite: status.type === 'backlog' || status.type === 'paused',
    createdAt: status.createdAt,
    updatedAt: status.updatedAt,
  });
}

/** A project: its `status`, teams, lead, members, issues and progress. */
export function projectView(r: Resolving): (project: ProjectRecord) => View {
  const ws = r.workspace;
  return (project) => {
    const status = ws.projectStatuses.get(project.statusId)!;
    const issues = () => issuesOf(ws, (issue) => issue.projectId === project.id);
    return {
      __typename: 'Project',
      id: project.id,
      slugId: project.slugId,
      name: project.name,
      description: project.description,
      content: project.content,
      color: project.color,
      icon: project.icon,
      // Deprecated in favour of `status`; Linear still answers it with the status's type.
      state: status.type,
      priority: project.priority,
      priorityLabel: PRIORITY_LABELS[project.priority] ?? 'No priority',
      prioritySortOrder: project.priority === 0 ? 5 : project.priority,
      startDate: project.startDate,
      targetDate: project.targetDate,
      sortOrder: project.sortOrder,
      createdAt: project.createdAt,
      updatedAt: project.updatedAt,
      startedAt: project.startedAt,
      completedAt: project.completedAt,
      canceledAt: project.canceledAt,
      archivedAt: project.archivedAt,
      trashed: project.trashed,
      url: projectUrl(ws, project),
      progress: () => progressOf(ws, issues()),
      scope: () => issues().filter((issue) => issue.archivedAt === null).length,
      labelIds: [],
      frequencyResolution: 'weekly',
      status: () => r.views.projectStatus(status),
      lead: () => maybe(ws.users.get(project.leadId ?? ''), r.views.user),
      teams: connection(() => pick(ws.teams, project.teamIds), r.views.team),
      // The teams whose members can see the project: in the simulator, its teams.
      accessibleTeams: connection(() => pick(ws.teams, project.teamIds), r.views.team),
      members: connection(() => pick(ws.users, project.memberIds), r.views.user),
      issues: connection(issues, r.views.issue),
    };
  };
}

/** `project(id)` (an id or a slug id), `projects` (trashed ones left out), `projectStatus(id)`, `projectStatuses`. */
export function projectQueries(r: Resolving): Root {
  const ws = r.workspace;
  return {
    project: ({ id }) => r.views.project(ws.requireProject(id)),
    projects: (args) =>
      paginate(
        [...ws.projects.values()].filter((project) => !project.trashed),
        args,
        r.views.project,
      ),
    projectStatus: ({ id }) => r.views.projectStatus(lookupRecord(ws.projectStatuses, id, 'ProjectStatus')),
    projectStatuses: (args) => paginate([...ws.projectStatuses.values()], args, r.views.projectStatus),
  };
}

/** What `projectUnarchive` does: a trashed or archived project comes back to the lists. */
export function unarchiveProjectRecord(ws: LinearWorkspaceState, id: string): ProjectRecord {
  const project = ws.requireProject(id);
  project.archivedAt = null;
  project.trashed = null;
  project.updatedAt = ws.now();
  ws.lastSyncId += 1;
  return project;
}

/**
 * `projectCreate`, `projectUpdate`, `projectDelete` and `projectUnarchive`. `projectArchive` is
 * deprecated in 98.0.0 "in favor of projectDelete" (which trashes, restorable with
 * `projectUnarchive`), so the simulator answers the current pair only.
 */
export function projectMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    projectCreate: mutation(r, 'projectCreate', ({ input }) => ({
      project: r.views.project(createProjectRecord(ws, input, r.viewerId)),
    })),
    projectUpdate: mutation(r, 'projectUpdate', ({ id, input }) => ({
      project: r.views.project(updateProjectRecord(ws, id, input)),
    })),
    projectDelete: mutation(r, 'projectDelete', ({ id }) => ({
      entity: r.views.project(deleteProjectRecord(ws, id)),
    })),
    projectUnarchive: mutation(r, 'projectUnarchive', ({ id }) => ({
      entity: r.views.project(unarchiveProjectRecord(ws, String(id))),
    })),
  };
}
