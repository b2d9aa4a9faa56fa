import { describe, expect, it } from 'vitest';
import { forbiddenKeyPath, refuseForbiddenKeys } from './input-keys.js';

describe('forbidden input keys', () => {
  it('finds a prototype key at any depth, in objects and inside arrays, by its path', () => {
    expect(forbiddenKeyPath(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toEqual(['a', '__proto__']);
    expect(forbiddenKeyPath({ items: [{ ok: 1 }, { constructor: { prototype: 1 } }] })).toEqual([
      'items',
      '1',
      'constructor',
    ]);
    expect(forbiddenKeyPath({ list: ['__proto__', 'prototype'], name: 'constructor' })).toBeUndefined();
  });

  it('finds a __proto__ that a parser already turned into a prototype', () => {
    // What assigning rather than defining the key does: no own key is left to see.
    const swallowed: Record<string, unknown> = Object.setPrototypeOf({}, { connection: 'other' });
    expect(Object.keys(swallowed)).toEqual([]);
    expect(forbiddenKeyPath({ input: swallowed })).toEqual(['input', '__proto__']);
    expect(forbiddenKeyPath(Object.create(null))).toBeUndefined();
  });

  it('refuses with a ValidationError naming the parameter', () => {
    expect(() =>
      refuseForbiddenKeys(JSON.parse('{"metadata":{"__proto__":{}}}'), "in a command's input"),
    ).toThrow(
      expect.objectContaining({
        kind: 'validation',
        parameter: 'metadata.__proto__',
        message: `Invalid parameter "metadata.__proto__": the key "__proto__" is not allowed in a command's input`,
      }),
    );
  });
});
