import { ValidationError } from '@c/core';
import { payments } from '@c/payments';
import { afterEach, describe, expect, it } from 'vitest';
import { applyParams } from './params.js';

const schema = { type: 'object', properties: { metadata: { type: 'object' }, limit: { type: 'integer' } } };

afterEach(() => {
  // Should an attack get through, do not let it poison the other tests.
  delete (Object.prototype as Record<string, unknown>).x;
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('applyParams', () => {
  it('sets top-level and dotted keys, typed by the schema', () => {
    expect(applyParams({}, ['limit=3', 'metadata.plan=gold', 'metadata.seats=2'], schema)).toEqual({
      limit: 3,
      metadata: { plan: 'gold', seats: 2 },
    });
  });

  it.each([
    'metadata.__proto__.x',
    '__proto__.x',
    '__proto__',
    'metadata.constructor.prototype.x',
    'constructor.prototype.x',
    'metadata.prototype.x',
  ])('refuses %s naming it, and the prototype stays clean', (key) => {
    let error: unknown;
    try {
      applyParams({}, [`${key}=1`], schema);
    } catch (caught) {
      error = caught;
    }
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).parameter).toBe(key);
    expect((error as Error).message).toContain(key);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('keeps a prototype-named value inside JSON as data', () => {
    const input = applyParams({}, ['metadata={"__proto__":{"polluted":1}}'], schema);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(input.metadata)).toBe(Object.prototype);
  });

  it('refuses an empty path segment', () => {
    expect(() => applyParams({}, ['metadata..plan=gold'], schema)).toThrow(/empty segment/);
  });

  it('does not walk into inherited properties', () => {
    expect(applyParams({}, ['metadata.toString.x=1'], schema)).toEqual({
      metadata: { toString: { x: 1 } },
    });
  });
});

describe('lenient values', () => {
  const filterSchema = {
    type: 'object',
    properties: {
      filter: { type: 'object', additionalProperties: {} },
      labels: { type: 'array', items: { type: 'string' } },
      event: { anyOf: [{ type: 'object' }, { type: 'string' }] },
      metadata: { type: 'object', additionalProperties: { type: 'string' } },
    },
  };

  it('reads JSON5 objects and lists, as a shell lets one type them', () => {
    expect(
      applyParams(
        {},
        ['filter={priority: {eq: 1}, state: {type: {in: ["started"]}}}', "labels=['bug', 'ui',]"],
        filterSchema,
      ),
    ).toEqual({
      filter: { priority: { eq: 1 }, state: { type: { in: ['started'] } } },
      labels: ['bug', 'ui'],
    });
    expect(applyParams({}, ['filter={priority:1}'], filterSchema)).toEqual({ filter: { priority: 1 } });
  });

  it('refuses a broken object naming the parameter and where it broke', () => {
    let error: unknown;
    try {
      applyParams({}, ['filter={priority:1'], filterSchema);
    } catch (caught) {
      error = caught;
    }
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).parameter).toBe('filter');
    expect((error as Error).message).toMatch(/not a JSON \(or JSON5\) object: invalid end of input at 1:12/);
  });

  it('keeps text where the schema takes text: a string branch, or a nested string field', () => {
    expect(applyParams({}, ['event={broken'], filterSchema)).toEqual({ event: '{broken' });
    expect(applyParams({}, ['metadata.seats=2'], filterSchema)).toEqual({ metadata: { seats: '2' } });
  });
});

describe('parameter errors in words, on a real command (payments.getCustomers)', () => {
  const getCustomers = payments.commands.getCustomers.inputSchema;

  function refusal(pairs: string[]): ValidationError {
    try {
      applyParams({}, pairs, getCustomers);
    } catch (error) {
      if (ValidationError.isInstance(error)) return error;
      throw error;
    }
    throw new Error(`${pairs.join(' ')} was accepted`);
  }

  it('a misspelt key suggests the parameter meant, as a misspelt command does', () => {
    const error = refusal(['limt=3']);
    expect(error.parameter).toBe('limt');
    expect(error.message).toContain('Did you mean "limit"?');
    expect(error.message).toContain('It takes ');
    expect(error.details).toMatchObject({ suggestions: ['limit'] });
  });

  it('text for a number says a number is expected, without repeating the text', () => {
    const error = refusal(['limit=abc']);
    expect(error.parameter).toBe('limit');
    expect(error.message).toBe('Invalid parameter "limit": expects a whole number, e.g. limit=10');
    expect(error.message).not.toContain('abc');
    expect(applyParams({}, ['limit=3'], getCustomers)).toEqual({ limit: 3 });
  });
});
