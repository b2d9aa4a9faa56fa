import { getClosestMatchingOption, type RJSFSchema, retrieveSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { transformErrors } from './schema-form';
import { formValidator, InterpretingValidator } from './validator';

/** The two shapes of `target`: the shared event definition, or a cohort. */
const targetOptions: RJSFSchema[] = [
  { $ref: '#/$defs/event', title: 'An event' },
  { type: 'object', title: 'A cohort', required: ['cohort'], properties: { cohort: { type: 'string' } } },
];

/** A schema with every kind of rule the catalogue's commands use, a shared definition among them. */
const schema: RJSFSchema = {
  type: 'object',
  required: ['start', 'event'],
  $defs: {
    event: {
      type: 'object',
      required: ['event_type'],
      properties: { event_type: { type: 'string', minLength: 1 } },
      additionalProperties: false,
    },
  },
  properties: {
    start: { type: 'string', pattern: '^\\d{8}$' },
    day: { type: 'string', format: 'date' },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
    ratio: { type: 'number', exclusiveMinimum: 0 },
    name: { type: 'string', minLength: 1, maxLength: 5 },
    metric: { type: 'string', enum: ['uniques', 'totals'] },
    tags: { type: 'array', items: { type: 'string', maxLength: 3 }, maxItems: 2 },
    metadata: {
      type: 'object',
      propertyNames: { pattern: '^[^[\\]]+$' },
      additionalProperties: { type: 'string' },
    },
    event: { $ref: '#/$defs/event' },
    target: { oneOf: targetOptions },
  },
};

const valid = { start: '20261101', event: { event_type: '_active' } };

/** The errors of some input, as rjsf hands them to the form: name, property, params and the UI's words. */
function problems(input: unknown, against: RJSFSchema = schema) {
  const { errors } = formValidator.validateFormData(input, against, undefined, transformErrors);
  return errors.map(({ name, property, params, message }) => ({ name, property, params, message }));
}

afterEach(() => formValidator.reset());

describe('the form validator', () => {
  it('finds nothing wrong in valid input, with properties left undefined by the form', () => {
    expect(problems(valid)).toEqual([]);
    expect(problems({ ...valid, day: undefined, tags: [] })).toEqual([]);
    expect(formValidator.validateFormData(valid, schema).errorSchema).toEqual({});
  });

  it('reports a missing required property on the property itself, with missingProperty', () => {
    expect(problems({ event: { event_type: 'x' } })).toEqual([
      {
        name: 'required',
        property: 'start',
        params: { missingProperty: 'start' },
        message: 'This field is required.',
      },
    ]);
    const { errorSchema } = formValidator.validateFormData({ event: { event_type: 'x' } }, schema);
    expect(errorSchema).toEqual({ start: { __errors: ["must have required property 'start'"] } });
  });

  it('reports a nested required property through a $ref into $defs', () => {
    expect(problems({ start: '20261101', event: {} })).toEqual([
      {
        name: 'required',
        property: '.event.event_type',
        params: { missingProperty: 'event_type' },
        message: 'This field is required.',
      },
    ]);
  });

  it('says a known pattern in words and gives the pattern in params', () => {
    expect(problems({ ...valid, start: '2026-11-01' })).toEqual([
      {
        name: 'pattern',
        property: '.start',
        params: { pattern: '^\\d{8}$' },
        message: 'Use a date written YYYYMMDD, such as 20261101.',
      },
    ]);
  });

  it('reports type, minimum, maximum and exclusiveMinimum with their limits', () => {
    expect(problems({ ...valid, limit: 1.5 })).toEqual([
      { name: 'type', property: '.limit', params: { type: 'integer' }, message: 'Must be a whole number.' },
    ]);
    expect(problems({ ...valid, limit: 0 })).toEqual([
      {
        name: 'minimum',
        property: '.limit',
        params: { comparison: '>=', limit: 1 },
        message: 'Must be at least 1.',
      },
    ]);
    expect(problems({ ...valid, limit: 1001 })).toEqual([
      {
        name: 'maximum',
        property: '.limit',
        params: { comparison: '<=', limit: 1000 },
        message: 'Must be at most 1000.',
      },
    ]);
    expect(problems({ ...valid, ratio: 0 })).toEqual([
      {
        name: 'exclusiveMinimum',
        property: '.ratio',
        params: { comparison: '>', limit: 0 },
        message: 'Must be > 0',
      },
    ]);
  });

  it('reports minLength (empty text) and maxLength', () => {
    expect(problems({ ...valid, name: '' })).toEqual([
      { name: 'minLength', property: '.name', params: { limit: 1 }, message: 'Must not be empty.' },
    ]);
    expect(problems({ ...valid, name: 'too long' })).toEqual([
      {
        name: 'maxLength',
        property: '.name',
        params: { limit: 5 },
        message: 'Must be at most 5 characters.',
      },
    ]);
  });

  it('reports enum, format and the rules of arrays, item by item', () => {
    expect(problems({ ...valid, metric: 'sums' })).toEqual([
      {
        name: 'enum',
        property: '.metric',
        params: { allowedValues: ['uniques', 'totals'] },
        message: 'Choose one of the allowed values.',
      },
    ]);
    expect(problems({ ...valid, day: '2026-02-30' })).toEqual([
      { name: 'format', property: '.day', params: { format: 'date' }, message: 'Must match format "date"' },
    ]);
    expect(problems({ ...valid, tags: ['abcd', 'b', 'c'] })).toEqual([
      {
        name: 'maxItems',
        property: '.tags',
        params: { limit: 2 },
        message: 'Must NOT have more than 2 items',
      },
      {
        name: 'maxLength',
        property: '.tags.0',
        params: { limit: 3 },
        message: 'Must be at most 3 characters.',
      },
    ]);
  });

  it('reports a bad key of a record on the record, and an extra property on its object', () => {
    expect(problems({ ...valid, metadata: { 'a[1]': 'x' } })).toEqual([
      {
        name: 'propertyNames',
        property: '.metadata',
        params: { propertyName: 'a[1]' },
        message: 'Property name must be valid',
      },
      {
        name: 'pattern',
        property: '.metadata',
        params: { pattern: '^[^[\\]]+$' },
        message: 'Must not contain [ or ].',
      },
    ]);
    expect(problems({ ...valid, event: { event_type: 'x', extra: 1 } })).toEqual([
      {
        name: 'additionalProperties',
        property: '.event',
        params: { additionalProperty: 'extra' },
        message: 'Must NOT have additional properties',
      },
    ]);
  });

  it('tells a type error of a value edited as JSON apart (params.type)', () => {
    expect(problems({ ...valid, metadata: '{"a":' })).toEqual([
      { name: 'type', property: '.metadata', params: { type: 'object' }, message: 'Must be a JSON object.' },
    ]);
  });

  it("matches oneOf options whose $ref points into the root schema's $defs (isValid)", () => {
    const [event, cohort] = targetOptions as [RJSFSchema, RJSFSchema];
    expect(formValidator.isValid(event, { event_type: 'x' }, schema)).toBe(true);
    expect(formValidator.isValid(event, { event_type: 1 }, schema)).toBe(false);
    expect(formValidator.isValid(cohort, { cohort: 'c' }, schema)).toBe(true);
    expect(formValidator.isValid(cohort, {}, schema)).toBe(false);
    expect(getClosestMatchingOption(formValidator, schema, { cohort: 'c' }, targetOptions)).toBe(1);
    expect(getClosestMatchingOption(formValidator, schema, { event_type: 'x' }, targetOptions)).toBe(0);
    // rjsf resolves `$ref`s and `if`/`then` with the same validator.
    const conditional: RJSFSchema = {
      type: 'object',
      properties: { kind: { type: 'string' } },
      if: { properties: { kind: { const: 'date' } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's own keyword
      then: { properties: { day: { type: 'string', format: 'date' } } },
    };
    const resolved = retrieveSchema(formValidator, conditional, conditional, { kind: 'date' });
    expect(Object.keys(resolved.properties ?? {})).toEqual(['kind', 'day']);
  });

  it('lets a schema it cannot read block nothing, and says why in rawValidation', () => {
    const unreadable: RJSFSchema = { type: 'object', properties: { a: { type: 'string', pattern: '(' } } };
    expect(formValidator.validateFormData({ a: 'x' }, unreadable)).toEqual({ errors: [], errorSchema: {} });
    expect(formValidator.rawValidation(unreadable, { a: 'x' }).validationError).toBeInstanceOf(Error);
    const dangling: RJSFSchema = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
    expect(formValidator.validateFormData({ a: 1 }, dangling)).toEqual({ errors: [], errorSchema: {} });
    expect(formValidator.isValid(dangling, { a: 1 }, dangling)).toBe(false);
  });

  it('runs customValidate and merges its errors', () => {
    const { errors, errorSchema } = formValidator.validateFormData(valid, schema, (data, errorHandler) => {
      if ((data as { start?: string }).start === '20261101')
        errorHandler.start?.addError('Not on the first.');
      return errorHandler;
    });
    expect(errors.map((error) => error.stack)).toEqual(['.start Not on the first.']);
    expect((errorSchema as Record<string, unknown>).start).toEqual({ __errors: ['Not on the first.'] });
  });

  it('never evaluates code: validates with Function and eval made to throw', () => {
    const { Function: realFunction, eval: realEval } = globalThis;
    const refuse = () => {
      throw new EvalError('code evaluation refused');
    };
    globalThis.Function = new Proxy(realFunction, { construct: refuse, apply: refuse });
    globalThis.eval = refuse;
    try {
      const fresh = new InterpretingValidator();
      const { errors } = fresh.validateFormData({ event: {} }, schema);
      expect(errors.map((error) => error.name)).toEqual(['required', 'required']);
      expect(fresh.rawValidation(schema, valid).validationError).toBeUndefined();
    } finally {
      globalThis.Function = realFunction;
      globalThis.eval = realEval;
    }
  });
});
