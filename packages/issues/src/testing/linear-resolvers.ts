import { randomUUID } from 'node:crypto';
import {
  type GraphQLAbstractType,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { type ConnectionArgs, connection, paginate, type View } from './linear-connections.js';
import { entityNotFound, forbidden, linearResolverError } from './linear-errors.js';
import {
  type CycleRecord,
  type IssueRecord,
  issueLinks,
  type LabelRecord,
  type LinearWorkspace,
  type ProjectRecord,
  type ProjectStatusRecord,
  projectUrl,
  type TeamRecord,
  type UserRecord,
  type WorkflowStateRecord,
} from './linear-workspace.js';

/** Who is asking: the token's user and, for OAuth tokens, the scopes granted. */
export interface RequestContext {
  workspace: LinearWorkspace;
  viewerId: string;
  /** Undefined for a personal API key, which carries the user's full access. */
  scopes: ReadonlySet<string> | undefined;
}

const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'];
const EPOCH = '1970-01-01T00:00:00.000Z';

/** Builds the views of one request: entities with scalars, relation thunks and connections. */
class Views {
  readonly #ws: LinearWorkspace;
  readonly #viewerId: string;

  constructor(ctx: RequestContext) {
    this.#ws = ctx.workspace;
    this.#viewerId = ctx.viewerId;
  }

  #maybe<T, V>(record: T | undefined | null, toView: (record: T) => V): V | null {
    return record === undefined || record === null ? null : toView(record);
  }

  organization = (): View => {
    const org = this.#ws.organization;
    return {
      __typename: 'Organization',
      id: org.id,
      name: org.name,
      urlKey: org.urlKey,
      createdAt: org.createdAt,
      updatedAt: org.createdAt,
      userCount: this.#ws.users.size,
      createdIssueCount: this.#ws.issues.size,
      teams: connection(() => [...this.#ws.teams.values()], this.team),
      users: connection(() => [...this.#ws.users.values()], this.user),
      labels: connection(() => [...this.#ws.labels.values()], this.label),
      projectStatuses: () => [...this.#ws.projectStatuses.values()].map(this.projectStatus),
    };
  };

  user = (user: UserRecord): View => ({
    __typename: 'User',
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    email: user.email,
    active: user.active,
    admin: user.admin,
    guest: false,
    app: false,
    owner: user.admin,
    isAssignable: true,
    isMentionable: true,
    isMe: user.id === this.#viewerId,
    initials: user.name
      .split(/\s+/)
      .map((part) => part[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase(),
    avatarBackgroundColor: '#5e6ad2',
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    url: `https://linear.app/${this.#ws.organization.urlKey}/profiles/${user.displayName}`,
    organization: this.organization,
    assignedIssues: connection(() => this.#issuesOf((issue) => issue.assigneeId === user.id), this.issue),
    createdIssues: connection(() => this.#issuesOf((issue) => issue.creatorId === user.id), this.issue),
    createdIssueCount: () => this.#issuesOf((issue) => issue.creatorId === user.id).length,
    teams: connection(
      () => [...this.#ws.teams.values()].filter((t) => t.memberIds.includes(user.id)),
      this.team,
    ),
  });

  team = (team: TeamRecord): View => ({
    __typename: 'Team',
    id: team.id,
    key: team.key,
    name: team.name,
    displayName: team.name,
    description: team.description,
    color: team.color,
    icon: team.icon,
    private: team.private,
    timezone: team.timezone,
    cyclesEnabled: team.cyclesEnabled,
    createdAt: team.createdAt,
    updatedAt: team.updatedAt,
    archivedAt: team.archivedAt,
    issueCount: (args: { includeArchived?: boolean } = {}) =>
      this.#issuesOf(
        (issue) => issue.teamId === team.id && (!!args.includeArchived || issue.archivedAt === null),
      ).length,
    organization: this.organization,
    defaultIssueState: () => this.#maybe(this.#ws.states.get(team.defaultIssueStateId ?? ''), this.state),
    activeCycle: () =>
      this.#maybe(
        [...this.#ws.cycles.values()].find(
          (cycle) => cycle.teamId === team.id && cycleTiming(cycle).isActive,
        ),
        this.cycle,
      ),
    states: connection(() => this.#ws.teamStates(team.id), this.state),
    members: connection(() => pick(this.#ws.users, team.memberIds), this.user),
    issues: connection(() => this.#issuesOf((issue) => issue.teamId === team.id), this.issue),
    cycles: connection(() => [...this.#ws.cycles.values()].filter((c) => c.teamId === team.id), this.cycle),
    labels: connection(
      () => [...this.#ws.labels.values()].filter((l) => l.teamId === team.id || l.teamId === undefined),
      this.label,
    ),
    projects: connection(
      () => this.#projectsOf((project) => project.teamIds.includes(team.id)),
      this.project,
    ),
  });

  state = (state: WorkflowStateRecord): View => ({
    __typename: 'WorkflowState',
    id: state.id,
    name: state.name,
    type: state.type,
    color: state.color,
    position: state.position,
    description: state.description,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    archivedAt: state.archivedAt,
    team: () => this.team(this.#ws.teams.get(state.teamId)!),
    issues: connection(() => this.#issuesOf((issue) => issue.stateId === state.id), this.issue),
  });

  cycle = (cycle: CycleRecord): View => ({
    __typename: 'Cycle',
    id: cycle.id,
    number: cycle.number,
    name: cycle.name,
    startsAt: cycle.startsAt,
    endsAt: cycle.endsAt,
    createdAt: cycle.createdAt,
    updatedAt: cycle.updatedAt,
    archivedAt: cycle.archivedAt,
    ...cycleTiming(cycle),
    progress: () => this.#progress(this.#issuesOf((issue) => issue.cycleId === cycle.id)),
    team: () => this.team(this.#ws.teams.get(cycle.teamId)!),
    issues: connection(() => this.#issuesOf((issue) => issue.cycleId === cycle.id), this.issue),
  });

  label = (label: LabelRecord): View => ({
    __typename: 'IssueLabel',
    id: label.id,
    name: label.name,
    color: label.color,
    isGroup: false,
    createdAt: label.createdAt,
    updatedAt: label.updatedAt,
    archivedAt: label.archivedAt,
    team: () => this.#maybe(this.#ws.teams.get(label.teamId ?? ''), this.team),
    issues: connection(() => this.#issuesOf((issue) => issue.labelIds.includes(label.id)), this.issue),
  });

  projectStatus = (status: ProjectStatusRecord): View => ({
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

  issue = (issue: IssueRecord): View => {
    const ws = this.#ws;
    return {
      __typename: 'Issue',
      id: issue.id,
      identifier: issue.identifier,
      number: issue.number,
      title: issue.title,
      description: issue.description,
      priority: issue.priority,
      priorityLabel: PRIORITY_LABELS[issue.priority] ?? 'No priority',
      prioritySortOrder: issue.priority === 0 ? 5 : issue.priority,
      estimate: issue.estimate,
      dueDate: issue.dueDate,
      labelIds: issue.labelIds,
      previousIdentifiers: issue.previousIdentifiers,
      sortOrder: issue.sortOrder,
      boardOrder: issue.sortOrder,
      subIssueSortOrder: issue.subIssueSortOrder,
      createdAt: issue.createdAt,
      updatedAt: issue.updatedAt,
      startedAt: issue.startedAt,
      completedAt: issue.completedAt,
      canceledAt: issue.canceledAt,
      archivedAt: issue.archivedAt,
      trashed: issue.trashed,
      customerTicketCount: 0,
      inheritsSharedAccess: false,
      searchableContent: () => `${issue.title}\n${issue.description ?? ''}`,
      url: () => issueLinks(ws, issue).url,
      branchName: () => issueLinks(ws, issue).branchName,
      team: () => this.team(ws.teams.get(issue.teamId)!),
      state: () => this.state(ws.states.get(issue.stateId)!),
      assignee: () => this.#maybe(ws.users.get(issue.assigneeId ?? ''), this.user),
      creator: () => this.#maybe(ws.users.get(issue.creatorId ?? ''), this.user),
      parent: () => this.#maybe(ws.issues.get(issue.parentId ?? ''), this.issue),
      project: () => this.#maybe(ws.projects.get(issue.projectId ?? ''), this.project),
      cycle: () => this.#maybe(ws.cycles.get(issue.cycleId ?? ''), this.cycle),
      children: connection(() => this.#issuesOf((child) => child.parentId === issue.id), this.issue),
      labels: connection(() => pick(ws.labels, issue.labelIds), this.label),
      subscribers: connection(() => pick(ws.users, issue.subscriberIds), this.user),
      sharedAccess: {
        isShared: false,
        sharedWithCount: 0,
        sharedWithUsers: [],
        viewerHasOnlySharedAccess: false,
        disallowedIssueFields: [],
      },
      reactions: [],
      reactionData: {},
    };
  };

  project = (project: ProjectRecord): View => {
    const ws = this.#ws;
    const status = ws.projectStatuses.get(project.statusId)!;
    const issues = () => this.#issuesOf((issue) => issue.projectId === project.id);
    return {
      __typename: 'Project',
      id: project.id,
      slugId: project.slugId,
      name: project.name,
      description: project.description,
      content: project.content,
      color: project.color,
      icon: project.icon,
      // `state` is deprecated in favour of `status`; Linear still answers it with the status type.
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
      progress: () => this.#progress(issues()),
      scope: () => issues().filter((issue) => issue.archivedAt === null).length,
      labelIds: [],
      frequencyResolution: 'weekly',
      status: () => this.projectStatus(status),
      lead: () => this.#maybe(ws.users.get(project.leadId ?? ''), this.user),
      teams: connection(() => pick(ws.teams, project.teamIds), this.team),
      members: connection(() => pick(ws.users, project.memberIds), this.user),
      issues: connection(issues, this.issue),
    };
  };

  #issuesOf(predicate: (issue: IssueRecord) => boolean): IssueRecord[] {
    return [...this.#ws.issues.values()].filter(predicate);
  }

  #projectsOf(predicate: (project: ProjectRecord) => boolean): ProjectRecord[] {
    return [...this.#ws.projects.values()].filter(predicate);
  }

  #progress(issues: IssueRecord[]): number {
    const live = issues.filter((issue) => issue.archivedAt === null);
    if (live.length === 0) return 0;
    const done = live.filter((issue) => this.#ws.states.get(issue.stateId)?.type === 'completed').length;
    return done / live.length;
  }
}

/** The records of a list of ids, skipping any that no longer exist. */
function pick<T>(map: Map<string, T>, ids: readonly string[]): T[] {
  return ids.flatMap((id) => {
    const record = map.get(id);
    return record ? [record] : [];
  });
}

function cycleTiming(cycle: CycleRecord): Record<string, boolean> {
  const now = Date.now();
  const starts = Date.parse(cycle.startsAt);
  const ends = Date.parse(cycle.endsAt);
  const isActive = starts <= now && now < ends;
  const isFuture = starts > now;
  const isPast = ends <= now;
  return { isActive, isFuture, isPast, isNext: isFuture, isPrevious: isPast };
}

type Args = Record<string, any>;
type Root = Record<string, (args: Args, ctx: RequestContext) => unknown>;

function requireScope(ctx: RequestContext, field: string): void {
  if (!ctx.scopes || ctx.scopes.has('write') || ctx.scopes.has('admin')) return;
  if (field === 'issueCreate' && ctx.scopes.has('issues:create')) return;
  throw forbidden(`Invalid scope: \`write\` required for ${field}`);
}

function lookup<T>(map: Map<string, T>, id: unknown, entity: string): T {
  const found = typeof id === 'string' ? map.get(id.toLowerCase()) : undefined;
  if (!found) throw entityNotFound(entity);
  return found;
}

/** The root fields of queries the simulator implements; every other query field gets defaults. */
export function queryRoot(ctx: RequestContext): Root {
  const ws = ctx.workspace;
  const v = new Views(ctx);
  const issues = () => [...ws.issues.values()].filter((issue) => !issue.trashed);
  const search = (text: string, teamId?: string) => {
    const wanted = text.toLowerCase();
    return issues().filter(
      (issue) =>
        (!teamId || issue.teamId === teamId) &&
        `${issue.identifier}\n${issue.title}\n${issue.description ?? ''}`.toLowerCase().includes(wanted),
    );
  };
  const searchResult = (issue: IssueRecord): View => ({
    ...v.issue(issue),
    __typename: 'IssueSearchResult',
    metadata: {},
  });
  return {
    viewer: () => v.user(ws.users.get(ctx.viewerId)!),
    organization: () => v.organization(),
    user: ({ id }) => v.user(lookup(ws.users, id, 'User')),
    users: (args) => paginate([...ws.users.values()], args, v.user),
    issue: ({ id }) => v.issue(ws.requireIssue(id)),
    issues: (args) => paginate(issues(), args, v.issue),
    issueSearch: (args) => paginate(search(args.query ?? ''), args, v.issue),
    searchIssues: (args) => {
      const found = search(args.term, args.teamId);
      return { ...paginate(found, args as ConnectionArgs, searchResult), totalCount: found.length };
    },
    team: ({ id }) => v.team(ws.requireTeam(id)),
    teams: (args) => paginate([...ws.teams.values()], args, v.team),
    workflowState: ({ id }) => v.state(lookup(ws.states, id, 'WorkflowState')),
    workflowStates: (args) => paginate([...ws.states.values()], args, v.state),
    cycle: ({ id }) => v.cycle(lookup(ws.cycles, id, 'Cycle')),
    cycles: (args) => paginate([...ws.cycles.values()], args, v.cycle),
    issueLabel: ({ id }) => v.label(lookup(ws.labels, id, 'IssueLabel')),
    issueLabels: (args) => paginate([...ws.labels.values()], args, v.label),
    project: ({ id }) => v.project(ws.requireProject(id)),
    projects: (args) =>
      paginate(
        [...ws.projects.values()].filter((project) => !project.trashed),
        args,
        v.project,
      ),
    projectStatus: ({ id }) => v.projectStatus(lookup(ws.projectStatuses, id, 'ProjectStatus')),
    projectStatuses: (args) => paginate([...ws.projectStatuses.values()], args, v.projectStatus),
  };
}

/** The mutations the simulator implements; any other mutation is refused, never faked. */
export function mutationRoot(ctx: RequestContext): Root {
  const ws = ctx.workspace;
  const v = new Views(ctx);
  const write =
    (field: string, apply: (args: Args) => Record<string, unknown>) =>
    (args: Args): unknown => {
      requireScope(ctx, field);
      return { success: true, ...apply(args), lastSyncId: ws.lastSyncId };
    };
  return {
    issueCreate: write('issueCreate', ({ input }) => ({
      issue: v.issue(ws.createIssue(input, ctx.viewerId)),
    })),
    issueUpdate: write('issueUpdate', ({ id, input }) => ({ issue: v.issue(ws.updateIssue(id, input)) })),
    issueArchive: write('issueArchive', ({ id, trash }) => ({
      entity: v.issue(ws.archiveIssue(id, !!trash)),
    })),
    issueUnarchive: write('issueUnarchive', ({ id }) => ({ entity: v.issue(ws.unarchiveIssue(id)) })),
    issueDelete: write('issueDelete', ({ id, permanentlyDelete }) => {
      if (!permanentlyDelete) return { entity: v.issue(ws.deleteIssue(id)) };
      if (!ws.users.get(ctx.viewerId)?.admin) throw forbidden('Only admins can permanently delete issues');
      const issue = ws.requireIssue(id);
      ws.issues.delete(issue.id);
      ws.lastSyncId += 1;
      return { entity: null };
    }),
    projectCreate: write('projectCreate', ({ input }) => ({
      project: v.project(ws.createProject(input, ctx.viewerId)),
    })),
    projectUpdate: write('projectUpdate', ({ id, input }) => ({
      project: v.project(ws.updateProject(id, input)),
    })),
    projectDelete: write('projectDelete', ({ id }) => ({ entity: v.project(ws.deleteProject(id)) })),
  };
}

/**
 * The field resolver of every request: a view's own value or function when it has one, and
 * otherwise the type's default (null where nullable, `[]`, `0`, `""`, `false`, an empty
 * connection, or an empty object whose fields default in turn), so any valid document runs.
 * A mutation the simulator does not implement is an error rather than a fake success.
 */
export const fieldResolver: GraphQLFieldResolver<unknown, RequestContext> = (source, args, ctx, info) => {
  const value =
    source !== null && typeof source === 'object' && Object.hasOwn(source, info.fieldName)
      ? (source as Record<string, unknown>)[info.fieldName]
      : undefined;
  if (typeof value === 'function') return value(args, ctx, info);
  if (value !== undefined) return value;
  if (info.parentType === info.schema.getMutationType()) {
    throw linearResolverError(`The Linear simulator does not implement the mutation ${info.fieldName}`, {
      type: 'other',
      code: 'SIMULATOR_NOT_IMPLEMENTED',
      statusCode: 501,
    });
  }
  return defaultValue(info.returnType, info.schema, source);
};

function defaultValue(type: GraphQLOutputType, schema: GraphQLSchema, source: unknown): unknown {
  if (!isNonNullType(type)) return null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'String':
        return '';
      case 'Int':
      case 'Float':
        return 0;
      case 'Boolean':
        return false;
      case 'ID':
      case 'UUID':
        return randomUUID();
      case 'DateTime':
        return (source as { createdAt?: string } | null)?.createdAt ?? EPOCH;
      case 'TimelessDate':
        return EPOCH.slice(0, 10);
      default:
        return {};
    }
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isObjectType(inner))
    return inner.name.endsWith('Connection') ? paginate([], {}, () => ({ id: '' })) : {};
  return { __typename: schema.getPossibleTypes(inner)[0]?.name };
}

/** Resolves abstract types from the `__typename` the views carry. */
export const typeResolver: GraphQLTypeResolver<unknown, RequestContext> = (
  value,
  _ctx,
  info,
  abstractType,
) => {
  const name = (value as { __typename?: string } | null)?.__typename;
  return name ?? info.schema.getPossibleTypes(abstractType as GraphQLAbstractType)[0]?.name;
};
