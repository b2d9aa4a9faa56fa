import { noSuch } from './stripe-errors.js';
import type { StripeParams } from './stripe-params.js';
import type { Collection, StoredObject, StripeState } from './stripe-state.js';

/** One request as a route sees it, after authentication, contract checks and idempotency. */
export interface Call {
  state: StripeState;
  /** Decoded parameters: the query string of a GET or DELETE, query and body of a `/v1/` POST. */
  params: StripeParams;
  /** The parsed JSON body of a `/v2/` call. */
  json: unknown;
  /** Decoded path segments captured by the route. */
  ids: string[];
  requestId: string;
  idempotencyKey: string | null;
}

/** What a route answers (200 unless `status` says otherwise). */
export interface Reply {
  status?: number;
  body: unknown;
}

/** A route of the simulated API. */
export interface Route {
  method: string;
  pattern: RegExp;
  /** The permission a restricted key needs (`rak_<resource>_read` or `_write`). */
  resource: string;
  run(call: Call): Reply;
}

/** A route for `method` and `path`, where each `:id` captures one path segment. */
export function route(method: string, path: string, resource: string, run: Route['run']): Route {
  return { method, pattern: new RegExp(`^${path.replace(/:id/g, '([^/]+)')}$`), resource, run };
}

/** The request fields of the events a call records. */
export const requestOf = (call: Call) => ({ id: call.requestId, idempotencyKey: call.idempotencyKey });

/** An object of a collection, or Stripe's `No such …` 404. */
export function retrieve(
  collection: Collection<StoredObject>,
  id: string,
  kind: string,
  param = 'id',
): StoredObject {
  const object = collection.get(id);
  if (!object) throw noSuch(kind, id, param);
  return object;
}

/** Fields that changed, with their old values, for an event's `previous_attributes`. */
export function changes(before: StoredObject, after: StoredObject): Record<string, unknown> | undefined {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) previous[key] = before[key] ?? null;
  }
  return Object.keys(previous).length > 0 ? previous : undefined;
}
