import { connection, paginate, type View } from './linear-connections.js';
import { entityNotFound } from './linear-errors.js';
import type { CycleRecord, TeamRecord, WorkflowStateRecord } from './linear-records.js';
import { seedUuid } from './linear-seed.js';
import {
  issuesOf,
  lookupRecord,
  maybe,
  pick,
  progressOf,
  type Resolving,
  type Root,
} from './linear-views.js';
import type { LinearWorkspaceState } from './linear-workspace-state.js';

/** A team: its workflow states in board order, members, issues, cycles, labels and projects. */
export function teamView(r: Resolving): (team: TeamRecord) => View {
  const ws = r.workspace;
  return (team) => ({
    __typename: 'Team',
    id: team.id,
    key: team.key,
    name: team.name,
    displayName: team.name,
    description: team.description,
    color: team.color,
    icon: team.icon,
    private: team.private,
    visibility: team.private ? 'private' : 'public',
    timezone: team.timezone,
    cyclesEnabled: team.cyclesEnabled,
    createdAt: team.createdAt,
    updatedAt: team.updatedAt,
    archivedAt: team.archivedAt,
    issueCount: (args: { includeArchived?: boolean } = {}) =>
      issuesOf(
        ws,
        (issue) => issue.teamId === team.id && (!!args.includeArchived || issue.archivedAt === null),
      ).length,
    organization: r.views.organization,
    defaultIssueState: () => maybe(ws.states.get(team.defaultIssueStateId ?? ''), r.views.state),
    activeCycle: () =>
      maybe(
        [...ws.cycles.values()].find((cycle) => cycle.teamId === team.id && cycleTiming(cycle).isActive),
        r.views.cycle,
      ),
    states: connection(() => ws.teamStates(team.id), r.views.state),
    members: connection(() => pick(ws.users, team.memberIds), r.views.user),
    // Linear keeps a TeamMembership per member: the two lists always agree.
    memberships: connection(() => membershipsOf(ws, (m) => m.teamId === team.id), membershipView(r)),
    viewerMembership: () =>
      maybe(membershipsOf(ws, (m) => m.teamId === team.id && m.userId === r.viewerId)[0], membershipView(r)),
    issues: connection(() => issuesOf(ws, (issue) => issue.teamId === team.id), r.views.issue),
    cycles: connection(
      () => [...ws.cycles.values()].filter((cycle) => cycle.teamId === team.id),
      r.views.cycle,
    ),
    // A team's issues may carry its own labels and the workspace's.
    labels: connection(
      () => [...ws.labels.values()].filter((label) => label.teamId === team.id || label.teamId === undefined),
      r.views.label,
    ),
    projects: connection(
      () => [...ws.projects.values()].filter((project) => project.teamIds.includes(team.id)),
      r.views.project,
    ),
  });
}

/** One workflow state of a team. */
export function workflowStateView(r: Resolving): (state: WorkflowStateRecord) => View {
  const ws = r.workspace;
  return (state) => ({
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
    team: () => r.views.team(ws.teams.get(state.teamId)!),
    issues: connection(() => issuesOf(ws, (issue) => issue.stateId === state.id), r.views.issue),
  });
}

/** A cycle, with its timing flags computed from now. */
export function cycleView(r: Resolving): (cycle: CycleRecord) => View {
  const ws = r.workspace;
  return (cycle) => ({
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
    progress: () =>
      progressOf(
        ws,
        issuesOf(ws, (issue) => issue.cycleId === cycle.id),
      ),
    team: () => r.views.team(ws.teams.get(cycle.teamId)!),
    issues: connection(() => issuesOf(ws, (issue) => issue.cycleId === cycle.id), r.views.issue),
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

/** A user's membership of a team, as Linear's `TeamMembership` shows it. */
export interface MembershipRecord {
  id: string;
  teamId: string;
  userId: string;
  /** The first member of a team owns it. */
  owner: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
  archivedAt: null;
}

/**
 * The workspace's team memberships, one per (team, member) pair, derived from each team's members
 * so that `memberships`, `teamMemberships` and `members` never disagree; the id is stable.
 */
export function membershipsOf(
  ws: LinearWorkspaceState,
  predicate: (membership: MembershipRecord) => boolean = () => true,
): MembershipRecord[] {
  return [...ws.teams.values()]
    .flatMap((team) =>
      team.memberIds.map((userId, index) => ({
        id: seedUuid(`membership:${team.id}:${userId}`),
        teamId: team.id,
        userId,
        owner: index === 0,
        sortOrder: index,
        createdAt: team.createdAt,
        updatedAt: team.updatedAt,
        archivedAt: null,
      })),
    )
    .filter(predicate);
}

/** One team membership: its team and user. */
export function membershipView(r: Resolving): (membership: MembershipRecord) => View {
  const ws = r.workspace;
  return (membership) => ({
    __typename: 'TeamMembership',
    ...membership,
    team: () => r.views.team(ws.teams.get(membership.teamId)!),
    user: () => r.views.user(ws.users.get(membership.userId)!),
  });
}

/** `team(id)` (an id or a key), `teams`, `workflowState(id)`, `workflowStates`, `cycle(id)`, `cycles`. */
export function teamQueries(r: Resolving): Root {
  const ws = r.workspace;
  return {
    team: ({ id }) => r.views.team(ws.requireTeam(id)),
    teams: (args) => paginate([...ws.teams.values()], args, r.views.team),
    workflowState: ({ id }) => r.views.state(lookupRecord(ws.states, id, 'WorkflowState')),
    workflowStates: (args) => paginate([...ws.states.values()], args, r.views.state),
    cycle: ({ id }) => r.views.cycle(lookupRecord(ws.cycles, id, 'Cycle')),
    cycles: (args) => paginate([...ws.cycles.values()], args, r.views.cycle),
    teamMemberships: (args) => paginate(membershipsOf(ws), args, membershipView(r)),
    teamMembership: ({ id }) => {
      const found = membershipsOf(ws, (m) => m.id === String(id).toLowerCase())[0];
      if (!found) throw entityNotFound('TeamMembership');
      return membershipView(r)(found);
    },
  };
}
