import { collect, pageTokenPage } from '@c/core';
import type { DocsContext } from '../docs-client.js';

/** Drive's largest page for files, comments, permissions and shared drives alike is 100 or more; 100 fits all. */
const DRIVE_PAGE_SIZE = 100;

/** One Drive listing request: its path, query and the key its items sit under. */
export interface DriveListRequest {
  path: string;
  query: Record<string, string | number | boolean | undefined>;
  items: string;
  /** The provider's largest page for this listing. */
  pageSize?: number;
  /** Keeps only the items it accepts (for filters the provider's listing lacks). */
  keep?: (item: unknown) => boolean;
}

/** A page of a Drive listing, as the list commands return it. */
export interface DriveListResult<T> {
  items: T[];
  hasMore: boolean;
  nextPageToken?: string;
}

/**
 * Follows a Drive listing's `nextPageToken` until `limit` items are read (Drive may answer short or
 * empty pages that still carry a token), and gives the token of what is left so a caller can resume.
 */
export async function listDrivePages<T>(
  ctx: DocsContext,
  request: DriveListRequest,
  limit: number,
  pageToken: string | undefined,
  signal: AbortSignal | undefined,
): Promise<DriveListResult<T>> {
  const { items, hasMore, next } = await collect<T>(
    async (cursor, size) => {
      const { data } = await ctx.http.request<Record<string, unknown>>({
        method: 'GET',
        api: 'files',
        path: request.path,
        query: { ...request.query, pageSize: size, pageToken: cursor },
        responseType: 'json',
        signal,
      });
      const page = pageTokenPage<T>(data, request.items);
      return request.keep ? { ...page, items: page.items.filter(request.keep) } : page;
    },
    { pageSize: request.pageSize ?? DRIVE_PAGE_SIZE, max: limit, cursor: pageToken },
  );
  return { items, hasMore, ...(next ? { nextPageToken: next } : {}) };
}
