// The fragments of the entities added after the first fourteen commands: each result type's
// fields, selected once, so that every command returning one sends the same selection and its
// output schema (under `schemas/`) can be checked against it.

/** A comment: body, timestamps, thread, author and resolver. */
export const COMMENT_FIELDS = `
fragment CommentFields on Comment {
  id
  body
  url
  createdAt
  updatedAt
  editedAt
  resolvedAt
  issue { id identifier }
  parent { id }
  user { id name email }
  resolvingUser { id name email }
}`;

/** A reaction: the emoji, who, and on what. */
export const REACTION_FIELDS = `
fragment ReactionFields on Reaction {
  id
  emoji
  createdAt
  user { id name email }
  issue { id identifier }
  comment { id }
}`;

/** An issue label: name, colour, team and group. */
export const LABEL_FIELDS = `
fragment LabelFields on IssueLabel {
  id
  name
  color
  description
  isGroup
  createdAt
  team { id key name }
  parent { id name }
}`;

/** A user: names, email, state and role. */
export const USER_FIELDS = `
fragment UserFields on User {
  id
  name
  displayName
  email
  active
  admin
  guest
  isMe
  timezone
  createdAt
  url
}`;

/** A workflow state: name, type, colour, board position and team. */
export const WORKFLOW_STATE_FIELDS = `
fragment WorkflowStateFields on WorkflowState {
  id
  name
  type
  color
  position
  description
  team { id key name }
}`;

/** A cycle: number, dates, timing and progress. */
export const CYCLE_FIELDS = `
fragment CycleFields on Cycle {
  id
  number
  name
  description
  startsAt
  endsAt
  completedAt
  isActive
  isFuture
  isPast
  progress
  team { id key name }
}`;

/** An attachment: the link, its texts, the issue and who attached it. */
export const ATTACHMENT_FIELDS = `
fragment AttachmentFields on Attachment {
  id
  url
  title
  subtitle
  metadata
  createdAt
  updatedAt
  issue { id identifier }
  creator { id name email }
}`;

/** A relation between two issues: its type and both issues. */
export const ISSUE_RELATION_FIELDS = `
fragment IssueRelationFields on IssueRelation {
  id
  type
  createdAt
  issue { id identifier title }
  relatedIssue { id identifier title }
}`;

/** A document: its text, URL, parent and author. */
export const DOCUMENT_FIELDS = `
fragment DocumentFields on Document {
  id
  title
  content
  slugId
  url
  icon
  color
  createdAt
  updatedAt
  project { id name }
  team { id key name }
  issue { id identifier }
  initiative { id name }
  creator { id name email }
}`;

/** A project update: its text, health, author and project. */
export const PROJECT_UPDATE_FIELDS = `
fragment ProjectUpdateFields on ProjectUpdate {
  id
  body
  health
  url
  createdAt
  updatedAt
  editedAt
  project { id name }
  user { id name email }
}`;

/** A project milestone: its name, dates, status and project. */
export const PROJECT_MILESTONE_FIELDS = `
fragment ProjectMilestoneFields on ProjectMilestone {
  id
  name
  description
  targetDate
  status
  progress
  sortOrder
  createdAt
  updatedAt
  project { id name }
}`;

/** An initiative: its text, status, owner, target date, URL and projects (up to 25). */
export const INITIATIVE_FIELDS = `
fragment InitiativeFields on Initiative {
  id
  name
  description
  status
  targetDate
  health
  icon
  color
  url
  createdAt
  updatedAt
  startedAt
  completedAt
  owner { id name email }
  projects(first: 25) { nodes { id name } }
}`;

/** A project's place in an initiative. */
export const INITIATIVE_TO_PROJECT_FIELDS = `
fragment InitiativeToProjectFields on InitiativeToProject {
  id
  sortOrder
  createdAt
  initiative { id name }
  project { id name }
}`;
