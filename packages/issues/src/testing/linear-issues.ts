import { randomUUID } from 'node:crypto';
import { isCalendarDate } from '../issues-input-types.js';
import { type ConnectionArgs, connection, paginate, type View } from './linear-connections.js';
import { forbidden, invalidInput } from './linear-errors.js';
import { reactionData, reactionsOn, reactionView } from './linear-reactions.js';
import type { IssueRecord, TeamRecord } from './linear-records.js';
import {
  issuesOf,
  maybe,
  mutation,
  PRIORITY_LABELS,
  pick,
  type Resolving,
  type Root,
  slug,
} from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Issues: the rules of Linear's issue mutations over the workspace, the issue's GraphQL view, and
// the issue queries and mutations.

/** What `issueCreate` does: numbers the issue in its team and applies the input. */
export function createIssueRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  creatorId: string | null,
): IssueRecord {
  const team = ws.reference(input.teamId, 'teamId', ws.teams, 'Team');
  if (!team) throw invalidInput('teamId must be a UUID', 'A team is required to create an issue.');
  const title = input.title;
  if (typeof title !== 'string' || title.trim() === '') {
    throw invalidInput('title should not be empty', 'The issue needs a title.');
  }
  if (typeof input.id === 'string' && ws.issues.has(input.id.toLowerCase())) {
    throw invalidInput('An issue with this id already exists', 'An issue with this id already exists.');
  }
  const now = ws.now();
  const stateId = stateOfTeam(ws, team, input.stateId) ?? team.defaultIssueStateId;
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
  applyIssueInput(ws, issue, { ...input, stateId }, now);
  ws.issues.set(issue.id, issue);
  ws.lastSyncId += 1;
  return issue;
}

/** What `issueUpdate` does: only the fields given change, `null` clears, a team move renumbers. */
export function updateIssueRecord(
  ws: LinearWorkspaceState,
  idOrIdentifier: string,
  input: WorkspaceInput,
): IssueRecord {
  const issue = ws.requireIssue(idOrIdentifier);
  const now = ws.now();
  if (input.title !== undefined && (typeof input.title !== 'string' || input.title.trim() === '')) {
    throw invalidInput('title should not be empty', 'The issue needs a title.');
  }
  if (input.teamId !== undefined && input.teamId !== issue.teamId) {
    const team = ws.reference(input.teamId, 'teamId', ws.teams, 'Team');
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
  applyIssueInput(ws, issue, input, now);
  issue.updatedAt = now;
  ws.lastSyncId += 1;
  return issue;
}

/** What `issueArchive` does: archives the issue and its sub-issues; `trash` also trashes them. */
export function archiveIssueRecord(
  ws: LinearWorkspaceState,
  idOrIdentifier: string,
  trash: boolean,
): IssueRecord {
  const issue = ws.requireIssue(idOrIdentifier);
  const now = ws.now();
  for (const item of [issue, ...descendants(ws, issue.id)]) {
    item.archivedAt ??= now;
    if (trash) item.trashed = true;
    item.updatedAt = now;
  }
  ws.lastSyncId += 1;
  return issue;
}

/** What `issueUnarchive` does: restores an archived or trashed issue. */
export function unarchiveIssueRecord(ws: LinearWorkspaceState, idOrIdentifier: string): IssueRecord {
  const issue = ws.requireIssue(idOrIdentifier);
  issue.archivedAt = null;
  issue.trashed = null;
  issue.updatedAt = ws.now();
  ws.lastSyncId += 1;
  return issue;
}

function descendants(ws: LinearWorkspaceState, issueId: string): IssueRecord[] {
  const children = issuesOf(ws, (issue) => issue.parentId === issueId);
  return children.flatMap((child) => [child, ...descendants(ws, child.id)]);
}

/** The workflow state `stateId` names, which must be one of the team's. */
function stateOfTeam(ws: LinearWorkspaceState, team: TeamRecord, stateId: unknown): string | undefined {
  const state = ws.reference(stateId, 'stateId', ws.states, 'WorkflowState');
  if (!state) return undefined;
  if (state.teamId !== team.id) {
    throw invalidInput(
      'The workflow state does not belong to the issue team',
      'The status is not part of the team’s workflow.',
    );
  }
  return state.id;
}

function applyIssueInput(
  ws: LinearWorkspaceState,
  issue: IssueRecord,
  input: WorkspaceInput,
  now: string,
): void {
  const team = ws.teams.get(issue.teamId)!;
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
    const stateId = stateOfTeam(ws, team, input.stateId);
    if (!stateId) throw invalidInput('stateId cannot be null', 'An issue needs a status.');
    issue.stateId = stateId;
  }
  stampStateTimes(ws, issue, now);
  if (input.assigneeId !== undefined) {
    issue.assigneeId = ws.reference(input.assigneeId, 'assigneeId', ws.users, 'User')?.id ?? null;
  }
  if (input.cycleId !== undefined) {
    const cycle = ws.reference(input.cycleId, 'cycleId', ws.cycles, 'Cycle');
    if (cycle && cycle.teamId !== issue.teamId) {
      throw invalidInput('The cycle does not belong to the issue team', 'The cycle belongs to another team.');
    }
    issue.cycleId = cycle?.id ?? null;
  }
  if (input.projectId !== undefined) {
    issue.projectId = ws.reference(input.projectId, 'projectId', ws.projects, 'Project')?.id ?? null;
  }
  if (input.parentId !== undefined) {
    const parent =
      input.parentId === null ? undefined : ws.reference(input.parentId, 'parentId', ws.issues, 'Issue');
    if (parent && (parent.id === issue.id || descendants(ws, issue.id).some((d) => d.id === parent.id))) {
      throw invalidInput('An issue cannot be its own ancestor', 'An issue cannot be a sub-issue of itself.');
    }
    issue.parentId = parent?.id ?? null;
  }
  const labelIds = (ids: unknown) =>
    Array.isArray(ids)
      ? ids.map((id) => {
          const label = ws.reference(id, 'labelIds', ws.labels, 'IssueLabel')!;
          // A group only holds labels; Linear applies the labels inside it, never the group.
          if (label.isGroup) {
            throw invalidInput(
              'A label group cannot be applied to an issue',
              'Pick a label inside the group.',
            );
          }
          return label.id;
        })
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
      ? input.subscriberIds.map((id) => ws.reference(id, 'subscriberIds', ws.users, 'User')!.id)
      : [];
  }
  if (typeof input.sortOrder === 'number') issue.sortOrder = input.sortOrder;
  if (typeof input.subIssueSortOrder === 'number') issue.subIssueSortOrder = input.subIssueSortOrder;
}

function stampStateTimes(ws: LinearWorkspaceState, issue: IssueRecord, now: string): void {
  const type = ws.states.get(issue.stateId)?.type;
  if (type === 'started' || type === 'completed') issue.startedAt ??= now;
  issue.completedAt = type === 'completed' ? (issue.completedAt ?? now) : null;
  issue.canceledAt = type === 'canceled' ? (issue.canceledAt ?? now) : null;
}

/** Linear's issue URL and branch name for an issue, derived like the real ones. */
export function issueLinks(
  ws: LinearWorkspaceState,
  issue: IssueRecord,
): { url: string; branchName: string } {
  const titleSlug = slug(issue.title);
  const assignee = issue.assigneeId ? ws.users.get(issue.assigneeId) : undefined;
  const prefix = assignee ? `${assignee.displayName}/` : '';
  return {
    url: `https://linear.app/${ws.organization.urlKey}/issue/${issue.identifier}/${titleSlug}`,
    branchName: `${prefix}${issue.identifier.toLowerCase()}-${titleSlug}`.slice(0, 100),
  };
}

/** An issue with its relations: team, state, people, parent and children, project, cycle, labels, comments. */
export function issueView(r: Resolving): (issue: IssueRecord) => View {
  const ws = r.workspace;
  return (issue) => ({
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
    team: () => r.views.team(ws.teams.get(issue.teamId)!),
    state: () => r.views.state(ws.states.get(issue.stateId)!),
    assignee: () => maybe(ws.users.get(issue.assigneeId ?? ''), r.views.user),
    creator: () => maybe(ws.users.get(issue.creatorId ?? ''), r.views.user),
    parent: () => maybe(ws.issues.get(issue.parentId ?? ''), r.views.issue),
    project: () => maybe(ws.projects.get(issue.projectId ?? ''), r.views.project),
    cycle: () => maybe(ws.cycles.get(issue.cycleId ?? ''), r.views.cycle),
    children: connection(() => issuesOf(ws, (child) => child.parentId === issue.id), r.views.issue),
    labels: connection(() => pick(ws.labels, issue.labelIds), r.views.label),
    subscribers: connection(() => pick(ws.users, issue.subscriberIds), r.views.user),
    comments: connection(
      () => [...ws.comments.values()].filter((comment) => comment.issueId === issue.id),
      r.views.comment,
    ),
    sharedAccess: {
      isShared: false,
      sharedWithCount: 0,
      sharedWithUsers: [],
      viewerHasOnlySharedAccess: false,
      disallowedIssueFields: [],
    },
    reactions: () => reactionsOn(ws, { issueId: issue.id }).map(reactionView(r)),
    reactionData: () => reactionData(reactionsOn(ws, { issueId: issue.id })),
  });
}

/** `issue(id)` (a UUID or an identifier), `issues`, `issueSearch` and `searchIssues`; trashed issues are left out of lists. */
export function issueQueries(r: Resolving): Root {
  const ws = r.workspace;
  const live = () => issuesOf(ws, (issue) => !issue.trashed);
  const search = (text: string, teamId?: string) => {
    const wanted = text.toLowerCase();
    return live().filter(
      (issue) =>
        (!teamId || issue.teamId === teamId) &&
        `${issue.identifier}\n${issue.title}\n${issue.description ?? ''}`.toLowerCase().includes(wanted),
    );
  };
  const searchResult = (issue: IssueRecord): View => ({
    ...r.views.issue(issue),
    __typename: 'IssueSearchResult',
    metadata: {},
  });
  return {
    issue: ({ id }) => r.views.issue(ws.requireIssue(id)),
    issues: (args) => paginate(live(), args, r.views.issue),
    issueSearch: (args) => paginate(search(args.query ?? ''), args, r.views.issue),
    searchIssues: (args) => {
      const found = search(args.term, args.teamId);
      return { ...paginate(found, args as ConnectionArgs, searchResult), totalCount: found.length };
    },
  };
}

/** `issueCreate`, `issueUpdate`, `issueArchive`, `issueUnarchive` and `issueDelete` (trash, or permanent for admins). */
export function issueMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    issueCreate: mutation(r, 'issueCreate', ({ input }) => ({
      issue: r.views.issue(createIssueRecord(ws, input, r.viewerId)),
    })),
    issueUpdate: mutation(r, 'issueUpdate', ({ id, input }) => ({
      issue: r.views.issue(updateIssueRecord(ws, id, input)),
    })),
    issueArchive: mutation(r, 'issueArchive', ({ id, trash }) => ({
      entity: r.views.issue(archiveIssueRecord(ws, id, !!trash)),
    })),
    issueUnarchive: mutation(r, 'issueUnarchive', ({ id }) => ({
      entity: r.views.issue(unarchiveIssueRecord(ws, id)),
    })),
    issueDelete: mutation(r, 'issueDelete', ({ id, permanentlyDelete }) => {
      if (!permanentlyDelete) return { entity: r.views.issue(archiveIssueRecord(ws, id, true)) };
      if (!ws.users.get(r.viewerId)?.admin) throw forbidden('Only admins can permanently delete issues');
      const issue = ws.requireIssue(id);
      ws.issues.delete(issue.id);
      for (const comment of [...ws.comments.values()]) {
        if (comment.issueId === issue.id) ws.comments.delete(comment.id);
      }
      ws.lastSyncId += 1;
      return { entity: null };
    }),
  };
}
