import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestingDepth, parseJsonBody } from './json-body.js';

function refusal(text: string): ValidationError {
  try {
    parseJsonBody(text);
  } catch (error) {
    if (ValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`parsed: ${text}`);
}

describe('nestingDepth', () => {
  it('counts objects and arrays, not brackets inside strings or escaped quotes', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(nestingDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(nestingDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(nestingDepth('["\\\\",[[]]]')).toBe(3);
  });
});

describe('parseJsonBody', () => {
  it('parses ordinary JSON', () => {
    expect(parseJsonBody('{"input":{"thingId":"th_1","tags":["a"]}}')).toEqual({
      input: { thingId: 'th_1', tags: ['a'] },
    });
  });

  it('takes a body as deep as the limit, and refuses one level more', () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(() => parseJsonBody(nested(MAX_BODY_DEPTH))).not.toThrow();
    expect(refusal(nested(MAX_BODY_DEPTH + 1)).message).toMatch(/deeper than 64 levels/);
  });

  it('names a forbidden key by its path, in objects inside arrays too', () => {
    expect(refusal('{"a":[{"b":{"__proto__":{}}}]}').parameter).toBe('a.0.b.__proto__');
    expect(refusal('{"constructor":1}').parameter).toBe('constructor');
    expect(refusal('{"x":{"prototype":null}}').parameter).toBe('x.prototype');
  });

  it('takes the forbidden words as values and inside longer keys', () => {
    expect(parseJsonBody('{"name":"__proto__","my_constructor":"prototype"}')).toEqual({
      name: '__proto__',
      my_constructor: 'prototype',
    });
  });

  it('refuses an empty body and broken JSON without quoting the body', () => {
    expect(refusal('  ').message).toMatch(/empty/);
    const broken = refusal('{"apiKey":"sk_live_abc');
    expect(broken.message).toBe('Invalid body: it is not valid JSON');
  });
});
