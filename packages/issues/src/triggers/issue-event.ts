import { randomBytes } from 'node:crypto';
import {
  defineTrigger,
  headerValue,
  hmacSha256Hex,
  NotFoundError,
  SignatureError,
  safeEqualHex,
  type TriggerEvent,
  type WebhookRequest,
} from '@c/core';
import type { z as Z } from 'zod';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';

/** How far a delivery's `webhookTimestamp` may be from now: Linear's own guidance, one minute. */
export const LINEAR_WEBHOOK_TOLERANCE_MS = 60_000;

/** The resource types a webhook can listen to (Linear's `WebhookResourceType`). */
export const LINEAR_RESOURCE_TYPES = [
  'Issue',
  'Comment',
  'Project',
  'ProjectUpdate',
  'IssueLabel',
  'Cycle',
  'Attachment',
  'Reaction',
  'Document',
  'Initiative',
  'InitiativeUpdate',
  'Customer',
  'CustomerNeed',
  'IssueSLA',
  'User',
] as const;

/** One Linear webhook delivery's body, as Linear documents it. */
export interface LinearWebhookPayload {
  action: string;
  type: string;
  /** The entity after the change (before it, for `remove`). */
  data: Record<string, unknown> & { id: string };
  /** For `update`: the previous value of each field that changed. */
  updatedFrom?: Record<string, unknown> | undefined;
  url?: string | undefined;
  actor?: Record<string, unknown> | undefined;
  createdAt: string;
  organizationId: string;
  webhookId: string;
  /** When Linear sent it, in epoch milliseconds. */
  webhookTimestamp: number;
  [key: string]: unknown;
}

/** What `issues.event` keeps between subscribe and unsubscribe. */
export interface IssueEventState {
  webhookId: string;
  /** The signing secret (the host stores the state encrypted). */
  secret: string;
}

const CREATE_WEBHOOK = defineOperation(`
mutation CreateWebhook($input: WebhookCreateInput!) {
  webhookCreate(input: $input) {
    success
    webhook { id enabled }
  }
}`);

const DELETE_WEBHOOK = defineOperation(`
mutation DeleteWebhook($id: String!) {
  webhookDelete(id: $id) {
    success
  }
}`);

/** Deletes a webhook (`webhookDelete`); one already gone counts as deleted. */
async function deleteWebhook(ctx: IssuesContext, webhookId: string, signal?: AbortSignal): Promise<void> {
  try {
    await ctx.linear.run(
      DELETE_WEBHOOK,
      { id: webhookId },
      { notFound: { field: 'webhookDelete', what: `webhook ${webhookId}` }, signal },
    );
  } catch (error) {
    if (!NotFoundError.isInstance(error)) throw error;
  }
}

function isIssueEventState(value: unknown): value is IssueEventState {
  return typeof (value as Partial<IssueEventState> | null | undefined)?.webhookId === 'string';
}

/** Options of `verifyLinearWebhook`. */
export interface VerifyLinearWebhookOptions {
  /** How far `webhookTimestamp` may be from now (default 60 000 ms). */
  toleranceMs?: number;
  /** Now, in epoch milliseconds (tests). */
  now?: number;
}

/**
 * Checks a Linear delivery and returns its event: `Linear-Signature` must be the hex HMAC-SHA256 of
 * the raw body with the webhook's secret (compared in constant time), and the signed body's
 * `webhookTimestamp` within a minute of now, so a captured delivery cannot be replayed later. The
 * event id is the `Linear-Delivery` header (the same on Linear's retries), else the webhook, action,
 * entity and the entity's `updatedAt`. That header is not signed, so within the minute a captured
 * delivery could come back under another id: the event's `replay` guard (the body's HMAC, kept until
 * the timestamp's tolerance ends) lets a receiver store it once. Throws a `SignatureError` otherwise.
 */
export function verifyLinearWebhook(
  request: WebhookRequest,
  secret: string,
  options: VerifyLinearWebhookOptions = {},
): TriggerEvent<LinearWebhookPayload> {
  const signature = headerValue(request.headers, 'linear-signature');
  if (!signature)
    throw new SignatureError('The delivery has no Linear-Signature header', { reason: 'missing' });
  const expected = hmacSha256Hex(secret, request.rawBody);
  if (!safeEqualHex(signature.trim().toLowerCase(), expected)) {
    throw new SignatureError('Linear-Signature does not match this body', { reason: 'mismatch' });
  }
  let payload: LinearWebhookPayload;
  try {
    const text =
      typeof request.rawBody === 'string' ? request.rawBody : Buffer.from(request.rawBody).toString('utf8');
    payload = JSON.parse(text) as LinearWebhookPayload;
  } catch {
    throw new SignatureError('The signed body is not JSON', { reason: 'malformed' });
  }
  if (
    !payload ||
    typeof payload !== 'object' ||
    typeof payload.type !== 'string' ||
    typeof payload.action !== 'string' ||
    !payload.data ||
    typeof payload.data !== 'object'
  ) {
    throw new SignatureError('The signed body is not a Linear delivery', { reason: 'malformed' });
  }
  if (typeof payload.webhookTimestamp !== 'number' || !Number.isFinite(payload.webhookTimestamp)) {
    throw new SignatureError('The delivery has no webhookTimestamp', { reason: 'malformed' });
  }
  const tolerance = options.toleranceMs ?? LINEAR_WEBHOOK_TOLERANCE_MS;
  const skew = Math.abs((options.now ?? Date.now()) - payload.webhookTimestamp);
  if (skew > tolerance) {
    throw new SignatureError(
      `The delivery's webhookTimestamp is ${Math.round(skew / 1000)} s from now, beyond the ${tolerance / 1000} s tolerance`,
      { reason: 'stale' },
    );
  }
  const delivery = headerValue(request.headers, 'linear-delivery');
  const id =
    delivery ||
    [
      payload.webhookId,
      payload.action,
      payload.data.id,
      String(payload.data.updatedAt ?? payload.createdAt),
    ].join(':');
  return {
    id,
    type: `${payload.type}.${payload.action}`,
    occurredAt:
      typeof payload.createdAt === 'string'
        ? payload.createdAt
        : new Date(payload.webhookTimestamp).toISOString(),
    data: payload,
    // The id may come from a header nobody signed: the body's own HMAC names this signed delivery,
    // so a copy resent under another Linear-Delivery is recognised while its timestamp still passes.
    replay: { key: expected, until: new Date(payload.webhookTimestamp + tolerance).toISOString() },
  };
}

function inputSchema(z: typeof Z) {
  return z.object({
    resourceTypes: z.array(z.enum(LINEAR_RESOURCE_TYPES)).min(1).default(['Issue']).meta({
      title: 'Resource Types',
      description: 'What to hear about: Issue, Comment, Project, IssueLabel, Cycle, … (default Issue).',
    }),
    teamId: z.string().min(1).optional().meta({
      title: 'Team Id',
      description: 'Only this team (its UUID or key, such as ENG); all public teams when omitted.',
    }),
    actions: z
      .array(z.enum(['create', 'update', 'remove']))
      .min(1)
      .optional()
      .meta({ title: 'Actions', description: 'Only these actions: create, update, remove (default all).' }),
    changedFields: z.array(z.string().min(1)).min(1).optional().meta({
      title: 'Changed Fields',
      description:
        'An update passes only when one of these fields changed (read from updatedFrom), e.g. stateId, assigneeId; so a sortOrder change alone is not an event.',
    }),
  });
}

function outputSchema(z: typeof Z) {
  return z
    .looseObject({
      action: z.string().meta({ title: 'Action', description: 'create, update or remove.' }),
      type: z.string().meta({ title: 'Type', description: 'The entity type: Issue, Comment, Project, …' }),
      data: z
        .looseObject({ id: z.string().meta({ title: 'Id', description: "The entity's UUID." }) })
        .meta({ title: 'Data', description: 'The entity after the change (before it, for remove).' }),
      updatedFrom: z.record(z.string(), z.unknown()).optional().meta({
        title: 'Updated From',
        description: 'For update: the previous value of each changed field.',
      }),
      url: z.string().optional().meta({ title: 'URL', description: "The entity's page in Linear." }),
      actor: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ title: 'Actor', description: 'Who made the change.' }),
      createdAt: z
        .string()
        .meta({ title: 'Created At', description: 'When the change happened (ISO 8601).' }),
      organizationId: z.string().meta({ title: 'Organization Id', description: 'The workspace.' }),
      webhookId: z.string().meta({ title: 'Webhook Id', description: 'The webhook that delivered it.' }),
      webhookTimestamp: z
        .number()
        .meta({ title: 'Webhook Timestamp', description: 'When Linear sent it (epoch milliseconds).' }),
    })
    .meta({ title: 'Linear Webhook Payload', description: "Linear's webhook delivery body." });
}

type IssueEventInput = Z.output<ReturnType<typeof inputSchema>>;

/** Whether an event passes the subscription's filters. */
function passes(payload: LinearWebhookPayload, input: IssueEventInput): boolean {
  if (!(input.resourceTypes as readonly string[]).includes(payload.type)) return false;
  if (input.actions && !(input.actions as readonly string[]).includes(payload.action)) return false;
  if (input.changedFields && payload.action === 'update') {
    const changed = Object.keys(payload.updatedFrom ?? {});
    if (!input.changedFields.some((field) => changed.includes(field))) return false;
  }
  return true;
}

/**
 * `issues.event`: Linear's data-change webhooks. Subscribing creates a webhook (`webhookCreate`)
 * for the hook URL with a secret the host generates, for one team or all public teams; each
 * delivery is checked (`Linear-Signature`, `webhookTimestamp` within 60 s) and filtered by action
 * and changed fields; unsubscribing deletes the webhook. Given the `previous` state (the host's
 * public URL changed), a new webhook is created and the previous one deleted.
 */
export const issueEvent = defineTrigger({
  key: 'event',
  title: 'Issue Event',
  description:
    'Something changed in Linear: an issue, comment, project, label or cycle was created, updated or removed. Linear pushes each change within seconds through a webhook (needs the admin scope); an update can be narrowed to the fields you care about.',
  input: inputSchema,
  output: outputSchema,
  kinds: ['webhook'],
  async subscribe(ctx: IssuesContext, { hookUrl, input, secret, previous, signal }) {
    const signing = secret ?? randomBytes(32).toString('hex');
    const data = await ctx.linear.run<{ webhookCreate: { webhook: { id: string } } }>(
      CREATE_WEBHOOK,
      {
        input: {
          url: hookUrl,
          resourceTypes: input.resourceTypes,
          ...(input.teamId ? { teamId: input.teamId } : { allPublicTeams: true }),
          secret: signing,
          label: 'c-host issues.event',
        },
      },
      { signal },
    );
    const state: IssueEventState = { webhookId: data.webhookCreate.webhook.id, secret: signing };
    // A re-subscribe (the host's public URL changed, or the filters did): the earlier webhook is
    // replaced, deleted once the new one exists so no change falls between the two. A new webhook
    // rather than `webhookUpdate`, since its team cannot be changed in place.
    if (isIssueEventState(previous)) {
      try {
        await deleteWebhook(ctx, previous.webhookId, signal);
      } catch (error) {
        // Left in place, the old webhook would keep firing at its URL with nothing that knows it:
        // the new one goes instead, and the caller keeps the previous state and tries again.
        await deleteWebhook(ctx, state.webhookId).catch(() => {});
        throw error;
      }
    }
    return { state };
  },
  unsubscribe: (ctx: IssuesContext, state: IssueEventState) => deleteWebhook(ctx, state.webhookId),
  verify(request, state: IssueEventState, input) {
    const event = verifyLinearWebhook(request, state.secret);
    return passes(event.data, input) ? [event] : [];
  },
});
