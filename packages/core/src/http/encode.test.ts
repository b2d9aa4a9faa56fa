import { describe, expect, it } from 'vitest';
import { encodeForm, encodeQuery, flattenForm } from './encode.js';

describe('encodeForm', () => {
  it('uses bracket encoding for nested objects and arrays', () => {
    expect(
      encodeForm({
        customer: 'cus_1',
        items: [{ price: 'price_1', quantity: 2 }],
        metadata: { plan: 'gold', note: 'a b&c' },
        expand: ['a', 'b'],
      }),
    ).toBe(
      'customer=cus_1&items[0][price]=price_1&items[0][quantity]=2&metadata[plan]=gold&metadata[note]=a+b%26c&expand[0]=a&expand[1]=b',
    );
  });

  it('skips undefined and sends null as an empty value (Stripe unsets with it)', () => {
    expect(flattenForm({ a: undefined, b: null, c: { d: null } })).toEqual([
      ['b', ''],
      ['c[d]', ''],
    ]);
  });

  it('encodes keys that need escaping but keeps brackets', () => {
    expect(encodeForm({ metadata: { 'k=1': 'v' } })).toBe('metadata[k%3D1]=v');
  });
});

describe('encodeQuery', () => {
  it('repeats array keys and encodes values', () => {
    expect(
      encodeQuery({ g: ['country', 'city'], e: { event_type: 'x' }, s: 'a b', n: 1, u: undefined }),
    ).toBe('g=country&g=city&e=%7B%22event_type%22%3A%22x%22%7D&s=a%20b&n=1');
  });

  it('uses brackets when asked', () => {
    expect(encodeQuery({ created: { gt: 1, lt: 2 }, limit: 3 }, true)).toBe(
      'created[gt]=1&created[lt]=2&limit=3',
    );
  });
});
