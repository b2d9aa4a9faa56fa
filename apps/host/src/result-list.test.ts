import { describe, expect, it } from 'vitest';
import { listItems } from './result-list.js';

describe('listItems', () => {
  it('is the result itself when it is an array', () => {
    const result = [{ id: 1 }];
    expect(listItems(result)).toBe(result);
  });

  it('finds the list under the first list key, in order, ignoring keys that hold no array', () => {
    const nodes = [{ id: 'n' }];
    expect(listItems({ data: 'not a list', nodes, results: [{ id: 'r' }] })).toBe(nodes);
    expect(listItems({ object: 'list', data: [1, 2], has_more: false })).toEqual([1, 2]);
  });

  it('is undefined for a record without a list, and for scalars and null', () => {
    expect(listItems({ id: 'cus_1', tags: ['a'] })).toBeUndefined();
    expect(listItems('text')).toBeUndefined();
    expect(listItems(null)).toBeUndefined();
  });
});
