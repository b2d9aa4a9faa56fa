import { randomBytes, randomUUID } from 'node:crypto';
import {
  defineTrigger,
  headerValue,
  NotFoundError,
  SignatureError,
  safeEqualHex,
  type TriggerEvent,
  type WebhookRequest,
} from '@c/core';
import type { z as Z } from 'zod';
import { type DocsContext, GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import { documentIdParameter } from '../docs-document-id.js';

/** How long a channel is asked to live: Drive's longest for `changes`, one week. */
export const DRIVE_CHANNEL_LIFETIME_MS = 7 * 24 * 3_600_000;
/** How many pages of `changes.list` one poll reads at most; the rest waits for the next poll. */
const MAX_PAGES_PER_POLL = 20;
const CHANGE_FIELDS =
  'nextPageToken,newStartPageToken,changes(fileId,time,removed,file(id,name,mimeType,trashed,modifiedTime,version,webViewLink,lastModifyingUser(displayName,emailAddress)))';

/** What `docs.fileChanged` keeps: the push channel it opened (the token is checked on every notification). */
export interface FileChangedState {
  channelId: string;
  resourceId: string;
  token: string;
  /** When Drive closes the channel (epoch milliseconds). */
  expiration: number;
}

/** One change of a file, as the event's `data`. */
export interface DriveFileChange {
  fileId: string;
  /** When it changed (ISO 8601). */
  time: string;
  /** True when the file was deleted, or the account lost access to it. */
  removed: boolean;
  file?: Record<string, unknown> & { id: string; name?: string; mimeType?: string };
}

interface ChangeList {
  nextPageToken?: string;
  newStartPageToken?: string;
  changes?: DriveFileChange[];
}

/**
 * Checks a Drive push notification against the channel `subscribe` opened: `X-Goog-Channel-ID` must
 * be that channel and `X-Goog-Channel-Token` its token (compared in constant time). Drive signs
 * nothing, so the token is the only proof; a notification carries no change either, only that
 * something changed: the caller then reads `changes.list` from its saved page token. Returns the
 * resource state (`sync` when the channel opens, `change` after). Throws a `SignatureError`.
 */
export function verifyDriveNotification(
  request: WebhookRequest,
  channel: Pick<FileChangedState, 'channelId' | 'token'>,
): 'sync' | 'change' | string {
  const id = headerValue(request.headers, 'x-goog-channel-id');
  const token = headerValue(request.headers, 'x-goog-channel-token');
  if (!id || token === undefined) {
    throw new SignatureError('The notification has no X-Goog-Channel-ID or X-Goog-Channel-Token', {
      reason: 'missing',
    });
  }
  // Both compared, so the time taken does not tell which one was wrong.
  const sameChannel = safeEqualHex(id, channel.channelId);
  const sameToken = safeEqualHex(token, channel.token);
  if (!sameChannel || !sameToken) {
    throw new SignatureError('The notification is not from this subscription’s Drive channel', {
      reason: 'unknown_channel',
    });
  }
  return headerValue(request.headers, 'x-goog-resource-state') ?? 'change';
}

function inputSchema(z: typeof Z) {
  return z.object({
    documentId: documentIdParameter(z).optional().meta({
      title: 'Document',
      description: 'Only this file: its id or web address. Every file of the kind below when omitted.',
    }),
    mimeType: z
      .string()
      .min(1)
      .default(GOOGLE_DOCS_MIME_TYPE)
      .meta({
        title: 'MIME Type',
        description: `Only files of this type (default Google Docs, ${GOOGLE_DOCS_MIME_TYPE}); "*" for any.`,
      }),
  });
}

function outputSchema(z: typeof Z) {
  return z
    .object({
      fileId: z.string().meta({ title: 'File Id', description: 'The file that changed.' }),
      time: z.string().meta({ title: 'Time', description: 'When it changed (ISO 8601).' }),
      removed: z
        .boolean()
        .meta({ title: 'Removed', description: 'The file was deleted, or the account lost access to it.' }),
      file: z
        .looseObject({
          id: z.string().meta({ title: 'Id', description: 'The file id.' }),
          name: z
            .string()
            .optional()
            .meta({ title: 'Name', description: 'The file name (a document’s title).' }),
          mimeType: z.string().optional().meta({ title: 'MIME Type', description: 'The file type.' }),
        })
        .optional()
        .meta({ title: 'File', description: 'The file now (absent when removed).' }),
    })
    .meta({ title: 'Drive File Change', description: 'One change of a Drive file.' });
}

type FileChangedInput = Z.output<ReturnType<typeof inputSchema>>;

function passes(change: DriveFileChange, input: FileChangedInput): boolean {
  if (input.documentId) return change.fileId === input.documentId;
  // A removal no longer says what the file was, so without a document it cannot be told apart.
  if (change.removed || !change.file) return false;
  return input.mimeType === '*' || change.file.mimeType === input.mimeType;
}

async function startPageToken(ctx: DocsContext, signal?: AbortSignal): Promise<string> {
  const { data } = await ctx.http.request<{ startPageToken: string }>({
    method: 'GET',
    api: 'files',
    path: '/drive/v3/changes/startPageToken',
    responseType: 'json',
    signal,
  });
  return data.startPageToken;
}

async function openChannel(
  ctx: DocsContext,
  hookUrl: string,
  pageToken: string,
  signal?: AbortSignal,
): Promise<{ state: FileChangedState; renewAt: string }> {
  const channelId = randomUUID();
  const token = randomBytes(24).toString('hex');
  const { data } = await ctx.http.request<{ resourceId: string; expiration?: string }>({
    method: 'POST',
    api: 'files',
    path: '/drive/v3/changes/watch',
    query: { pageToken },
    json: {
      id: channelId,
      type: 'web_hook',
      address: hookUrl,
      token,
      expiration: String(Date.now() + DRIVE_CHANNEL_LIFETIME_MS),
    },
    // A repeated watch with the same channel id is refused as not unique: one attempt only.
    idempotent: false,
    responseType: 'json',
    signal,
  });
  const expiration = Number(data.expiration ?? Date.now() + 3_600_000);
  const lifetime = Math.max(0, expiration - Date.now());
  // Renewed with a tenth of its life left (an hour at most), so a late renewal still lands in time.
  const renewAt = new Date(expiration - Math.min(lifetime / 10, 3_600_000)).toISOString();
  return { state: { channelId, resourceId: data.resourceId, token, expiration }, renewAt };
}

async function stopChannel(ctx: DocsContext, state: FileChangedState, signal?: AbortSignal): Promise<void> {
  try {
    await ctx.http.request({
      method: 'POST',
      api: 'files',
      path: '/drive/v3/channels/stop',
      json: { id: state.channelId, resourceId: state.resourceId },
      responseType: 'text',
      signal,
    });
  } catch (error) {
    if (!NotFoundError.isInstance(error)) throw error;
  }
}

/**
 * Stops the channel a new one replaces. Its failure does not fail the replacement: the new channel
 * is open and about to be stored, while throwing would leave it open with nothing that knows it
 * (and the next attempt would open yet another). The old one then ends at its own expiration, and
 * its notifications are refused meanwhile, since the state no longer names it.
 */
async function replaceChannel(ctx: DocsContext, old: FileChangedState, signal?: AbortSignal): Promise<void> {
  try {
    await stopChannel(ctx, old, signal);
  } catch {
    // Deliberately ignored: see above.
  }
}

function isChannelState(value: unknown): value is FileChangedState {
  const state = value as Partial<FileChangedState> | null | undefined;
  return typeof state?.channelId === 'string' && typeof state.resourceId === 'string';
}

/**
 * `docs.fileChanged`: a Drive file (a Google Doc by default) was created, edited, trashed or
 * deleted. Webhook and polling: `subscribe` takes Drive's start page token and opens a push channel
 * (`changes.watch`) with a random id and token; a notification that names that channel and token
 * makes the host read `changes.list` from its saved page token (`verify` returns no events, which
 * tells the host to poll now); without a public URL the same poll runs on a schedule. The channel
 * is replaced before it expires (`renew`, or `subscribe` given the `previous` state) and closed with
 * `channels.stop`.
 */
export const fileChanged = defineTrigger({
  key: 'fileChanged',
  title: 'File Changed',
  description:
    'A Google Doc (or any Drive file of the chosen type) was created, edited, trashed or deleted. Drive pushes a notification within seconds and the change is then read from Drive’s change feed; without a public URL the feed is polled every minute.',
  input: inputSchema,
  output: outputSchema,
  kinds: ['webhook', 'polling'],
  pollIntervalMs: 60_000,
  async subscribe(ctx: DocsContext, { hookUrl, previous, signal }) {
    const cursor = await startPageToken(ctx, signal);
    const { state, renewAt } = await openChannel(ctx, hookUrl, cursor, signal);
    // A re-subscribe (a renewal that failed, retried): the earlier channel is replaced, not leaked.
    // Channel ids are single-use, so it cannot be reopened; it is stopped once the new one is open.
    if (isChannelState(previous)) await replaceChannel(ctx, previous, signal);
    return { state, cursor, renewAt };
  },
  async renew(ctx: DocsContext, { hookUrl, state }: { hookUrl: string; state: FileChangedState }) {
    const opened = await openChannel(ctx, hookUrl, await startPageToken(ctx));
    // The new channel is open before the old one closes, so no change falls between the two.
    await replaceChannel(ctx, state);
    return { state: opened.state, renewAt: opened.renewAt };
  },
  unsubscribe: (ctx: DocsContext, state: FileChangedState) => stopChannel(ctx, state),
  verify(request, state: FileChangedState) {
    verifyDriveNotification(request, state);
    return [];
  },
  async poll(ctx: DocsContext, { input, cursor, signal }) {
    if (cursor === undefined) return { events: [], cursor: await startPageToken(ctx, signal) };
    const events: TriggerEvent<DriveFileChange>[] = [];
    let pageToken = cursor;
    for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
      const { data } = await ctx.http.request<ChangeList>({
        method: 'GET',
        api: 'files',
        path: '/drive/v3/changes',
        query: { pageToken, fields: CHANGE_FIELDS, pageSize: 1000, includeRemoved: true },
        responseType: 'json',
        signal,
      });
      for (const change of data.changes ?? []) {
        if (!passes(change, input)) continue;
        events.push({
          id: `${change.fileId}:${change.time}`,
          type: change.removed ? 'file.removed' : change.file?.trashed ? 'file.trashed' : 'file.changed',
          occurredAt: change.time,
          data: change,
        });
      }
      if (data.newStartPageToken) return { events, cursor: data.newStartPageToken };
      if (!data.nextPageToken) break;
      pageToken = data.nextPageToken;
    }
    return { events, cursor: pageToken };
  },
});
