import { describe, expect, it } from 'vitest';
import { withoutViewHints } from './compact-schema.js';

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
