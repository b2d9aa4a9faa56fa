import { describe, expect, it } from 'vitest';
import { collect, connectionPage, cursorListPage, items, type Page, pageTokenPage } from './pagination.js';

function source(total: number) {
  const requests: { cursor: string | undefined; limit: number }[] = [];
  const all = Array.from({ length: total }, (_, index) => ({ id: `obj_${index}` }));
  const fetchPage = async (cursor: string | undefined, limit: number): Promise<Page<{ id: string }>> => {
    requests.push({ cursor, limit });
    const start = cursor ? all.findIndex((item) => item.id === cursor) + 1 : 0;
    const data = all.slice(start, start + limit);
    return cursorListPage({ data, has_more: start + limit < total });
  };
  return { fetchPage, requests };
}

describe('pagination', () => {
  it('collects up to N, sizing pages so nothing extra is fetched', async () => {
    const { fetchPage, requests } = source(500);
    const result = await collect(fetchPage, { pageSize: 100, max: 250 });
    expect(result.items).toHaveLength(250);
    expect(result.items[249]?.id).toBe('obj_249');
    expect(requests).toEqual([
      { cursor: undefined, limit: 100 },
      { cursor: 'obj_99', limit: 100 },
      { cursor: 'obj_199', limit: 50 },
    ]);
    expect(result.hasMore).toBe(true);
    expect(result.next).toBe('obj_249');
  });

  it('stops at the end of the list', async () => {
    const { fetchPage, requests } = source(120);
    const result = await collect(fetchPage, { pageSize: 100, max: 1000 });
    expect(result.items).toHaveLength(120);
    expect(result.hasMore).toBe(false);
    expect(requests).toHaveLength(2);
  });

  it('stops fetching as soon as a for-await loop breaks', async () => {
    const { fetchPage, requests } = source(1000);
    let seen = 0;
    for await (const _item of items(fetchPage, { pageSize: 10 })) {
      seen += 1;
      if (seen === 15) break;
    }
    expect(requests).toHaveLength(2);
  });

  it('reads GraphQL connections and page tokens', () => {
    expect(connectionPage({ nodes: [1], pageInfo: { hasNextPage: true, endCursor: 'c1' } })).toEqual({
      items: [1],
      next: 'c1',
    });
    expect(
      connectionPage({ nodes: [], pageInfo: { hasNextPage: false, endCursor: null } }).next,
    ).toBeUndefined();
    expect(pageTokenPage({ files: [{ id: 'a' }], nextPageToken: 't2' }, 'files')).toEqual({
      items: [{ id: 'a' }],
      next: 't2',
    });
    expect(pageTokenPage({}, 'files')).toEqual({ items: [], next: undefined });
  });
});

describe('pagination with empty pages', () => {
  it('follows a cursor past an empty page and stops on a repeated cursor', async () => {
    const responses: Record<string, { items: number[]; next?: string }> = {
      start: { items: [1], next: 'a' },
      a: { items: [], next: 'b' },
      b: { items: [2], next: 'b' },
    };
    const seen: (string | undefined)[] = [];
    const result = await collect(
      async (cursor) => {
        seen.push(cursor);
        return responses[cursor ?? 'start']!;
      },
      { pageSize: 10, max: 100 },
    );
    expect(result.items).toEqual([1, 2]);
    expect(seen).toEqual([undefined, 'a', 'b']);
  });
});
