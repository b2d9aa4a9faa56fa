import type { View } from './linear-connections.js';
import { entityNotFound, forbidden } from './linear-errors.js';
import type {
  CommentRecord,
  CycleRecord,
  IssueRecord,
  LabelRecord,
  ProjectRecord,
  ProjectStatusRecord,
  TeamRecord,
  UserRecord,
  WorkflowStateRecord,
} from './linear-records.js';
import type { LinearWorkspaceState } from './linear-workspace-state.js';

/** Who is asking: the token's user and, for OAuth tokens, the scopes granted. */
export interface RequestContext {
  workspace: LinearWorkspaceState;
  viewerId: string;
  /** Undefined for a personal API key, which carries the user's full access. */
  scopes: ReadonlySet<string> | undefined;
  /** The credential's budgets after this request (`rateLimitStatus`), when metered. */
  rateLimit?: Record<string, unknown>;
}

/**
 * What each resource's records look like to GraphQL: scalars, relation thunks and connection
 * fields. One set per request; entities refer to each other through it, so each resource file
 * builds its own views and reaches the others' here.
 */
export interface Views {
  organization(): View;
  user(record: UserRecord): View;
  team(record: TeamRecord): View;
  state(record: WorkflowStateRecord): View;
  cycle(record: CycleRecord): View;
  label(record: LabelRecord): View;
  issue(record: IssueRecord): View;
  project(record: ProjectRecord): View;
  projectStatus(record: ProjectStatusRecord): View;
  comment(record: CommentRecord): View;
}

/** A request's context with its views: what every resolver of every resource gets. */
export interface Resolving extends RequestContext {
  views: Views;
}

/** GraphQL arguments, as graphql-js coerced them from the schema. */
export type Args = Record<string, any>;
/** Root fields of a query or mutation, by name. */
export type Root = Record<string, (args: Args, ctx: RequestContext) => unknown>;

/** Linear's names for priorities 0 to 4. */
export const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'];

/** A view of the record, or null when there is none. */
export function maybe<T, V>(record: T | undefined | null, toView: (record: T) => V): V | null {
  return record === undefined || record === null ? null : toView(record);
}

/** The records of a list of ids, skipping any that no longer exist. */
export function pick<T>(map: Map<string, T>, ids: readonly string[]): T[] {
  return ids.flatMap((id) => {
    const record = map.get(id);
    return record ? [record] : [];
  });
}

/** A record by id (ids are lower-case UUIDs), or Linear's "Entity not found". */
export function lookupRecord<T>(map: Map<string, T>, id: unknown, entity: string): T {
  const found = typeof id === 'string' ? map.get(id.toLowerCase()) : undefined;
  if (!found) throw entityNotFound(entity);
  return found;
}

/** The workspace's issues that match. */
export function issuesOf(
  ws: LinearWorkspaceState,
  predicate: (issue: IssueRecord) => boolean,
): IssueRecord[] {
  return [...ws.issues.values()].filter(predicate);
}

/** The share of live issues that are completed, as Linear's `progress` reports it (0 to 1). */
export function progressOf(ws: LinearWorkspaceState, issues: IssueRecord[]): number {
  const live = issues.filter((issue) => issue.archivedAt === null);
  if (live.length === 0) return 0;
  const done = live.filter((issue) => ws.states.get(issue.stateId)?.type === 'completed').length;
  return done / live.length;
}

/**
 * Refuses a write to an OAuth token without `write` (or `admin`); Linear's narrower scopes let
 * `issues:create` create issues and `comments:create` create comments.
 */
export function requireScope(ctx: RequestContext, field: string): void {
  if (!ctx.scopes || ctx.scopes.has('write') || ctx.scopes.has('admin')) return;
  if (field === 'issueCreate' && ctx.scopes.has('issues:create')) return;
  if (field === 'commentCreate' && ctx.scopes.has('comments:create')) return;
  throw forbidden(`Invalid scope: \`write\` required for ${field}`);
}

/**
 * A mutation resolver: checks the token's scope, applies the change, and answers Linear's payload
 * (`success`, the entity fields `apply` returns, and the workspace's `lastSyncId`).
 */
export function mutation(
  ctx: RequestContext,
  field: string,
  apply: (args: Args) => Record<string, unknown>,
): (args: Args) => unknown {
  return (args) => {
    requireScope(ctx, field);
    return { success: true, ...apply(args), lastSyncId: ctx.workspace.lastSyncId };
  };
}

/** Linear's URL slug of a title: lower-case words joined by hyphens, at most 60 characters. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}
