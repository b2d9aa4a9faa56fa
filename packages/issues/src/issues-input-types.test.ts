import { getNamedType, isEnumType, isInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkInputValue, LINEAR_INPUT_ENUMS, LINEAR_INPUT_TYPES } from './issues-input-types.js';
import { loadLinearSchema } from './testing/index.js';

describe('LINEAR_INPUT_TYPES', () => {
  const schema = loadLinearSchema();

  it('lists exactly the fields and types of Linear’s input types', () => {
    for (const [name, fields] of Object.entries(LINEAR_INPUT_TYPES)) {
      const type = schema.getType(name);
      if (!isInputObjectType(type)) throw new Error(`${name} is not an input type in Linear's schema`);
      const fromSchema = Object.fromEntries(
        Object.values(type.getFields()).map((field) => [field.name, String(field.type)]),
      );
      expect(fields, name).toEqual(fromSchema);
    }
  });

  it('knows the values of every enum those inputs use, as the schema does', () => {
    for (const name of Object.keys(LINEAR_INPUT_TYPES)) {
      const type = schema.getType(name);
      if (!isInputObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type);
        expect(isInputObjectType(named), `${name}.${field.name} is a nested input`).toBe(false);
        if (isEnumType(named)) {
          expect(LINEAR_INPUT_ENUMS[named.name]).toEqual(named.getValues().map((value) => value.name));
        }
      }
    }
  });

  it('checks every type used, with the path of the wrong item', () => {
    const types = new Set(
      Object.values(LINEAR_INPUT_TYPES).flatMap((fields) => Object.values(fields as Record<string, string>)),
    );
    for (const type of types) {
      expect(checkInputValue(type, { not: 'right' }, 'x')?.message ?? '').not.toMatch(/cannot check/);
    }
    expect(checkInputValue('[String!]', ['a', null], 'additionalFields.labelIds')).toEqual({
      path: 'additionalFields.labelIds.1',
      message: 'must not be null',
    });
    expect(checkInputValue('Int', 2 ** 31, 'p')?.message).toBe('must be an integer');
    expect(checkInputValue('TimelessDate', '2032-02-29', 'p')).toBeUndefined();
    expect(checkInputValue('TimelessDate', '2031-02-29', 'p')?.message).toBe(
      'must be a date written YYYY-MM-DD',
    );
    expect(checkInputValue('JSON', { any: ['thing'] }, 'p')).toBeUndefined();
    expect(checkInputValue('String', null, 'p')).toBeUndefined();
    expect(checkInputValue('String!', null, 'p')?.message).toBe('must not be null');
  });
});
