// Who a run or a connection change acts for, and where its log lines go, without threading them
// through every call: the HTTP server sets them for each request; a command line has none, and
// acts as `cli`.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from '../access.js';

/** What the code handling one request knows about it. */
export interface RequestContext {
  /** Who acts (see `NewAuditEntry.actor`): a hash prefix of the token or session, never the value. */
  actor: string;
  /** The request's logger (its lines carry the request id). */
  log?: FastifyBaseLogger | undefined;
}

/** The actor outside any request: a command line (or a process it started, such as `serve`'s sandbox). */
export const CLI_ACTOR = 'cli';

/** The actor of a request that carried neither the token nor a session (a public route). */
export const ANONYMOUS_ACTOR = 'anonymous';

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and everything it starts) as part of one request. */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request the current code serves, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The current actor: the request's, or `cli`. */
export function currentActor(): string {
  return storage.getStore()?.actor ?? CLI_ACTOR;
}

/**
 * Names a caller by a prefix of the SHA-256 the store already keeps of its token or session id:
 * entries of one token (or session) read alike, a new token reads differently, and nothing in the
 * log helps anyone guess a value.
 */
export function actorOf(kind: 'token' | 'session', value: string): string {
  return `${kind}:${sha256(value).slice(0, 12)}`;
}
