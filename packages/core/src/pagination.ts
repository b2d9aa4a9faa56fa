/** One page of a list: its items and the cursor of the next page, if any. */
export interface Page<T> {
  items: T[];
  /** The cursor to fetch the next page with; undefined on the last page. */
  next?: string | undefined;
}

/** Fetches one page: the cursor (undefined for the first page) and how many items to ask for. */
export type FetchPage<T> = (cursor: string | undefined, limit: number) => Promise<Page<T>>;

/** Options of `pages`, `items` and `collect`. */
export interface PaginateOptions {
  /** The provider's largest page. */
  pageSize: number;
  /** Stop after this many items in all; pages are sized so no more than needed is fetched. */
  max?: number;
  /** Start from this cursor instead of the first page. */
  cursor?: string | undefined;
}

/** Yields pages until the list ends or `max` items were yielded; the last page is trimmed to fit. */
export async function* pages<T>(fetchPage: FetchPage<T>, options: PaginateOptions): AsyncGenerator<Page<T>> {
  let cursor = options.cursor;
  let remaining = options.max ?? Number.POSITIVE_INFINITY;
  const seen = new Set<string>();
  while (remaining > 0) {
    const page = await fetchPage(cursor, Math.min(options.pageSize, remaining));
    const items = page.items.length > remaining ? page.items.slice(0, remaining) : page.items;
    remaining -= items.length;
    yield { items, next: page.next };
    // Some providers (Drive) send empty pages that still carry a cursor: follow it, but never loop.
    if (!page.next || seen.has(page.next)) return;
    seen.add(page.next);
    cursor = page.next;
  }
}

/** Yields every item across pages; `for await` it, and `break` stops fetching at once. */
export async function* items<T>(fetchPage: FetchPage<T>, options: PaginateOptions): AsyncGenerator<T> {
  for await (const page of pages(fetchPage, options)) yield* page.items;
}

/** Collects up to `max` items, fetching no page more than needed. */
export async function collect<T>(
  fetchPage: FetchPage<T>,
  options: PaginateOptions & { max: number },
): Promise<{ items: T[]; hasMore: boolean; next: string | undefined }> {
  const out: T[] = [];
  let next: string | undefined;
  let hasMore = false;
  for await (const page of pages(fetchPage, options)) {
    out.push(...page.items);
    next = page.next;
    hasMore = page.next !== undefined;
  }
  return { items: out, hasMore, next };
}

/** A Stripe-style list (`data`, `has_more`): the next cursor is the last item's id. */
export function cursorListPage<T extends { id: string }>(list: { data: T[]; has_more: boolean }): Page<T> {
  const last = list.data.at(-1);
  return { items: list.data, next: list.has_more && last ? last.id : undefined };
}

/** A GraphQL connection (`nodes`, `pageInfo { hasNextPage endCursor }`). */
export function connectionPage<T>(connection: {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}): Page<T> {
  const { hasNextPage, endCursor } = connection.pageInfo;
  return { items: connection.nodes, next: hasNextPage && endCursor ? endCursor : undefined };
}

/** A page-token list (`nextPageToken`), items under `key`. */
export function pageTokenPage<T>(response: Record<string, unknown>, key: string): Page<T> {
  const token = response.nextPageToken;
  return {
    items: (response[key] as T[] | undefined) ?? [],
    next: typeof token === 'string' && token ? token : undefined,
  };
}
