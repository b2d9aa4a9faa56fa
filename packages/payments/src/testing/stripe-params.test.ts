import { describe, expect, it } from 'vitest';
import { decodeStripeParams, paramName } from './stripe-params.js';
import { maskKey } from './stripe-router.js';

const decode = (text: string) => decodeStripeParams(new URLSearchParams(text));

describe('decodeStripeParams', () => {
  it('reads Stripe’s bracket encoding into hashes and arrays', () => {
    expect(
      decode(
        'name=A+B&metadata[plan]=gold&metadata[x]=&items[1][price]=p2&items[0][price]=p1&expand[]=a&expand[]=b',
      ),
    ).toEqual({
      name: 'A B',
      metadata: { plan: 'gold', x: '' },
      items: [{ price: 'p1' }, { price: 'p2' }],
      expand: ['a', 'b'],
    });
    expect(decode('created[gt]=1&created[lte]=2')).toEqual({ created: { gt: '1', lte: '2' } });
  });

  it('keeps odd keys as own data, never on a prototype', () => {
    const params = decode('__proto__[polluted]=yes&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(params)).toEqual(['__proto__', 'constructor']);
  });

  it('names nested parameters as Stripe does', () => {
    expect(paramName(['items', 0, 'price'])).toBe('items[0][price]');
    expect(paramName(['email'])).toBe('email');
  });
});

describe('maskKey', () => {
  it('keeps the kind and the last four characters only', () => {
    expect(maskKey('sk_test_abcdefgh1234')).toBe('sk_test_********1234');
    expect(maskKey('rk_live_abcdefghijkl9876')).toBe('rk_live_************9876');
    expect(maskKey('weird')).not.toContain('wei');
  });
});
