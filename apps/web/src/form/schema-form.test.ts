import { describe, expect, it } from 'vitest';
import { errorSchemaFromHost, patternInWords, transformErrors } from './schema-form';

const fields = { type: 'object' as const, properties: { end: {}, pagination: {} } };

describe('errorSchemaFromHost', () => {
  it('puts a validation error under its parameter, nested for a dotted path', () => {
    expect(
      errorSchemaFromHost(
        {
          name: 'ValidationError',
          kind: 'validation',
          message: 'Invalid parameter "end": must be on or after start',
          retryable: false,
          parameter: 'end',
        },
        fields,
      ),
    ).toEqual({ end: { __errors: ['Must be on or after start.'] } });
    expect(
      errorSchemaFromHost(
        {
          name: 'ValidationError',
          kind: 'validation',
          message: 'x',
          retryable: false,
          parameter: 'pagination.limit',
          details: {
            issues: [{ parameter: 'pagination.limit', message: 'Too big: expected number to be <=100' }],
          },
        },
        fields,
      ),
    ).toEqual({ pagination: { limit: { __errors: ['Too big: expected number to be <=100.'] } } });
  });

  it('ignores other kinds and parameters the form does not have', () => {
    expect(
      errorSchemaFromHost({ name: 'AuthError', kind: 'auth', message: 'x', retryable: false }, fields),
    ).toBeUndefined();
    expect(
      errorSchemaFromHost(
        {
          name: 'ValidationError',
          kind: 'validation',
          message: 'x',
          retryable: false,
          parameter: 'credentials.apiKey',
        },
        fields,
      ),
    ).toBeUndefined();
  });
});

describe('transformErrors', () => {
  it('says ajv messages in plain words', () => {
    const base = { property: '.a', stack: '' };
    const out = transformErrors([
      { ...base, name: 'required', message: "must have required property 'a'" },
      { ...base, name: 'pattern', message: 'must match pattern "^\\d{8}$"', params: { pattern: '^\\d{8}$' } },
      { ...base, name: 'type', message: 'must be integer', params: { type: 'integer' } },
      { ...base, name: 'maximum', message: 'must be <= 100', params: { limit: 100 } },
    ]).map((error) => error.message);
    expect(out).toEqual([
      'This field is required.',
      'Use a date written YYYYMMDD, such as 20261101.',
      'Must be a whole number.',
      'Must be at most 100.',
    ]);
  });
});

describe('patternInWords', () => {
  it('says each pattern of the catalogue in words, never as a regular expression', () => {
    const said = {
      '^(\\d{4})(\\d{2})(\\d{2})$': 'Use a date written YYYYMMDD, such as 20261101.',
      '^(\\d{4})(\\d{2})(\\d{2})T(\\d{2})$': 'Use an hour written YYYYMMDDTHH, such as 20261101T09.',
      '^\\d{4}-\\d{2}-\\d{2}$': 'Use a date written YYYY-MM-DD, such as 2026-11-01.',
      '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$':
        'Use an id in UUID form, such as 9cfb482a-81e3-4154-b5b9-2c805e70a02d.',
      '^[A-Za-z0-9_]{1,10}-[1-9]\\d{0,8}$':
        'Use an issue identifier: a team key, a dash and a number, such as ENG-123.',
      '^cus_[A-Za-z0-9]+$': 'Use an id starting with cus_.',
      '^[A-Za-z0-9_-]+$': 'Use only letters, digits, - and _.',
      '^[A-Za-z0-9._-]{1,128}$': 'Use only letters, digits, ., - and _.',
      '^[^[\\]]+$': 'Must not contain [ or ].',
    };
    for (const [pattern, words] of Object.entries(said)) expect(patternInWords(pattern)).toBe(words);
    expect(patternInWords('^x+(y|z)$')).not.toMatch(/[\^$]/);
  });
});
