import { randomUUID } from 'node:crypto';
import { connection, paginate, type View } from './linear-connections.js';
import { invalidInput } from './linear-errors.js';
import type { LabelRecord } from './linear-records.js';
import { issuesOf, lookupRecord, maybe, mutation, type Resolving, type Root } from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Issue labels: the rules of Linear's label mutations over the workspace, the label's GraphQL view,
// and the label queries and mutations.

/** Linear's label palette, used when a label is created without a colour. */
const LABEL_COLORS = ['#bec2c8', '#95a2b3', '#5e6ad2', '#26b5ce', '#4cb782', '#f2c94c', '#f2994a', '#eb5757'];
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function checkColor(value: unknown): string {
  if (typeof value !== 'string' || !HEX_COLOR.test(value)) {
    throw invalidInput('color must be a hex color', 'The color must be a hex color such as #5e6ad2.');
  }
  return value;
}

function checkName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') throw invalidInput('name should not be empty', 'The label needs a name.');
  return name;
}

/**
 * Label names are unique, ignoring case, among the labels one issue could carry together: a team
 * label may not share its name with another label of that team or with a workspace label.
 */
function refuseDuplicate(
  ws: LinearWorkspaceState,
  name: string,
  teamId: string | undefined,
  except?: string,
): void {
  const wanted = name.toLowerCase();
  const clash = [...ws.labels.values()].some(
    (label) =>
      label.id !== except &&
      label.name.toLowerCase() === wanted &&
      (label.teamId === teamId || label.teamId === undefined || teamId === undefined),
  );
  if (clash) throw invalidInput('duplicate label name', `A label named "${name}" already exists.`);
}

/**
 * What `issueLabelCreate` does: a team label (or a workspace label without `teamId`), optionally
 * inside a label group of the same scope, with a colour from Linear's palette when none is given.
 */
export function createLabelRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  creatorId: string | null,
): LabelRecord {
  const name = checkName(input.name);
  const team = ws.reference(input.teamId, 'teamId', ws.teams, 'Team');
  const parent = ws.reference(input.parentId, 'parentId', ws.labels, 'IssueLabel');
  if (parent && (!parent.isGroup || parent.teamId !== team?.id)) {
    throw invalidInput(
      'The parent label must be a label group of the same team',
      'The parent label must be a group in the same team or workspace.',
    );
  }
  refuseDuplicate(ws, name, team?.id);
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.labels.has(id)) throw invalidInput('A label with this id already exists');
  const now = ws.now();
  const label: LabelRecord = {
    id,
    name,
    color:
      input.color === undefined || input.color === null
        ? LABEL_COLORS[ws.labels.size % LABEL_COLORS.length]!
        : checkColor(input.color),
    description: (input.description as string | null | undefined) ?? null,
    teamId: team?.id,
    isGroup: input.isGroup === true,
    parentId: parent?.id ?? null,
    creatorId,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
  ws.labels.set(label.id, label);
  ws.lastSyncId += 1;
  return label;
}

/** What `issueLabelUpdate` does to a label's name, colour and description. */
export function updateLabelRecord(ws: LinearWorkspaceState, id: string, input: WorkspaceInput): LabelRecord {
  const label = lookupRecord(ws.labels, id, 'IssueLabel');
  if (input.name !== undefined) {
    const name = checkName(input.name);
    refuseDuplicate(ws, name, label.teamId, label.id);
    label.name = name;
  }
  if (input.color !== undefined) label.color = checkColor(input.color);
  if (input.description !== undefined) label.description = (input.description as string | null) ?? null;
  label.updatedAt = ws.now();
  ws.lastSyncId += 1;
  return label;
}

/** What `issueLabelDelete` does: the label (and a group's labels) go, and off every issue. */
export function deleteLabelRecord(ws: LinearWorkspaceState, id: string): LabelRecord {
  const label = lookupRecord(ws.labels, id, 'IssueLabel');
  const removed = new Set([label.id]);
  for (const child of ws.labels.values()) if (child.parentId === label.id) removed.add(child.id);
  for (const labelId of removed) ws.labels.delete(labelId);
  for (const issue of ws.issues.values()) {
    if (issue.labelIds.some((labelId) => removed.has(labelId))) {
      issue.labelIds = issue.labelIds.filter((labelId) => !removed.has(labelId));
    }
  }
  ws.lastSyncId += 1;
  return label;
}

/**
 * What `issueAddLabel` does: the label must be the issue's team's or the workspace's, and not a
 * group; labels of one group exclude each other, so adding one takes its siblings off the issue.
 */
export function addIssueLabel(ws: LinearWorkspaceState, issueId: string, labelId: string) {
  const issue = ws.requireIssue(issueId);
  const label = lookupRecord(ws.labels, labelId, 'IssueLabel');
  if (label.isGroup) {
    throw invalidInput('A label group cannot be applied to an issue', 'Pick a label inside the group.');
  }
  if (label.teamId !== undefined && label.teamId !== issue.teamId) {
    throw invalidInput(
      'The label belongs to another team',
      "The label is not available in the issue's team.",
    );
  }
  const siblings = (id: string) => label.parentId !== null && ws.labels.get(id)?.parentId === label.parentId;
  issue.labelIds = [...issue.labelIds.filter((id) => id !== label.id && !siblings(id)), label.id];
  issue.updatedAt = ws.now();
  ws.lastSyncId += 1;
  return issue;
}

/** An issue label: its team (none for a workspace label), group, creator and issues. */
export function labelView(r: Resolving): (label: LabelRecord) => View {
  const ws = r.workspace;
  return (label) => ({
    __typename: 'IssueLabel',
    id: label.id,
    name: label.name,
    color: label.color,
    description: label.description,
    isGroup: label.isGroup,
    createdAt: label.createdAt,
    updatedAt: label.updatedAt,
    archivedAt: label.archivedAt,
    organization: r.views.organization,
    team: () => maybe(ws.teams.get(label.teamId ?? ''), r.views.team),
    parent: () => maybe(ws.labels.get(label.parentId ?? ''), r.views.label),
    creator: () => maybe(ws.users.get(label.creatorId ?? ''), r.views.user),
    children: connection(
      () => [...ws.labels.values()].filter((child) => child.parentId === label.id),
      r.views.label,
    ),
    issues: connection(() => issuesOf(ws, (issue) => issue.labelIds.includes(label.id)), r.views.issue),
  });
}

/** `issueLabel(id)` and `issueLabels`. */
export function labelQueries(r: Resolving): Root {
  const ws = r.workspace;
  return {
    issueLabel: ({ id }) => r.views.label(lookupRecord(ws.labels, id, 'IssueLabel')),
    issueLabels: (args) => paginate([...ws.labels.values()], args, r.views.label),
  };
}

/** `issueLabelCreate`, `issueLabelUpdate` and `issueLabelDelete`. */
export function labelMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    issueLabelCreate: mutation(r, 'issueLabelCreate', ({ input }) => ({
      issueLabel: r.views.label(createLabelRecord(ws, input, r.viewerId)),
    })),
    issueLabelUpdate: mutation(r, 'issueLabelUpdate', ({ id, input }) => ({
      issueLabel: r.views.label(updateLabelRecord(ws, id, input)),
    })),
    issueLabelDelete: mutation(r, 'issueLabelDelete', ({ id }) => ({
      entityId: deleteLabelRecord(ws, id).id,
    })),
    issueAddLabel: mutation(r, 'issueAddLabel', ({ id, labelId }) => ({
      issue: r.views.issue(addIssueLabel(ws, id, labelId)),
    })),
    issueRemoveLabel: mutation(r, 'issueRemoveLabel', ({ id, labelId }) => {
      const issue = ws.requireIssue(id);
      const label = lookupRecord(ws.labels, labelId, 'IssueLabel');
      issue.labelIds = issue.labelIds.filter((applied) => applied !== label.id);
      issue.updatedAt = ws.now();
      ws.lastSyncId += 1;
      return { issue: r.views.issue(issue) };
    }),
  };
}
