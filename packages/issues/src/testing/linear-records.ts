/**
 * The records of the simulator's in-memory Linear workspace: what it stores per entity, with the
 * fields the simulator models (everything else in Linear's schema resolves to its type's default).
 */

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

/** An issue label; `teamId` undefined for a workspace label, `parentId` set inside a label group. */
export interface LabelRecord {
  id: string;
  name: string;
  color: string;
  description: string | null;
  teamId: string | undefined;
  /** A group label holds other labels and is not applied to issues itself. */
  isGroup: boolean;
  parentId: string | null;
  creatorId: string | null;
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

/** A comment on an issue; `parentId` set for a reply in a thread. */
export interface CommentRecord {
  id: string;
  issueId: string;
  parentId: string | null;
  userId: string | null;
  body: string;
  quotedText: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set when the body changes after creation. */
  editedAt: string | null;
  resolvedAt: string | null;
  resolvingUserId: string | null;
  /** The reply that settled the thread, when one did (absent in snapshots written before). */
  resolvingCommentId?: string | null;
  archivedAt: string | null;
}

/** An emoji reaction on an issue or a comment (Linear allows one parent per reaction). */
export interface ReactionRecord {
  id: string;
  emoji: string;
  userId: string;
  issueId: string | null;
  commentId: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** A link from an issue to an external resource; Linear keeps one per URL and issue. */
export interface AttachmentRecord {
  id: string;
  issueId: string;
  url: string;
  title: string;
  subtitle: string | null;
  metadata: Record<string, unknown>;
  creatorId: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** Linear's relation types: `issue` blocks, duplicates, relates to or resembles `relatedIssue`. */
export type IssueRelationType = 'blocks' | 'duplicate' | 'related' | 'similar';

/** A relation between two issues, read from `issueId` (its inverse from `relatedIssueId`). */
export interface IssueRelationRecord {
  id: string;
  type: IssueRelationType;
  issueId: string;
  relatedIssueId: string;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/**
 * A document: Markdown content that belongs to exactly one of a project, a team or an issue;
 * `slugId` ends its URL, which `document(id)` also accepts.
 */
export interface DocumentRecord {
  id: string;
  slugId: string;
  title: string;
  content: string | null;
  icon: string | null;
  color: string | null;
  projectId: string | null;
  teamId: string | null;
  issueId: string | null;
  /** Absent from snapshots written before documents of initiatives. */
  initiativeId?: string | null;
  creatorId: string | null;
  updatedById: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  trashed: boolean | null;
}

/** Linear's project health, as a project update reports it. */
export type ProjectHealth = 'onTrack' | 'atRisk' | 'offTrack';

/** A project update: a status post on a project, with the health it reports. */
export interface ProjectUpdateRecord {
  id: string;
  slugId: string;
  projectId: string;
  body: string;
  health: ProjectHealth;
  userId: string;
  createdAt: string;
  updatedAt: string;
  editedAt: string | null;
  archivedAt: string | null;
}

/** A milestone: a named stage of one project, with an optional target date. */
export interface ProjectMilestoneRecord {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  targetDate: string | null;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** Linear's initiative statuses (`InitiativeStatus`). */
export type InitiativeStatus = 'Proposed' | 'Planned' | 'Active' | 'Completed' | 'Canceled';

/** An initiative: a workspace-wide goal that groups projects, with an owner and a target date. */
export interface InitiativeRecord {
  id: string;
  slugId: string;
  name: string;
  description: string | null;
  content: string | null;
  icon: string | null;
  color: string | null;
  status: InitiativeStatus;
  ownerId: string | null;
  creatorId: string | null;
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

/** A project's place in an initiative (`initiativeToProjectCreate`). */
export interface InitiativeToProjectRecord {
  id: string;
  initiativeId: string;
  projectId: string;
  sortOrder: string;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** A webhook of the workspace, as `webhookCreate` made it. */
export interface WebhookRecord {
  id: string;
  url: string;
  label: string | null;
  resourceTypes: string[];
  /** The one team it listens to; null with `allPublicTeams`. */
  teamId: string | null;
  allPublicTeams: boolean;
  /** The signing secret (`Linear-Signature` is the hex HMAC-SHA256 of the raw body with it). */
  secret: string;
  enabled: boolean;
  creatorId: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}
