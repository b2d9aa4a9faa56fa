import { randomBytes } from 'node:crypto';
import { type Caller, canSee } from './google-access.js';
import { invalid, iso, masked, ok, readJson, truthy } from './google-drive-common.js';
import { fileResource } from './google-drive-files.js';
import { driveErrorResponse, notFoundPage } from './google-errors.js';
import type { DocsSimulatorState, SimFile } from './google-state.js';

/** One entry of Drive's change log: a file that changed at `time` (removed: deleted). */
export interface SimChange {
  /** Its position in the log; a page token is the position to read from. */
  seq: number;
  fileId: string;
  time: number;
  removed: boolean;
  /** For a removal: who could see the file just before, since the file is gone. */
  viewers?: readonly string[];
}

/** A push channel opened by `changes.watch`. */
export interface SimChannel {
  id: string;
  resourceId: string;
  address: string;
  token: string | undefined;
  /** Epoch milliseconds. */
  expiration: number;
  /** The account and grant that opened it: it hears only of files they can see. */
  caller: Caller;
  /** Drive numbers each channel's messages, starting with 1 for the `sync` message. */
  messageNumber: number;
}

/** One notification the simulator sent, as it recorded it. */
export interface SimNotification {
  channelId: string;
  state: 'sync' | 'change';
  messageNumber: number;
  status: number | undefined;
  error?: string;
}

/** Drive's longest channel on `changes` (one week) and its default (one hour). */
const MAX_CHANNEL_MS = 7 * 24 * 3_600_000;
const DEFAULT_CHANNEL_MS = 3_600_000;
const DEFAULT_CHANGE_FIELDS = 'kind,nextPageToken,newStartPageToken,changes';

/**
 * Drive's change feed and push channels over the simulator's state: every file created, edited,
 * trashed or deleted goes into the change log (`changes.getStartPageToken`, `changes.list`), and
 * each live channel (`changes.watch`) whose account can see the file gets a notification: an empty
 * POST with `X-Goog-Channel-ID`, `X-Goog-Channel-Token`, `X-Goog-Resource-State: change`,
 * `X-Goog-Message-Number` and `X-Goog-Channel-Expiration`, sent without holding up the API's answer.
 * Expired channels get nothing and are dropped; `channels.stop` closes one.
 */
export class DriveChangeFeed {
  readonly log: SimChange[] = [];
  readonly channels = new Map<string, SimChannel>();
  readonly notifications: SimNotification[] = [];
  #next = 1;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #state: DocsSimulatorState;

  constructor(state: DocsSimulatorState) {
    this.#state = state;
  }

  /** The page token a client starts from now: only changes after this moment are listed from it. */
  startPageToken(): string {
    return String(this.#next);
  }

  /** Records a change to a file and tells the channels that may see it. */
  record(file: SimFile, removed: boolean): void {
    const change: SimChange = {
      seq: this.#next++,
      fileId: file.id,
      time: this.#state.now(),
      removed,
      ...(removed ? { viewers: [...file.permissions.keys()] } : {}),
    };
    this.log.push(change);
    for (const channel of [...this.channels.values()]) {
      if (channel.expiration <= this.#state.now()) {
        this.channels.delete(channel.id);
        continue;
      }
      if (this.#visible(change, channel.caller)) this.#notify(channel, 'change');
    }
  }

  /** Forgets the log and the channels (a simulator's reset); page tokens keep growing. */
  clear(): void {
    this.log.length = 0;
    this.channels.clear();
    this.notifications.length = 0;
  }

  /** Resolves once no notification is under way (what a test awaits instead of a timer). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  #visible(change: SimChange, caller: Caller): boolean {
    if (change.removed) return change.viewers?.includes(caller.user) ?? false;
    const file = this.#state.files.get(change.fileId);
    return file !== undefined && canSee(this.#state, file, caller, 'drive');
  }

  #notify(channel: SimChannel, state: 'sync' | 'change'): void {
    channel.messageNumber += 1;
    const messageNumber = channel.messageNumber;
    const headers: Record<string, string> = {
      'x-goog-channel-id': channel.id,
      'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
      'x-goog-resource-id': channel.resourceId,
      'x-goog-resource-uri': `https://www.googleapis.com/drive/v3/changes?alt=json&pageToken=${this.#next}`,
      'x-goog-resource-state': state,
      'x-goog-message-number': String(messageNumber),
    };
    if (channel.token !== undefined) headers['x-goog-channel-token'] = channel.token;
    const task = (async () => {
      const record: SimNotification = { channelId: channel.id, state, messageNumber, status: undefined };
      try {
        const response = await fetch(channel.address, {
          method: 'POST',
          headers,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        record.status = response.status;
      } catch (error) {
        record.error = (error as Error).name;
      }
      this.notifications.push(record);
      if (this.notifications.length > 1000) this.notifications.shift();
    })();
    this.#inFlight.add(task);
    void task.finally(() => this.#inFlight.delete(task));
  }

  /** `changes.getStartPageToken`. */
  getStartPageToken(): Response {
    return ok({ kind: 'drive#startPageToken', startPageToken: this.startPageToken() });
  }

  /** `changes.list`: the changes the caller can see from `pageToken` on, a page at a time. */
  list(caller: Caller, url: URL): Response {
    const from = this.#pageToken(url);
    if (from instanceof Response) return from;
    const pageSize = Number(url.searchParams.get('pageSize') ?? 100);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
      return invalid(
        'pageSize',
        `Invalid value '${url.searchParams.get('pageSize')}'. Values must be within the range: [1, 1000]`,
      );
    }
    const includeRemoved = url.searchParams.get('includeRemoved') !== 'false';
    const restrictToMyDrive = truthy(url.searchParams.get('restrictToMyDrive'));
    const changes: Record<string, unknown>[] = [];
    // Drive reports each file once, in its latest state: an earlier change of a file that changed
    // again later is left out.
    const latest = new Map<string, number>();
    for (const change of this.log) latest.set(change.fileId, change.seq);
    let position = from;
    for (const change of this.log) {
      if (change.seq < from) continue;
      if (changes.length >= pageSize) break;
      position = change.seq + 1;
      if (latest.get(change.fileId) !== change.seq || !this.#visible(change, caller)) continue;
      if (change.removed && !includeRemoved) continue;
      const file = this.#state.files.get(change.fileId);
      if (restrictToMyDrive && file && file.owner !== caller.user) continue;
      changes.push({
        kind: 'drive#change',
        changeType: 'file',
        type: 'file',
        fileId: change.fileId,
        time: iso(change.time),
        removed: change.removed,
        ...(change.removed || !file ? {} : { file: fileResource(this.#state, file, caller.user) }),
      });
    }
    const more = this.log.some((change) => change.seq >= position);
    return masked(
      {
        kind: 'drive#changeList',
        ...(more ? { nextPageToken: String(position) } : { newStartPageToken: String(this.#next) }),
        changes,
      },
      url.searchParams.get('fields'),
      DEFAULT_CHANGE_FIELDS,
    );
  }

  /** `changes.watch`: opens a channel to `address` and answers its resource id; Drive sends `sync` first. */
  async watch(caller: Caller, request: Request, url: URL): Promise<Response> {
    const from = this.#pageToken(url);
    if (from instanceof Response) return from;
    const body = await readJson(request);
    if (body instanceof Response) return body;
    if (typeof body.id !== 'string' || body.id === '' || body.id.length > 64) {
      return driveErrorResponse(400, 'required', 'Required: channel id', {
        location: 'resource.id',
        locationType: 'other',
      });
    }
    if (body.type !== 'web_hook' && body.type !== 'webhook') {
      return driveErrorResponse(400, 'channelTypeRequired', 'Channel type web_hook is required.');
    }
    let address: URL;
    try {
      address = new URL(String(body.address));
    } catch {
      return driveErrorResponse(400, 'invalid', `Invalid address: ${String(body.address)}`);
    }
    // Drive takes only HTTPS; plain HTTP is accepted on loopback, for tests and the sandbox.
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(address.hostname);
    if (address.protocol !== 'https:' && !(address.protocol === 'http:' && loopback)) {
      return driveErrorResponse(400, 'push.webhookUrlNotHttps', 'WebHook callback must be HTTPS: ' + address);
    }
    if (this.channels.has(body.id)) {
      return driveErrorResponse(400, 'channelIdNotUnique', `Channel id ${body.id} not unique`);
    }
    const now = this.#state.now();
    const asked = body.expiration === undefined ? undefined : Number(body.expiration);
    if (asked !== undefined && (!Number.isFinite(asked) || asked <= now)) {
      return driveErrorResponse(400, 'invalid', 'Invalid expiration: it must be a time in the future.');
    }
    const channel: SimChannel = {
      id: body.id,
      resourceId: randomBytes(20).toString('base64url'),
      address: address.toString(),
      token: typeof body.token === 'string' ? body.token : undefined,
      expiration: Math.min(asked ?? now + DEFAULT_CHANNEL_MS, now + MAX_CHANNEL_MS),
      caller,
      messageNumber: 0,
    };
    this.channels.set(channel.id, channel);
    this.#notify(channel, 'sync');
    return ok({
      kind: 'api#channel',
      id: channel.id,
      resourceId: channel.resourceId,
      resourceUri: `https://www.googleapis.com/drive/v3/changes?alt=json&pageToken=${from}`,
      ...(channel.token === undefined ? {} : { token: channel.token }),
      expiration: String(channel.expiration),
    });
  }

  /** `channels.stop`: closes a channel by id and resource id (204); an unknown one is 404. */
  async stop(caller: Caller, request: Request): Promise<Response> {
    const body = await readJson(request);
    if (body instanceof Response) return body;
    const channel = typeof body.id === 'string' ? this.channels.get(body.id) : undefined;
    if (!channel || channel.resourceId !== body.resourceId || channel.caller.user !== caller.user) {
      return driveErrorResponse(
        404,
        'notFound',
        `Channel '${String(body.id)}' not found for project '000000000000'`,
      );
    }
    this.channels.delete(channel.id);
    return new Response(null, { status: 204 });
  }

  #pageToken(url: URL): number | Response {
    const text = url.searchParams.get('pageToken');
    if (!text)
      return invalid('pageToken', "The 'pageToken' parameter is required for this method.", 'required');
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > this.#next) {
      return invalid('pageToken', `Invalid Value`, 'invalid');
    }
    return value;
  }
}

/** Routes `/drive/v3/changes…` and `/drive/v3/channels/stop` to the feed. */
export function changesRoute(
  feed: DriveChangeFeed,
  caller: Caller,
  request: Request,
  url: URL,
): Promise<Response> | Response {
  const path = url.pathname.replace(/^\/drive\/v3\//, '');
  const method = request.method;
  if (path === 'changes/startPageToken' && method === 'GET') return feed.getStartPageToken();
  if (path === 'changes' && method === 'GET') return feed.list(caller, url);
  if (path === 'changes/watch' && method === 'POST') return feed.watch(caller, request, url);
  if (path === 'channels/stop' && method === 'POST') return feed.stop(caller, request);
  return notFoundPage(url.pathname);
}
