import { noSuch } from './stripe-errors.js';
import { page, searchPage } from './stripe-lists.js';
import {
  applyMetadata,
  bool,
  hash,
  int,
  list,
  nullableStr,
  type StripeParam,
  type StripeParams,
  str,
} from './stripe-params.js';
import { type Call, changes, route as makeRoute, type Reply, type Route, requestOf } from './stripe-route.js';
import { compileSearch, type SearchFields } from './stripe-search.js';
import type { Collection, StoredObject, StripeState } from './stripe-state.js';

/**
 * How a parameter of an update is read: `text` a string, `nullable` a string or `''` to clear it,
 * `int`, `bool`, `hash` a nested object taken whole, `list` an array. `metadata` merges as Stripe
 * merges metadata (an empty value unsets a key).
 */
export type FieldKind = 'text' | 'nullable' | 'int' | 'bool' | 'hash' | 'list' | 'metadata';

/** A list filter: the object field it compares with the parameter, or a predicate of its own. */
export type ListFilter = string | ((object: StoredObject, value: StripeParam, call: Call) => boolean);

/**
 * One Stripe resource, described once: where it lives, how Stripe names it in messages, and which of
 * the generic routes (list, retrieve, update, delete, search) it has. Whatever is not generic (how an
 * object is created, its status machine, money arithmetic) stays in the resource's own file.
 */
export interface ResourceSpec {
  /** The collection's path, e.g. `/v1/payment_intents`. */
  path: string;
  /** The restricted-key permission (`rak_<permission>_read|write`). */
  permission: string;
  /** The noun of Stripe's `No such …` message (`payment_intent`, `charge`, `refund`). */
  noun: string;
  /** Where the objects are kept. */
  collection(state: StripeState): Collection<StoredObject>;
  /**
   * Brings the stored objects up to the clock before a generic route answers (a schedule whose start
   * date has come begins), for resources that change with time.
   */
  sync?(call: Call): void;
  /** How a stored object is answered, when it keeps fields Stripe does not send (default: as stored). */
  view?(object: StoredObject): unknown;
  /** `GET {path}`: the filters it takes besides `created`, `limit` and the cursors. */
  list?: Readonly<Record<string, ListFilter>>;
  /** `GET {path}/{id}`. */
  retrieve?: boolean;
  /** `GET {path}/search`: the fields of Stripe's search query language it knows. */
  search?: SearchFields;
  /** `POST {path}/{id}`: the fields it changes, a rule run before anything changes, the event. */
  update?: {
    fields: Readonly<Record<string, FieldKind>>;
    /** Refuses an update the object's state does not allow (throws a `StripeFailure`). */
    check?(call: Call, before: StoredObject): void;
    /** Applies what a field table cannot say (a payment method named by a test id), after the fields. */
    apply?(call: Call, after: StoredObject): void;
    /** The event recorded when something changed (default `<object>.updated`). */
    event?: string;
  };
  /** `DELETE {path}/{id}`: a rule run first, and the event (default `<object>.deleted`). */
  delete?: {
    check?(call: Call, object: StoredObject): void;
    event?: string;
  };
}

/** The object a path's id names, or Stripe's `No such …` 404. */
export function find(spec: ResourceSpec, call: Call): StoredObject {
  const [id = ''] = call.ids;
  const object = spec.collection(call.state).get(id);
  if (!object) throw noSuch(spec.noun, id, 'id');
  return object;
}

/** Reads one update field from the parameters; undefined when it was not sent. */
function readField(params: StripeParams, name: string, kind: FieldKind): unknown {
  switch (kind) {
    case 'text':
      return str(params, name);
    case 'nullable':
      return nullableStr(params, name);
    case 'int':
      return int(params, name);
    case 'bool':
      return bool(params, name);
    case 'hash':
      return hash(params, name);
    case 'list':
      return list(params, name);
    case 'metadata':
      return undefined;
  }
}

/** Applies an update's fields to a copy of the object. */
function applyUpdate(spec: ResourceSpec, call: Call, before: StoredObject): StoredObject {
  const after: StoredObject = { ...before };
  for (const [name, kind] of Object.entries(spec.update?.fields ?? {})) {
    if (kind === 'metadata') {
      after[name] = applyMetadata((before[name] as Record<string, string>) ?? {}, call.params);
      continue;
    }
    const value = readField(call.params, name, kind);
    if (value !== undefined) after[name] = value;
  }
  return after;
}

/** The objects of a list that pass every filter given. */
function filtered(spec: ResourceSpec, call: Call): StoredObject[] {
  const filters = Object.entries(spec.list ?? {}).filter(([name]) => call.params[name] !== undefined);
  return spec
    .collection(call.state)
    .list()
    .filter((object) =>
      filters.every(([name, filter]) => {
        const value = call.params[name] as StripeParam;
        return typeof filter === 'string' ? object[filter] === value : filter(object, value, call);
      }),
    );
}

/** How the resource answers with a stored object. */
export function viewOf(spec: ResourceSpec): (object: StoredObject) => unknown {
  return spec.view ?? ((object) => object);
}

/** The generic routes of a resource, as its description asks for them. */
export function resourceRoutes(spec: ResourceSpec): Route[] {
  const { path, permission } = spec;
  const routes: Route[] = [];
  const sync = spec.sync;
  const route = sync
    ? (method: string, at: string, resource: string, run: Route['run']) =>
        makeRoute(method, at, resource, (call) => {
          sync(call);
          return run(call);
        })
    : makeRoute;
  if (spec.list) {
    routes.push(
      route('GET', path, permission, (call) =>
        page(spec.collection(call.state), filtered(spec, call), call.params, path, spec.noun, viewOf(spec)),
      ),
    );
  }
  const search = spec.search;
  if (search) {
    routes.push(
      route('GET', `${path}/search`, permission, (call) => {
        const matches = compileSearch(str(call.params, 'query') ?? '', search, spec.noun);
        const items = spec.collection(call.state).list().filter(matches);
        return searchPage(items, call.params, `${path}/search`);
      }),
    );
  }
  if (spec.retrieve) {
    routes.push(
      route('GET', `${path}/:id`, permission, (call) => ({ body: viewOf(spec)(find(spec, call)) })),
    );
  }
  if (spec.update) routes.push(route('POST', `${path}/:id`, permission, (call) => update(spec, call)));
  if (spec.delete) routes.push(route('DELETE', `${path}/:id`, permission, (call) => remove(spec, call)));
  return routes;
}

function update(spec: ResourceSpec, call: Call): Reply {
  const before = find(spec, call);
  spec.update?.check?.(call, before);
  const after = applyUpdate(spec, call, before);
  spec.update?.apply?.(call, after);
  spec.collection(call.state).set(after);
  const previous = changes(before, after);
  if (previous) {
    const shown = viewOf(spec)(after) as StoredObject;
    call.state.recordEvent(spec.update?.event ?? `${before.object}.updated`, shown, requestOf(call), {
      previousAttributes: previous,
    });
  }
  return { body: viewOf(spec)(after) };
}

function remove(spec: ResourceSpec, call: Call): Reply {
  const object = find(spec, call);
  spec.delete?.check?.(call, object);
  spec.collection(call.state).delete(object.id);
  call.state.recordEvent(spec.delete?.event ?? `${object.object}.deleted`, object, requestOf(call));
  return { body: { id: object.id, object: object.object, deleted: true } };
}
