import { randomBytes, randomUUID } from 'node:crypto';
import { isCalendarDate } from '../linear-input-types.js';
import { entityNotFound, invalidInput } from './linear-errors.js';

/** Workflow state categories, as Linear names them. */
export type WorkflowStateType = 'triage' | 'backlog' | 'unstarted' | 'started' | 'completed' | 'canceled';
/** Project status categories. */
export type ProjectStatusType = 'backlog' | 'planned' | 'started' | 'paused' | 'completed' | 'canceled';

/** A workspace member. */
export interface UserRecord {
  id: string;
  name: string;
  displayName: string;
  email: string;
  admin: boolean;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A team: its key prefixes identifiers, its counter numbers them. */
export interface TeamRecord {
  id: string;
  key: string;
  name: string;
  description: string | null;
  color: string;
  icon: string | null;
  private: boolean;
  timezone: string;
  cyclesEnabled: boolean;
  memberIds: string[];
  defaultIssueStateId: string | undefined;
  /** The number the next issue of this team gets is `issueSequence + 1`. */
  issueSequence: number;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** One workflow state of a team. */
export interface WorkflowStateRecord {
  id: string;
  teamId: string;
  name: string;
  type: WorkflowStateType;
  color: string;
  position: number;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** A cycle (sprint) of a team. */
export interface CycleRecord {
  id: string;
  teamId: string;
  number: number;
  name: string | null;
  startsAt: string;
  endsAt: string;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** An issue label; `teamId` undefined for a workspace label. */
export interface LabelRecord {
  id: string;
  name: string;
  color: string;
  teamId: string | undefined;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** An issue, with the fields the simulator models. */
export interface IssueRecord {
  id: string;
  teamId: string;
  number: number;
  identifier: string;
  previousIdentifiers: string[];
  title: string;
  description: string | null;
  priority: number;
  estimate: number | null;
  stateId: string;
  assigneeId: string | null;
  creatorId: string | null;
  parentId: string | null;
  projectId: string | null;
  cycleId: string | null;
  dueDate: string | null;
  labelIds: string[];
  subscriberIds: string[];
  sortOrder: number;
  subIssueSortOrder: number | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  archivedAt: string | null;
  trashed: boolean | null;
}

/** A project status (the workspace-wide project workflow). */
export interface ProjectStatusRecord {
  id: string;
  name: string;
  type: ProjectStatusType;
  color: string;
  position: number;
  createdAt: string;
  updatedAt: string;
}

/** A project spanning one or more teams. */
export interface ProjectRecord {
  id: string;
  slugId: string;
  name: string;
  description: string;
  content: string | null;
  color: string;
  icon: string | null;
  statusId: string;
  teamIds: string[];
  leadId: string | null;
  memberIds: string[];
  priority: number;
  startDate: string | null;
  targetDate: string | null;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  archivedAt: string | null;
  trashed: boolean | null;
}

/** The workspace itself. */
export interface OrganizationRecord {
  id: string;
  name: string;
  urlKey: string;
  createdAt: string;
}

type Input = Record<string, unknown>;

const DEFAULT_STATES: readonly [string, WorkflowStateType, string][] = [
  ['Backlog', 'backlog', '#bec2c8'],
  ['Todo', 'unstarted', '#e2e2e2'],
  ['In Progress', 'started', '#f2c94c'],
  ['In Review', 'started', '#5e6ad2'],
  ['Done', 'completed', '#5e6ad2'],
  ['Canceled', 'canceled', '#95a2b3'],
  ['Duplicate', 'canceled', '#95a2b3'],
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDENTIFIER = /^([A-Z0-9_]+)-(\d+)$/i;

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/**
 * An in-memory Linear workspace: users, teams with keys and workflow states, cycles, labels,
 * issues numbered per team (`ENG-1`, `ENG-2`, …) with sub-issues, projects with statuses, and the
 * archive and delete (trash) life cycle. Methods apply Linear's rules and throw Linear-shaped
 * GraphQL errors, so the resolvers stay thin.
 */
export class LinearWorkspace {
  readonly organization: OrganizationRecord;
  readonly users = new Map<string, UserRecord>();
  readonly teams = new Map<string, TeamRecord>();
  readonly states = new Map<string, WorkflowStateRecord>();
  readonly cycles = new Map<string, CycleRecord>();
  readonly labels = new Map<string, LabelRecord>();
  readonly issues = new Map<string, IssueRecord>();
  readonly projectStatuses = new Map<string, ProjectStatusRecord>();
  readonly projects = new Map<string, ProjectRecord>();
  /** Personal API keys (`lin_api_…`) and the user each belongs to. */
  readonly apiKeys = new Map<string, string>();
  /** Linear's sync id, advanced by every change and returned by mutations as `lastSyncId`. */
  lastSyncId = 1000;
  readonly #clock: () => Date;

  constructor(options: { organizationName?: string; urlKey?: string; now?: () => Date } = {}) {
    this.#clock = options.now ?? (() => new Date());
    this.organization = {
      id: randomUUID(),
      name: options.organizationName ?? 'Sandbox',
      urlKey: options.urlKey ?? 'sandbox',
      createdAt: this.now(),
    };
  }

  /** The current time as an ISO string. */
  now(): string {
    return this.#clock().toISOString();
  }

  /** Adds a user. */
  addUser(input: {
    id?: string;
    name: string;
    email: string;
    displayName?: string;
    admin?: boolean;
  }): UserRecord {
    const now = this.now();
    const user: UserRecord = {
      id: input.id ?? randomUUID(),
      name: input.name,
      displayName: input.displayName ?? input.name.split(' ')[0]!.toLowerCase(),
      email: input.email,
      admin: input.admin ?? false,
      active: true,
      createdAt: now,
      updatedAt: now,
    };
    this.users.set(user.id, user);
    return user;
  }

  /** Issues a personal API key for a user. */
  addApiKey(userId: string, key = `lin_api_${randomBytes(20).toString('hex')}`): string {
    this.apiKeys.set(key, userId);
    return key;
  }

  /** Adds a team with Linear's default workflow (Backlog … Duplicate); Backlog is the default state. */
  addTeam(input: {
    id?: string;
    key: string;
    name: string;
    memberIds?: string[];
    description?: string;
    stateIds?: Partial<Record<string, string>>;
  }): TeamRecord {
    const now = this.now();
    const team: TeamRecord = {
      id: input.id ?? randomUUID(),
      key: input.key.toUpperCase(),
      name: input.name,
      description: input.description ?? null,
      color: '#5e6ad2',
      icon: null,
      private: false,
      timezone: 'Etc/UTC',
      cyclesEnabled: true,
      memberIds: [...(input.memberIds ?? [])],
      defaultIssueStateId: undefined,
      issueSequence: 0,
      createdAt: now,
      updatedAt: now,
      archivedAt: null,
    };
    this.teams.set(team.id, team);
    DEFAULT_STATES.forEach(([name, type, color], position) => {
      const state: WorkflowStateRecord = {
        id: input.stateIds?.[name] ?? randomUUID(),
        teamId: team.id,
        name,
        type,
        color,
        position,
        description: null,
        createdAt: now,
        updatedAt: now,
        archivedAt: null,
      };
      this.states.set(state.id, state);
    });
    team.defaultIssueStateId = this.teamStates(team.id).find((state) => state.type === 'backlog')?.id;
    return team;
  }

  /** Adds a cycle to a team. */
  addCycle(input: {
    id?: string;
    teamId: string;
    number: number;
    name?: string;
    startsAt: string;
    endsAt: string;
  }): CycleRecord {
    const now = this.now();
    const cycle: CycleRecord = {
      id: input.id ?? randomUUID(),
      teamId: input.teamId,
      number: input.number,
      name: input.name ?? null,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      createdAt: now,
      updatedAt: now,
      archivedAt: null,
    };
    this.cycles.set(cycle.id, cycle);
    return cycle;
  }

  /** Adds a label (a workspace label when `teamId` is omitted). */
  addLabel(input: { id?: string; name: string; color: string; teamId?: string }): LabelRecord {
    const now = this.now();
    const label: LabelRecord = {
      id: input.id ?? randomUUID(),
      name: input.name,
      color: input.color,
      teamId: input.teamId,
      createdAt: now,
      updatedAt: now,
      archivedAt: null,
    };
    this.labels.set(label.id, label);
    return label;
  }

  /** Adds a project status. */
  addProjectStatus(input: {
    id?: string;
    name: string;
    type: ProjectStatusType;
    color: string;
  }): ProjectStatusRecord {
    const now = this.now();
    const status: ProjectStatusRecord = {
      id: input.id ?? randomUUID(),
      name: input.name,
      type: input.type,
      color: input.color,
      position: this.projectStatuses.size,
      createdAt: now,
      updatedAt: now,
    };
    this.projectStatuses.set(status.id, status);
    return status;
  }

  /** A team's workflow states in board order. */
  teamStates(teamId: string): WorkflowStateRecord[] {
    return [...this.states.values()]
      .filter((state) => state.teamId === teamId)
      .sort((a, b) => a.position - b.position);
  }

  /** A team by its key (`ENG`), case-insensitive. */
  teamByKey(key: string): TeamRecord | undefined {
    const wanted = key.toUpperCase();
    return [...this.teams.values()].find((team) => team.key === wanted);
  }

  /** An issue by UUID or identifier (`ENG-12`, also a previous identifier after a team move). */
  findIssue(idOrIdentifier: string): IssueRecord | undefined {
    const byId = this.issues.get(idOrIdentifier.toLowerCase()) ?? this.issues.get(idOrIdentifier);
    if (byId) return byId;
    if (!IDENTIFIER.test(idOrIdentifier)) return undefined;
    const wanted = idOrIdentifier.toUpperCase();
    for (const issue of this.issues.values()) {
      if (issue.identifier === wanted || issue.previousIdentifiers.includes(wanted)) return issue;
    }
    return undefined;
  }

  /** An issue that must exist (Linear's "Entity not found: Issue" otherwise). */
  requireIssue(idOrIdentifier: string): IssueRecord {
    const issue = this.findIssue(idOrIdentifier);
    if (!issue) throw entityNotFound('Issue');
    return issue;
  }

  /** A project that must exist. */
  requireProject(id: string): ProjectRecord {
    const project = this.projects.get(id) ?? [...this.projects.values()].find((p) => p.slugId === id);
    if (!project) throw entityNotFound('Project');
    return project;
  }

  /** A team that must exist, by id or key. */
  requireTeam(idOrKey: string): TeamRecord {
    const team = this.teams.get(idOrKey) ?? this.teamByKey(idOrKey);
    if (!team) throw entityNotFound('Team');
    return team;
  }

  /** Creates an issue as Linear's `issueCreate` does. */
  createIssue(input: Input, creatorId: string | null): IssueRecord {
    const team = this.#reference(input.teamId, 'teamId', this.teams, 'Team');
    if (!team) throw invalidInput('teamId must be a UUID', 'A team is required to create an issue.');
    const title = input.title;
    if (typeof title !== 'string' || title.trim() === '') {
      throw invalidInput('title should not be empty', 'The issue needs a title.');
    }
    if (typeof input.id === 'string' && this.issues.has(input.id.toLowerCase())) {
      throw invalidInput('An issue with this id already exists', 'An issue with this id already exists.');
    }
    const now = this.now();
    const stateId = this.#stateFor(team, input.stateId) ?? team.defaultIssueStateId;
    if (!stateId) throw invalidInput('The team has no workflow state', 'The team has no workflow state.');
    team.issueSequence += 1;
    const issue: IssueRecord = {
      id: typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID(),
      teamId: team.id,
      number: team.issueSequence,
      identifier: `${team.key}-${team.issueSequence}`,
      previousIdentifiers: [],
      title,
      description: (input.description as string | null | undefined) ?? null,
      priority: 0,
      estimate: null,
      stateId,
      assigneeId: null,
      creatorId,
      parentId: null,
      projectId: null,
      cycleId: null,
      dueDate: null,
      labelIds: [],
      subscriberIds: creatorId ? [creatorId] : [],
      sortOrder: -team.issueSequence,
      subIssueSortOrder: null,
      createdAt: typeof input.createdAt === 'string' ? input.createdAt : now,
      updatedAt: now,
      startedAt: null,
      completedAt: null,
      canceledAt: null,
      archivedAt: null,
      trashed: null,
    };
    this.#applyIssueInput(issue, { ...input, stateId }, now);
    this.issues.set(issue.id, issue);
    this.lastSyncId += 1;
    return issue;
  }

  /** Updates an issue as `issueUpdate` does: only the fields given change; `null` clears. */
  updateIssue(idOrIdentifier: string, input: Input): IssueRecord {
    const issue = this.requireIssue(idOrIdentifier);
    const now = this.now();
    if (input.title !== undefined && (typeof input.title !== 'string' || input.title.trim() === '')) {
      throw invalidInput('title should not be empty', 'The issue needs a title.');
    }
    if (input.teamId !== undefined && input.teamId !== issue.teamId) {
      const team = this.#reference(input.teamId, 'teamId', this.teams, 'Team');
      if (!team) throw invalidInput('teamId cannot be null', 'An issue must belong to a team.');
      // Moving teams renumbers the issue; the old identifier keeps resolving.
      team.issueSequence += 1;
      issue.previousIdentifiers.push(issue.identifier);
      issue.teamId = team.id;
      issue.number = team.issueSequence;
      issue.identifier = `${team.key}-${team.issueSequence}`;
      if (input.stateId === undefined) issue.stateId = team.defaultIssueStateId ?? issue.stateId;
      if (input.cycleId === undefined) issue.cycleId = null;
    }
    if (typeof input.title === 'string') issue.title = input.title;
    if (input.description !== undefined) issue.description = (input.description as string | null) ?? null;
    this.#applyIssueInput(issue, input, now);
    issue.updatedAt = now;
    this.lastSyncId += 1;
    return issue;
  }

  /** Archives an issue (and its sub-issues, as Linear does); `trash` also moves it to the trash. */
  archiveIssue(idOrIdentifier: string, trash = false): IssueRecord {
    const issue = this.requireIssue(idOrIdentifier);
    const now = this.now();
    for (const item of [issue, ...this.#descendants(issue.id)]) {
      item.archivedAt ??= now;
      if (trash) item.trashed = true;
      item.updatedAt = now;
    }
    this.lastSyncId += 1;
    return issue;
  }

  /** Restores an archived or trashed issue. */
  unarchiveIssue(idOrIdentifier: string): IssueRecord {
    const issue = this.requireIssue(idOrIdentifier);
    issue.archivedAt = null;
    issue.trashed = null;
    issue.updatedAt = this.now();
    this.lastSyncId += 1;
    return issue;
  }

  /**
   * `issueDelete`: Linear moves the issue to the trash (archived and `trashed: true`), where it
   * stays readable by id; lists no longer show it.
   */
  deleteIssue(idOrIdentifier: string): IssueRecord {
    return this.archiveIssue(idOrIdentifier, true);
  }

  /** Creates a project as `projectCreate` does. */
  createProject(input: Input, creatorId: string | null): ProjectRecord {
    const name = input.name;
    if (typeof name !== 'string' || name.trim() === '') {
      throw invalidInput('name should not be empty', 'The project needs a name.');
    }
    const teamIds = this.#teamIds(input.teamIds);
    if (teamIds.length === 0)
      throw invalidInput('teamIds should not be empty', 'A project needs at least one team.');
    const statusId =
      this.#projectStatus(input.statusId) ??
      [...this.projectStatuses.values()].find((status) => status.type === 'backlog')?.id ??
      this.addProjectStatus({ name: 'Backlog', type: 'backlog', color: '#bec2c8' }).id;
    const now = this.now();
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
      sortOrder: this.projects.size,
      createdAt: now,
      updatedAt: now,
      startedAt: null,
      completedAt: null,
      canceledAt: null,
      archivedAt: null,
      trashed: null,
    };
    this.#applyProjectInput(project, { ...input, statusId }, now);
    this.projects.set(project.id, project);
    this.lastSyncId += 1;
    return project;
  }

  /** Updates a project: only the fields given change. */
  updateProject(id: string, input: Input): ProjectRecord {
    const project = this.requireProject(id);
    if (input.name !== undefined && (typeof input.name !== 'string' || input.name.trim() === '')) {
      throw invalidInput('name should not be empty', 'The project needs a name.');
    }
    if (input.teamIds !== undefined) {
      const teamIds = this.#teamIds(input.teamIds);
      if (teamIds.length === 0)
        throw invalidInput('teamIds should not be empty', 'A project needs at least one team.');
      project.teamIds = teamIds;
    }
    if (typeof input.name === 'string') project.name = input.name;
    const now = this.now();
    this.#applyProjectInput(project, input, now);
    project.updatedAt = now;
    this.lastSyncId += 1;
    return project;
  }

  /** `projectDelete`: the project goes to the trash and out of every list. */
  deleteProject(id: string): ProjectRecord {
    const project = this.requireProject(id);
    const now = this.now();
    project.archivedAt ??= now;
    project.trashed = true;
    project.updatedAt = now;
    this.lastSyncId += 1;
    return project;
  }

  #descendants(issueId: string): IssueRecord[] {
    const children = [...this.issues.values()].filter((issue) => issue.parentId === issueId);
    return children.flatMap((child) => [child, ...this.#descendants(child.id)]);
  }

  #reference<T>(value: unknown, field: string, map: Map<string, T>, entity: string): T | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' || !UUID.test(value)) {
      throw invalidInput(`${field} must be a UUID`, `Argument Validation Error: ${field} must be a UUID.`);
    }
    const found = map.get(value.toLowerCase());
    if (!found) throw entityNotFound(entity);
    return found;
  }

  #stateFor(team: TeamRecord, stateId: unknown): string | undefined {
    const state = this.#reference(stateId, 'stateId', this.states, 'WorkflowState');
    if (!state) return undefined;
    if (state.teamId !== team.id) {
      throw invalidInput(
        'The workflow state does not belong to the issue team',
        'The status is not part of the team’s workflow.',
      );
    }
    return state.id;
  }

  #projectStatus(value: unknown): string | undefined {
    return this.#reference(value, 'statusId', this.projectStatuses, 'ProjectStatus')?.id;
  }

  #teamIds(value: unknown): string[] {
    if (!Array.isArray(value)) return [];
    return value.map((id) => this.#reference(id, 'teamIds', this.teams, 'Team')!.id);
  }

  #applyIssueInput(issue: IssueRecord, input: Input, now: string): void {
    const team = this.teams.get(issue.teamId)!;
    if (input.priority !== undefined) {
      const priority = input.priority ?? 0;
      if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 0 || priority > 4) {
        throw invalidInput('priority must not be greater than 4', 'Priority must be between 0 and 4.');
      }
      issue.priority = priority;
    }
    if (input.estimate !== undefined) issue.estimate = (input.estimate as number | null) ?? null;
    if (input.dueDate !== undefined) {
      if (input.dueDate !== null && !isCalendarDate(input.dueDate)) {
        throw invalidInput('dueDate must be a valid date (YYYY-MM-DD)', 'The due date is not a valid date.');
      }
      issue.dueDate = input.dueDate;
    }
    if (input.stateId !== undefined && input.stateId !== issue.stateId) {
      const stateId = this.#stateFor(team, input.stateId);
      if (!stateId) throw invalidInput('stateId cannot be null', 'An issue needs a status.');
      issue.stateId = stateId;
    }
    this.#stampStateTimes(issue, now);
    if (input.assigneeId !== undefined) {
      issue.assigneeId = this.#reference(input.assigneeId, 'assigneeId', this.users, 'User')?.id ?? null;
    }
    if (input.cycleId !== undefined) {
      const cycle = this.#reference(input.cycleId, 'cycleId', this.cycles, 'Cycle');
      if (cycle && cycle.teamId !== issue.teamId) {
        throw invalidInput(
          'The cycle does not belong to the issue team',
          'The cycle belongs to another team.',
        );
      }
      issue.cycleId = cycle?.id ?? null;
    }
    if (input.projectId !== undefined) {
      issue.projectId = this.#reference(input.projectId, 'projectId', this.projects, 'Project')?.id ?? null;
    }
    if (input.parentId !== undefined) {
      const parent =
        input.parentId === null
          ? undefined
          : this.#reference(input.parentId, 'parentId', this.issues, 'Issue');
      if (parent && (parent.id === issue.id || this.#descendants(issue.id).some((d) => d.id === parent.id))) {
        throw invalidInput(
          'An issue cannot be its own ancestor',
          'An issue cannot be a sub-issue of itself.',
        );
      }
      issue.parentId = parent?.id ?? null;
    }
    const labelIds = (ids: unknown) =>
      Array.isArray(ids)
        ? ids.map((id) => this.#reference(id, 'labelIds', this.labels, 'IssueLabel')!.id)
        : [];
    if (input.labelIds !== undefined) issue.labelIds = [...new Set(labelIds(input.labelIds))];
    if (input.addedLabelIds !== undefined)
      issue.labelIds = [...new Set([...issue.labelIds, ...labelIds(input.addedLabelIds)])];
    if (input.removedLabelIds !== undefined) {
      const removed = new Set(labelIds(input.removedLabelIds));
      issue.labelIds = issue.labelIds.filter((id) => !removed.has(id));
    }
    if (input.subscriberIds !== undefined) {
      issue.subscriberIds = Array.isArray(input.subscriberIds)
        ? input.subscriberIds.map((id) => this.#reference(id, 'subscriberIds', this.users, 'User')!.id)
        : [];
    }
    if (typeof input.sortOrder === 'number') issue.sortOrder = input.sortOrder;
    if (typeof input.subIssueSortOrder === 'number') issue.subIssueSortOrder = input.subIssueSortOrder;
  }

  #stampStateTimes(issue: IssueRecord, now: string): void {
    const type = this.states.get(issue.stateId)?.type;
    if (type === 'started' || type === 'completed') issue.startedAt ??= now;
    issue.completedAt = type === 'completed' ? (issue.completedAt ?? now) : null;
    issue.canceledAt = type === 'canceled' ? (issue.canceledAt ?? now) : null;
  }

  #applyProjectInput(project: ProjectRecord, input: Input, now: string): void {
    for (const key of ['description', 'content', 'color', 'icon'] as const) {
      if (input[key] !== undefined)
        (project as unknown as Input)[key] = input[key] ?? (key === 'description' ? '' : null);
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
      project.leadId = this.#reference(input.leadId, 'leadId', this.users, 'User')?.id ?? null;
    }
    if (input.memberIds !== undefined) {
      project.memberIds = Array.isArray(input.memberIds)
        ? input.memberIds.map((id) => this.#reference(id, 'memberIds', this.users, 'User')!.id)
        : [];
    }
    if (input.statusId !== undefined && input.statusId !== project.statusId) {
      const statusId = this.#projectStatus(input.statusId);
      if (!statusId) throw invalidInput('statusId cannot be null', 'A project needs a status.');
      project.statusId = statusId;
    }
    const type = this.projectStatuses.get(project.statusId)?.type;
    if (type === 'started' || type === 'completed') project.startedAt ??= now;
    project.completedAt = type === 'completed' ? (project.completedAt ?? now) : null;
    project.canceledAt = type === 'canceled' ? (project.canceledAt ?? now) : null;
  }
}

/** Linear's issue URL and branch name for an issue, derived like the real ones. */
export function issueLinks(
  workspace: LinearWorkspace,
  issue: IssueRecord,
): { url: string; branchName: string } {
  const titleSlug = slug(issue.title);
  const assignee = issue.assigneeId ? workspace.users.get(issue.assigneeId) : undefined;
  const prefix = assignee ? `${assignee.displayName}/` : '';
  return {
    url: `https://linear.app/${workspace.organization.urlKey}/issue/${issue.identifier}/${titleSlug}`,
    branchName: `${prefix}${issue.identifier.toLowerCase()}-${titleSlug}`.slice(0, 100),
  };
}

/** Linear's project URL. */
export function projectUrl(workspace: LinearWorkspace, project: ProjectRecord): string {
  return `https://linear.app/${workspace.organization.urlKey}/project/${slug(project.name)}-${project.slugId}`;
}
