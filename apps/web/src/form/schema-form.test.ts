import { describe, expect, it } from 'vitest';
import { errorSchemaFromHost, transformErrors } from './schema-form';

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
      'Does not match the expected format (^\\d{8}$).',
      'Must be a whole number.',
      'Must be at most 100.',
    ]);
  });
});
