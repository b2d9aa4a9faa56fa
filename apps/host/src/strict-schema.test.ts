import { describe, expect, it } from 'vitest';
import { viewHints, withoutViewHints } from './strict-schema.js';

describe('withoutViewHints', () => {
  it('drops the UI’s keywords but keeps fields so named and data as it is', () => {
    const schema = {
      type: 'object',
      'x-view': 'table',
      properties: {
        'x-request-id': { type: 'string', 'x-format': 'id' },
        filter: { type: 'object', default: { 'x-kept': 1 }, 'x-filter-fields': ['a'] },
      },
    };
    expect(withoutViewHints(schema)).toEqual({
      type: 'object',
      properties: {
        'x-request-id': { type: 'string' },
        filter: { type: 'object', default: { 'x-kept': 1 } },
      },
    });
  });

  it('writes a list of types as anyOf, each with the keywords of its type', () => {
    expect(
      withoutViewHints({
        type: ['string', 'number', 'null'],
        maxLength: 3,
        minimum: 0,
        description: 'A cell.',
      }),
    ).toEqual({
      description: 'A cell.',
      anyOf: [{ type: 'string', maxLength: 3 }, { type: 'number', minimum: 0 }, { type: 'null' }],
    });
  });
});

describe('viewHints', () => {
  it('gives what withoutViewHints drops, by the JSON Pointer of its node, and nothing from data', () => {
    const schema = {
      type: 'object',
      'x-view': 'table',
      'x-list': 'data',
      properties: {
        data: { type: 'array', items: { type: 'object', 'x-chart': { x: 't' } } },
        'a/b': { type: 'string', 'x-format': 'id' },
        filter: { default: { 'x-kept': 1 }, anyOf: [{ 'x-filter-fields': ['a'] }] },
      },
    };
    expect(viewHints(schema)).toEqual({
      '': { 'x-view': 'table', 'x-list': 'data' },
      '/properties/data/items': { 'x-chart': { x: 't' } },
      '/properties/a~1b': { 'x-format': 'id' },
      '/properties/filter/anyOf/0': { 'x-filter-fields': ['a'] },
    });
    expect(viewHints({ type: 'string' })).toEqual({});
  });
});
