/** A workflow state as issue results carry it. */
export interface LinearWorkflowState {
  id: string;
  name: string;
  /** `triage`, `backlog`, `unstarted`, `started`, `completed` or `canceled`. */
  type: string;
  color: string;
  position?: number;
}

/** A team reference. */
export interface LinearTeamRef {
  id: string;
  key: string;
  name: string;
}

/** A user reference. */
export interface LinearUserRef {
  id: string;
  name: string;
  email: string;
}

/** An issue, with the fields of the `IssueFields` fragment. */
export interface LinearIssue {
  id: string;
  identifier: string;
  number: number;
  title: string;
  description: string | null;
  /** 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
  priority: number;
  priorityLabel: string;
  estimate: number | null;
  dueDate: string | null;
  url: string;
  labelIds: string[];
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  archivedAt: string | null;
  trashed: boolean | null;
  state: LinearWorkflowState;
  team: LinearTeamRef;
  cycle: { id: string; number: number; name: string | null } | null;
  parent: { id: string; identifier: string; title: string } | null;
  project: { id: string; name: string } | null;
  assignee: LinearUserRef | null;
}

/** A project, with the fields of the `ProjectFields` fragment. */
export interface LinearProject {
  id: string;
  name: string;
  description: string;
  color: string;
  icon: string | null;
  priority: number;
  startDate: string | null;
  targetDate: string | null;
  url: string;
  progress: number;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  archivedAt: string | null;
  trashed: boolean | null;
  /** The project's stage (Linear's `ProjectStatus`); `type` is `backlog`, `planned`, `started`, `paused`, `completed` or `canceled`. */
  status: { id: string; name: string; type: string };
  lead: LinearUserRef | null;
  teams: { nodes: LinearTeamRef[] };
}

/** A connection's page info, as the search results carry it. */
export interface LinearPageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** One page of issues. */
export interface LinearIssuePage {
  nodes: LinearIssue[];
  pageInfo: LinearPageInfo;
}

/** A team found by Search Teams; `members` and `states` only when asked. */
export interface LinearTeam extends LinearTeamRef {
  description: string | null;
  /** Who can see the team (Linear replaced the boolean `private` with it). */
  visibility: 'public' | 'private' | 'restricted';
  createdAt: string;
  updatedAt: string;
  members?: { nodes: (LinearUserRef & { displayName: string; active: boolean })[]; pageInfo: LinearPageInfo };
  states?: { nodes: LinearWorkflowState[]; pageInfo: LinearPageInfo };
}

/** The result of deleting or archiving: whether Linear did it, and the entity's id. */
export interface LinearDeleteResult {
  success: boolean;
  id: string;
}
