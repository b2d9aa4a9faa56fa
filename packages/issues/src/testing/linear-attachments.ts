import { randomUUID } from 'node:crypto';
import { connection, paginate, type View } from './linear-connections.js';
import { invalidInput } from './linear-errors.js';
import type { AttachmentRecord, IssueRecord } from './linear-records.js';
import { lookupRecord, maybe, mutation, type Resolving, type Root } from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Attachments: links from an issue to an external resource (a pull request, a support ticket).
// Linear keeps one attachment per URL and issue: creating one again with the same URL on the same
// issue updates the first instead (https://linear.app/developers/attachments), which makes the
// URL an idempotency key for integrations. Uploaded files (`fileUpload`) are not modelled.

function checkUrl(value: unknown): string {
  if (typeof value !== 'string' || !URL.canParse(value)) {
    throw invalidInput('url must be a URL address', 'The attachment needs a valid URL.');
  }
  return value;
}

function checkTitle(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidInput('title should not be empty', 'The attachment needs a title.');
  }
  return value;
}

/** What `attachmentCreate` does: a new attachment, or the one with this URL on this issue updated. */
export function createAttachmentRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  userId: string | null,
): AttachmentRecord {
  const issue = ws.requireIssue(String(input.issueId));
  const url = checkUrl(input.url);
  const title = checkTitle(input.title);
  const now = ws.now();
  const metadata = (input.metadata as Record<string, unknown> | null | undefined) ?? undefined;
  const subtitle = input.subtitle as string | null | undefined;
  const existing = [...ws.attachments.values()].find((a) => a.issueId === issue.id && a.url === url);
  if (existing) {
    existing.title = title;
    if (subtitle !== undefined) existing.subtitle = subtitle;
    if (metadata !== undefined) existing.metadata = metadata;
    existing.updatedAt = now;
    ws.lastSyncId += 1;
    return existing;
  }
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.attachments.has(id)) throw invalidInput('An attachment with this id already exists');
  const attachment: AttachmentRecord = {
    id,
    issueId: issue.id,
    url,
    title,
    subtitle: subtitle ?? null,
    metadata: metadata ?? {},
    creatorId: userId,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
  ws.attachments.set(id, attachment);
  ws.lastSyncId += 1;
  return attachment;
}

/** An issue's attachments (those of a deleted issue are gone with it). */
export function attachmentsOf(ws: LinearWorkspaceState, issueId: string): AttachmentRecord[] {
  return [...ws.attachments.values()].filter((attachment) => attachment.issueId === issueId);
}

/** An attachment: its link, title, subtitle, metadata, issue and creator. */
export function attachmentView(r: Resolving): (attachment: AttachmentRecord) => View {
  const ws = r.workspace;
  return (attachment) => ({
    __typename: 'Attachment',
    id: attachment.id,
    url: attachment.url,
    title: attachment.title,
    subtitle: attachment.subtitle,
    metadata: attachment.metadata,
    groupBySource: false,
    sourceType: null,
    source: null,
    createdAt: attachment.createdAt,
    updatedAt: attachment.updatedAt,
    archivedAt: attachment.archivedAt,
    issue: () => maybe(ws.issues.get(attachment.issueId), r.views.issue),
    creator: () => maybe(ws.users.get(attachment.creatorId ?? ''), r.views.user),
  });
}

/** The issue's `attachments` connection, added to the issue view. */
export function issueAttachmentFields(r: Resolving, issue: IssueRecord): Record<string, unknown> {
  return { attachments: connection(() => attachmentsOf(r.workspace, issue.id), attachmentView(r)) };
}

/** `attachment(id)`, `attachments` and `attachmentsForURL(url)` (attachments of live issues). */
export function attachmentQueries(r: Resolving): Root {
  const ws = r.workspace;
  const live = () => [...ws.attachments.values()].filter((a) => ws.issues.get(a.issueId)?.trashed !== true);
  return {
    attachment: ({ id }) => attachmentView(r)(lookupRecord(ws.attachments, id, 'Attachment')),
    attachments: (args) => paginate(live(), args, attachmentView(r)),
    attachmentsForURL: (args) =>
      paginate(
        live().filter((a) => a.url === args.url),
        args,
        attachmentView(r),
      ),
  };
}

/** `attachmentCreate` (one per URL and issue), `attachmentUpdate` and `attachmentDelete`. */
export function attachmentMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    attachmentCreate: mutation(r, 'attachmentCreate', ({ input }) => ({
      attachment: attachmentView(r)(createAttachmentRecord(ws, input, r.viewerId)),
    })),
    attachmentUpdate: mutation(r, 'attachmentUpdate', ({ id, input }) => {
      const attachment = lookupRecord(ws.attachments, id, 'Attachment');
      attachment.title = checkTitle(input.title);
      if (input.subtitle !== undefined) attachment.subtitle = input.subtitle ?? null;
      if (input.metadata !== undefined) attachment.metadata = input.metadata ?? {};
      attachment.updatedAt = ws.now();
      ws.lastSyncId += 1;
      return { attachment: attachmentView(r)(attachment) };
    }),
    attachmentDelete: mutation(r, 'attachmentDelete', ({ id }) => {
      const attachment = lookupRecord(ws.attachments, id, 'Attachment');
      ws.attachments.delete(attachment.id);
      ws.lastSyncId += 1;
      return { entityId: attachment.id };
    }),
  };
}
