import { randomBytes, randomUUID } from 'node:crypto';
import { entityNotFound, invalidInput } from './linear-errors.js';
import type {
  AttachmentRecord,
  CommentRecord,
  CycleRecord,
  DocumentRecord,
  InitiativeRecord,
  InitiativeToProjectRecord,
  IssueRecord,
  IssueRelationRecord,
  LabelRecord,
  OrganizationRecord,
  ProjectMilestoneRecord,
  ProjectRecord,
  ProjectStatusRecord,
  ProjectStatusType,
  ProjectUpdateRecord,
  ReactionRecord,
  TeamRecord,
  UserRecord,
  WebhookRecord,
  WorkflowStateRecord,
  WorkflowStateType,
} from './linear-records.js';

/** The record maps of a `LinearWorkspace`, by the name they have in a snapshot. */
const RECORD_MAPS = [
  'users',
  'teams',
  'states',
  'cycles',
  'labels',
  'issues',
  'projectStatuses',
  'projects',
  'comments',
  'reactions',
  'webhooks',
  'attachments',
  'issueRelations',
  'documents',
  'projectUpdates',
  'projectMilestones',
  'initiatives',
  'initiativeToProjects',
] as const;

/** Maps added after snapshots were first written: a snapshot without one starts it empty. */
const LATER_MAPS = new Set<string>([
  'reactions',
  'attachments',
  'issueRelations',
  'documents',
  'projectUpdates',
  'projectMilestones',
  'initiatives',
  'initiativeToProjects',
]);

/** A JSON snapshot of a `LinearWorkspace` (see `LinearWorkspace.export`). */
export interface LinearWorkspaceSnapshot {
  organization: OrganizationRecord;
  /** Each map's records, in insertion order (the order lists follow). */
  records: Record<(typeof RECORD_MAPS)[number], { id: string }[]>;
  apiKeys: [string, string][];
  lastSyncId: number;
}

/** A mutation's `input` object, as graphql-js coerced it. */
export type WorkspaceInput = Record<string, unknown>;

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

/**
 * The records of an in-memory Linear workspace: users, teams with keys and workflow states,
 * cycles, labels, issues numbered per team (`ENG-1`, `ENG-2`, …) with sub-issues and comments,
 * projects with statuses, and the lookups the resolvers share. The resolvers take this, not
 * `LinearWorkspace` (which adds the mutations and imports the resolvers' rules), so that no
 * resolver and the workspace import each other.
 */
export class LinearWorkspaceState {
  readonly organization: OrganizationRecord;
  readonly users = new Map<string, UserRecord>();
  readonly teams = new Map<string, TeamRecord>();
  readonly states = new Map<string, WorkflowStateRecord>();
  readonly cycles = new Map<string, CycleRecord>();
  readonly labels = new Map<string, LabelRecord>();
  readonly issues = new Map<string, IssueRecord>();
  readonly projectStatuses = new Map<string, ProjectStatusRecord>();
  readonly projects = new Map<string, ProjectRecord>();
  readonly comments = new Map<string, CommentRecord>();
  /** Emoji reactions on issues and comments (`reactionCreate`). */
  readonly reactions = new Map<string, ReactionRecord>();
  /** Links from issues to external resources (`attachmentCreate`). */
  readonly attachments = new Map<string, AttachmentRecord>();
  /** Relations between issues (`issueRelationCreate`). */
  readonly issueRelations = new Map<string, IssueRelationRecord>();
  /** Documents of projects, teams and issues (`documentCreate`). */
  readonly documents = new Map<string, DocumentRecord>();
  /** Status posts on projects with their health (`projectUpdateCreate`). */
  readonly projectUpdates = new Map<string, ProjectUpdateRecord>();
  /** Milestones of projects (`projectMilestoneCreate`). */
  readonly projectMilestones = new Map<string, ProjectMilestoneRecord>();
  /** Initiatives, workspace-wide goals that group projects (`initiativeCreate`). */
  readonly initiatives = new Map<string, InitiativeRecord>();
  /** Projects in initiatives (`initiativeToProjectCreate`). */
  readonly initiativeToProjects = new Map<string, InitiativeToProjectRecord>();
  /** Webhooks (`webhookCreate`), by id. */
  readonly webhooks = new Map<string, WebhookRecord>();
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

  /** A JSON copy of every record, API key and the sync id. */
  export(): LinearWorkspaceSnapshot {
    const records = Object.fromEntries(
      RECORD_MAPS.map((name) => [name, [...(this[name] as Map<string, { id: string }>).values()]]),
    ) as LinearWorkspaceSnapshot['records'];
    return structuredClone({
      organization: this.organization,
      records,
      apiKeys: [...this.apiKeys],
      lastSyncId: this.lastSyncId,
    });
  }

  /** Fills this (new, empty) workspace from a snapshot `export` returned; throws when one is incomplete. */
  load(snapshot: LinearWorkspaceSnapshot): void {
    const { organization, records, apiKeys } = structuredClone(snapshot);
    if (
      !organization ||
      !records ||
      !RECORD_MAPS.every((name) => Array.isArray(records[name]) || LATER_MAPS.has(name)) ||
      !Array.isArray(apiKeys)
    ) {
      throw new Error('The Linear workspace state is incomplete');
    }
    Object.assign(this.organization, organization);
    for (const name of RECORD_MAPS) {
      const map = this[name] as Map<string, { id: string }>;
      map.clear();
      for (const record of records[name] ?? []) map.set(record.id, record);
    }
    this.apiKeys.clear();
    for (const [key, userId] of apiKeys) this.apiKeys.set(key, userId);
    this.lastSyncId = Number(snapshot.lastSyncId) || this.lastSyncId;
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
    /** When the user joined; now unless given (a seed gives its users one moment, so they list in order). */
    createdAt?: string;
  }): UserRecord {
    const now = input.createdAt ?? this.now();
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

  /** Adds a label (a workspace label when `teamId` is omitted), without `issueLabelCreate`'s checks. */
  addLabel(input: { id?: string; name: string; color: string; teamId?: string }): LabelRecord {
    const now = this.now();
    const label: LabelRecord = {
      id: input.id ?? randomUUID(),
      name: input.name,
      color: input.color,
      description: null,
      teamId: input.teamId,
      isGroup: false,
      parentId: null,
      creatorId: null,
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

  /**
   * The record an input field refers to: undefined for `null` or absent, Linear's input error for
   * a value that is not a UUID, "Entity not found" for an unknown id.
   */
  reference<T>(value: unknown, field: string, map: Map<string, T>, entity: string): T | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' || !UUID.test(value)) {
      throw invalidInput(`${field} must be a UUID`, `Argument Validation Error: ${field} must be a UUID.`);
    }
    const found = map.get(value.toLowerCase());
    if (!found) throw entityNotFound(entity);
    return found;
  }
}
