import { randomBytes, randomUUID } from 'node:crypto';
import { hmacSha256Hex } from '@c/core';
import { paginate, type View } from './linear-connections.js';
import { forbidden, invalidInput } from './linear-errors.js';
import { issueLinks } from './linear-issues.js';
import type { WebhookRecord } from './linear-records.js';
import type { Args, RequestContext, Resolving, Root } from './linear-views.js';
import { lookupRecord, maybe, mutation } from './linear-views.js';
import type { LinearWorkspaceState } from './linear-workspace-state.js';

export type { WebhookRecord };

/** The resource types of Linear's `WebhookResourceType` enum (schema of @linear/sdk 98.0.0). */
export const LINEAR_WEBHOOK_RESOURCE_TYPES: readonly string[] = [
  'AgentSessionEvent',
  'AppUserNotification',
  'Attachment',
  'Comment',
  'Customer',
  'CustomerNeed',
  'Cycle',
  'Document',
  'Initiative',
  'InitiativeUpdate',
  'Issue',
  'IssueLabel',
  'IssueSLA',
  'OAuthAuthorization',
  'PermissionChange',
  'Project',
  'ProjectLabel',
  'ProjectUpdate',
  'Reaction',
  'Release',
  'ReleaseNote',
  'User',
];

/** The resource types whose changes the simulator delivers (the ones its workspace models). */
type TrackedType =
  | 'Issue'
  | 'Comment'
  | 'Project'
  | 'IssueLabel'
  | 'Cycle'
  | 'Reaction'
  | 'Attachment'
  | 'Document'
  | 'ProjectUpdate'
  | 'Initiative';
type Row = Record<string, unknown> & { id: string };
type Snapshot = Map<TrackedType, Map<string, Row>>;

const TRACKED: Record<TrackedType, (ws: LinearWorkspaceState) => Map<string, Row>> = {
  Issue: (ws) => ws.issues as unknown as Map<string, Row>,
  Comment: (ws) => ws.comments as unknown as Map<string, Row>,
  Project: (ws) => ws.projects as unknown as Map<string, Row>,
  IssueLabel: (ws) => ws.labels as unknown as Map<string, Row>,
  Cycle: (ws) => ws.cycles as unknown as Map<string, Row>,
  Reaction: (ws) => ws.reactions as unknown as Map<string, Row>,
  Attachment: (ws) => ws.attachments as unknown as Map<string, Row>,
  Document: (ws) => ws.documents as unknown as Map<string, Row>,
  ProjectUpdate: (ws) => ws.projectUpdates as unknown as Map<string, Row>,
  Initiative: (ws) => ws.initiatives as unknown as Map<string, Row>,
};

/** One data change, as a delivery reports it. */
export interface WebhookChange {
  type: TrackedType;
  action: 'create' | 'update' | 'remove';
  /** The entity after the change (before it, for a removal). */
  row: Row;
  /** For an update: the previous value of every field that changed. */
  updatedFrom?: Record<string, unknown>;
}

/** One attempt to deliver a payload, as the simulator recorded it. */
export interface WebhookDeliveryAttempt {
  deliveryId: string;
  webhookId: string;
  url: string;
  type: string;
  action: string;
  attempt: number;
  /** The receiver's status, or undefined when the request failed before an answer. */
  status: number | undefined;
  error?: string;
}

const copyRow = (row: Row): Row => {
  const copy: Row = { ...row };
  for (const key in copy) if (Array.isArray(copy[key])) copy[key] = [...(copy[key] as unknown[])];
  return copy;
};

/** Whether a field kept its value: the same scalar, or an array with the same items in order. */
const same = (a: unknown, b: unknown): boolean =>
  a === b ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]));

/**
 * A copy of every record a delivery can be about, taken before a mutation runs so that the change
 * it made (and its side effects: a label deleted off every issue, sub-issues archived with their
 * parent) can be told afterwards, field by field.
 */
export function snapshotWorkspace(ws: LinearWorkspaceState): Snapshot {
  const snapshot: Snapshot = new Map();
  for (const [type, map] of Object.entries(TRACKED) as [
    TrackedType,
    (ws: LinearWorkspaceState) => Map<string, Row>,
  ][]) {
    snapshot.set(type, new Map([...map(ws)].map(([id, row]) => [id, copyRow(row)])));
  }
  return snapshot;
}

/** What changed since the snapshot: creations, updates (with `updatedFrom`) and removals. */
export function diffWorkspace(before: Snapshot, ws: LinearWorkspaceState): WebhookChange[] {
  const changes: WebhookChange[] = [];
  for (const [type, map] of Object.entries(TRACKED) as [
    TrackedType,
    (ws: LinearWorkspaceState) => Map<string, Row>,
  ][]) {
    const old = before.get(type)!;
    const now = map(ws);
    for (const [id, row] of now) {
      const previous = old.get(id);
      if (!previous) {
        changes.push({ type, action: 'create', row: copyRow(row) });
        continue;
      }
      // Records keep one shape, so the current record's keys are every field there is.
      let updatedFrom: Record<string, unknown> | undefined;
      for (const key in row) {
        if (same(previous[key], row[key])) continue;
        updatedFrom ??= {};
        updatedFrom[key] = previous[key] ?? null;
      }
      if (!updatedFrom) continue;
      // Linear reports a move to the trash as a removal, and every other change as an update.
      if (row.trashed === true && previous.trashed !== true) {
        changes.push({ type, action: 'remove', row: copyRow(row) });
      } else {
        if (!('updatedAt' in updatedFrom)) updatedFrom.updatedAt = previous.updatedAt ?? null;
        changes.push({ type, action: 'update', row: copyRow(row), updatedFrom });
      }
    }
    for (const [id, row] of old) if (!now.has(id)) changes.push({ type, action: 'remove', row });
  }
  return changes;
}

/** The teams an entity belongs to (none for a workspace label or an initiative, workspace-wide). */
function teamsOf(ws: LinearWorkspaceState, change: WebhookChange): string[] {
  const { row } = change;
  if (change.type === 'Comment' || change.type === 'Attachment') {
    const issue = ws.issues.get(String(row.issueId));
    return issue ? [issue.teamId] : [];
  }
  if (change.type === 'Project') return (row.teamIds as string[] | undefined) ?? [];
  if (change.type === 'ProjectUpdate') return ws.projects.get(String(row.projectId))?.teamIds ?? [];
  if (change.type === 'Document') {
    // A document belongs to its team, its issue's team or its project's teams.
    if (typeof row.teamId === 'string') return [row.teamId];
    const issue = ws.issues.get(String(row.issueId));
    if (issue) return [issue.teamId];
    return ws.projects.get(String(row.projectId))?.teamIds ?? [];
  }
  if (change.type === 'Reaction') {
    // A reaction belongs to the team of its issue, or of its comment's issue.
    const issueId = row.issueId ?? ws.comments.get(String(row.commentId))?.issueId;
    const issue = ws.issues.get(String(issueId));
    return issue ? [issue.teamId] : [];
  }
  return typeof row.teamId === 'string' ? [row.teamId] : [];
}

/** Whether a webhook is told about a change: its resource types, and its team or all public teams. */
function listens(ws: LinearWorkspaceState, webhook: WebhookRecord, change: WebhookChange): boolean {
  if (!webhook.enabled || webhook.archivedAt || !webhook.resourceTypes.includes(change.type)) return false;
  const teams = teamsOf(ws, change);
  if (webhook.teamId) return teams.includes(webhook.teamId);
  return teams.length === 0 || teams.some((id) => ws.teams.get(id)?.private === false);
}

/** The entity as a payload's `data`: its fields, with the few related objects Linear inlines. */
function payloadData(ws: LinearWorkspaceState, change: WebhookChange): Record<string, unknown> {
  const data: Record<string, unknown> = { ...change.row };
  if (change.type === 'Issue') {
    const team = ws.teams.get(String(data.teamId));
    const state = ws.states.get(String(data.stateId));
    if (team) data.team = { id: team.id, key: team.key, name: team.name };
    if (state) data.state = { id: state.id, name: state.name, color: state.color, type: state.type };
    data.labels = (data.labelIds as string[]).flatMap((id) => {
      const label = ws.labels.get(id);
      return label ? [{ id: label.id, name: label.name, color: label.color }] : [];
    });
    if (team) data.url = issueLinks(ws, change.row as never).url;
  }
  if (change.type === 'Comment' || change.type === 'Attachment') {
    const issue = ws.issues.get(String(data.issueId));
    if (issue) data.issue = { id: issue.id, title: issue.title, identifier: issue.identifier };
  }
  return data;
}

function entityUrl(ws: LinearWorkspaceState, change: WebhookChange): string {
  const base = `https://linear.app/${ws.organization.urlKey}`;
  if (change.type === 'Issue' && ws.teams.has(String(change.row.teamId)))
    return issueLinks(ws, change.row as never).url;
  if (change.type === 'Comment') {
    const issue = ws.issues.get(String(change.row.issueId));
    if (issue) return `${issueLinks(ws, issue).url}#comment-${change.row.id.slice(0, 8)}`;
  }
  if (change.type === 'Project') return `${base}/project/${String(change.row.slugId ?? change.row.id)}`;
  return base;
}

/** Options of the dispatcher. */
export interface WebhookDispatcherOptions {
  /** Waits before each retry of a failed delivery (Linear's: 1 minute, 1 hour, 6 hours). */
  retryDelaysMs?: readonly number[] | undefined;
  /** How long a receiver may take to answer (Linear: 5 seconds). */
  timeoutMs?: number | undefined;
}

/**
 * Sends the workspace's webhook deliveries: one signed POST per change and listening webhook,
 * after the GraphQL answer and never in its way, retried after a failure on Linear's schedule.
 * `idle()` resolves once every attempt under way has finished (what a test awaits instead of a
 * timer); `attempts` records each attempt.
 */
export class LinearWebhookDispatcher {
  readonly attempts: WebhookDeliveryAttempt[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #retryDelaysMs: readonly number[];
  readonly #timeoutMs: number;

  constructor(options: WebhookDispatcherOptions = {}) {
    this.#retryDelaysMs = options.retryDelaysMs ?? [60_000, 3_600_000, 21_600_000];
    this.#timeoutMs = options.timeoutMs ?? 5000;
  }

  /** Queues the deliveries of these changes to every webhook that listens to them. */
  dispatch(ws: LinearWorkspaceState, changes: readonly WebhookChange[], actorId: string | null): void {
    if (changes.length === 0 || ws.webhooks.size === 0) return;
    const actor = actorId ? ws.users.get(actorId) : undefined;
    for (const change of changes) {
      for (const webhook of ws.webhooks.values()) {
        if (!listens(ws, webhook, change)) continue;
        const payload: Record<string, unknown> = {
          action: change.action,
          type: change.type,
          data: payloadData(ws, change),
          ...(change.updatedFrom ? { updatedFrom: change.updatedFrom } : {}),
          url: entityUrl(ws, change),
          createdAt: ws.now(),
          ...(actor ? { actor: { id: actor.id, type: 'user', name: actor.name, email: actor.email } } : {}),
          organizationId: ws.organization.id,
          webhookId: webhook.id,
        };
        this.#send(webhook, payload, randomUUID(), 0);
      }
    }
  }

  /** Resolves when no delivery attempt is under way (scheduled retries are not waited for). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Drops scheduled retries and the record of attempts (a simulator's `reset` or `close`). */
  clear(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.attempts.length = 0;
  }

  #send(webhook: WebhookRecord, payload: Record<string, unknown>, deliveryId: string, attempt: number): void {
    const task = (async () => {
      // The timestamp is taken at each attempt: a retry is signed anew, so it is not refused as stale.
      const body = JSON.stringify({ ...payload, webhookTimestamp: Date.now() });
      const record: WebhookDeliveryAttempt = {
        deliveryId,
        webhookId: webhook.id,
        url: webhook.url,
        type: String(payload.type),
        action: String(payload.action),
        attempt,
        status: undefined,
      };
      try {
        const response = await fetch(webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Linear-Webhook',
            'linear-delivery': deliveryId,
            'linear-event': String(payload.type),
            'linear-signature': hmacSha256Hex(webhook.secret, body),
          },
          body,
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        record.status = response.status;
      } catch (error) {
        record.error = (error as Error).name;
      }
      this.attempts.push(record);
      if (this.attempts.length > 1000) this.attempts.shift();
      const ok = record.status !== undefined && record.status >= 200 && record.status < 300;
      const wait = this.#retryDelaysMs[attempt];
      if (!ok && wait !== undefined) {
        const timer = setTimeout(() => {
          this.#timers.delete(timer);
          this.#send(webhook, payload, deliveryId, attempt + 1);
        }, wait);
        timer.unref();
        this.#timers.add(timer);
      }
    })();
    this.#inFlight.add(task);
    void task.finally(() => this.#inFlight.delete(task));
  }
}

/** Webhooks are for workspace admins, or OAuth applications granted the `admin` scope. */
function requireAdmin(ctx: RequestContext, field: string): void {
  if (ctx.scopes ? !ctx.scopes.has('admin') : !ctx.workspace.users.get(ctx.viewerId)?.admin) {
    throw forbidden(`Invalid scope: \`admin\` required for ${field}`);
  }
}

/** Creates a webhook as `webhookCreate` does, with Linear's checks of its input. */
export function createWebhookRecord(
  ws: LinearWorkspaceState,
  input: Args,
  creatorId: string | null,
): WebhookRecord {
  let url: URL;
  try {
    url = new URL(String(input.url));
  } catch {
    throw invalidInput('url must be a URL address', 'The webhook URL is not valid.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidInput('url must be a URL address', 'The webhook URL is not valid.');
  }
  const resourceTypes = input.resourceTypes as string[];
  if (resourceTypes.length === 0) {
    throw invalidInput('resourceTypes should not be empty', 'Select at least one data change event.');
  }
  const unknown = resourceTypes.find((type) => !LINEAR_WEBHOOK_RESOURCE_TYPES.includes(type));
  if (unknown) throw invalidInput(`Invalid resource type: ${unknown}`, `Unknown resource type ${unknown}.`);
  const team = input.teamId ? ws.requireTeam(String(input.teamId)) : undefined;
  if (!team && !input.allPublicTeams) {
    throw invalidInput(
      'teamId or allPublicTeams must be set',
      'Choose a team or all public teams for the webhook.',
    );
  }
  const now = ws.now();
  const webhook: WebhookRecord = {
    id: typeof input.id === 'string' ? input.id : randomUUID(),
    url: url.toString(),
    label: (input.label as string | null | undefined) ?? null,
    resourceTypes: [...new Set(resourceTypes)],
    teamId: team?.id ?? null,
    allPublicTeams: !team,
    secret: (input.secret as string | null | undefined) || `lin_wh_${randomBytes(24).toString('hex')}`,
    enabled: input.enabled !== false,
    creatorId,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
  ws.webhooks.set(webhook.id, webhook);
  ws.lastSyncId += 1;
  return webhook;
}

/** A webhook as GraphQL shows it. */
function webhookView(r: Resolving): (webhook: WebhookRecord) => View {
  const ws = r.workspace;
  return (webhook) => ({
    __typename: 'Webhook',
    id: webhook.id,
    url: webhook.url,
    label: webhook.label,
    resourceTypes: webhook.resourceTypes,
    enabled: webhook.enabled,
    allPublicTeams: webhook.allPublicTeams,
    secret: webhook.secret,
    teamIds: webhook.teamId ? [webhook.teamId] : null,
    team: () => maybe(ws.teams.get(webhook.teamId ?? ''), r.views.team),
    creator: () => maybe(ws.users.get(webhook.creatorId ?? ''), r.views.user),
    failures: [],
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
    archivedAt: webhook.archivedAt,
  });
}

/** `webhook(id)` and `webhooks` (admins only). */
export function webhookQueries(r: Resolving): Root {
  const ws = r.workspace;
  const view = webhookView(r);
  return {
    webhook: ({ id }) => {
      requireAdmin(r, 'webhook');
      return view(lookupRecord(ws.webhooks, id, 'Webhook'));
    },
    webhooks: (args) => {
      requireAdmin(r, 'webhooks');
      return paginate([...ws.webhooks.values()], args, view);
    },
  };
}

/** `webhookCreate` and `webhookDelete` (admins only). */
export function webhookMutations(r: Resolving): Root {
  const ws = r.workspace;
  const view = webhookView(r);
  return {
    webhookCreate: mutation(r, 'webhookCreate', ({ input }) => {
      requireAdmin(r, 'webhookCreate');
      return { webhook: view(createWebhookRecord(ws, input, r.viewerId)) };
    }),
    webhookDelete: mutation(r, 'webhookDelete', ({ id }) => {
      requireAdmin(r, 'webhookDelete');
      const webhook = lookupRecord(ws.webhooks, id, 'Webhook');
      ws.webhooks.delete(webhook.id);
      ws.lastSyncId += 1;
      return { entityId: webhook.id };
    }),
  };
}
