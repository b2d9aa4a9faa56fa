import { invalidRequest, noSuch } from './stripe-errors.js';
import { expandPaths, hash, int, type StripeParams, str } from './stripe-params.js';
import type { Reply } from './stripe-route.js';
import type { Collection, StoredObject } from './stripe-state.js';

/** `created` as an exact time or a range `created[gt|gte|lt|lte]`. */
export function createdFilter(params: StripeParams, name = 'created'): (object: StoredObject) => boolean {
  const value = params[name];
  if (value === undefined) return () => true;
  if (typeof value === 'string') {
    const exact = int(params, name);
    return (object) => exact === undefined || object.created === exact;
  }
  const range = hash(params, name) ?? {};
  const bound = (key: string) => int(range, key);
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  return (object) =>
    (gt === undefined || object.created > gt) &&
    (gte === undefined || object.created >= gte) &&
    (lt === undefined || object.created < lt) &&
    (lte === undefined || object.created <= lte);
}

/** `limit`: 1 to 100, 10 when absent. */
function pageLimit(params: StripeParams): number {
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1) {
    throw invalidRequest('This value must be greater than or equal to 1.', {
      param: 'limit',
      code: 'parameter_invalid_integer',
    });
  }
  if (limit > 100) {
    throw invalidRequest('This value must be less than or equal to 100.', {
      param: 'limit',
      code: 'parameter_invalid_integer',
    });
  }
  return limit;
}

/**
 * One page of a list, as Stripe pages: newest first, `limit` 1 to 100 (default 10), `starting_after`
 * or `ending_before` an object id, `has_more` when further items exist in that direction.
 */
export function page(
  collection: Collection<StoredObject>,
  items: readonly StoredObject[],
  params: StripeParams,
  url: string,
  kind: string,
  view: (object: StoredObject) => unknown = (object) => object,
): Reply {
  const limit = pageLimit(params);
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  if (after && before) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', {
      param: 'ending_before',
    });
  }
  const cursorOf = (id: string, param: string) => {
    const cursor = collection.get(id);
    if (!cursor) throw noSuch(kind, id, param, 400);
    return cursor;
  };
  const filtered = items.filter(createdFilter(params));
  let data: StoredObject[];
  let hasMore: boolean;
  if (before) {
    const cursor = cursorOf(before, 'ending_before');
    const newer = filtered.filter((item) => collection.isAfter(cursor, item));
    data = newer.slice(Math.max(0, newer.length - limit));
    hasMore = newer.length > limit;
  } else {
    const cursor = after ? cursorOf(after, 'starting_after') : undefined;
    const older = cursor ? filtered.filter((item) => collection.isAfter(item, cursor)) : filtered;
    data = older.slice(0, limit);
    hasMore = older.length > limit;
  }
  return { body: { object: 'list', data: data.map(view), has_more: hasMore, url } };
}

const PAGE_PREFIX = 'page_';

/**
 * One page of search results: `limit` 1 to 100, `page` the `next_page` token of the previous page,
 * and `total_count` when `expand[]=total_count` asks for it.
 */
export function searchPage(items: readonly StoredObject[], params: StripeParams, url: string): Reply {
  const limit = pageLimit(params);
  const token = str(params, 'page');
  let offset = 0;
  if (token !== undefined) {
    const decoded = token.startsWith(PAGE_PREFIX)
      ? Buffer.from(token.slice(PAGE_PREFIX.length), 'base64url').toString('utf8')
      : '';
    if (!/^\d+$/.test(decoded)) {
      throw invalidRequest(`Invalid page: ${token}. Use the next_page value of a previous search.`, {
        param: 'page',
      });
    }
    offset = Number(decoded);
  }
  const data = items.slice(offset, offset + limit);
  const hasMore = items.length > offset + limit;
  return {
    body: {
      object: 'search_result',
      data,
      has_more: hasMore,
      next_page: hasMore
        ? `${PAGE_PREFIX}${Buffer.from(String(offset + limit)).toString('base64url')}`
        : null,
      url,
      ...(expandPaths(params).includes('total_count') ? { total_count: items.length } : {}),
    },
  };
}
