import { ValidationError, type Zod } from '@c/core';
import type { z } from 'zod';
import {
  checkInputValue,
  isCalendarDate,
  LINEAR_INPUT_TYPES,
  type LinearInputTypeName,
} from './issues-input-types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDENTIFIER = /^[A-Za-z0-9_]{1,10}-[1-9]\d{0,8}$/;

// The helpers take zod's `z` from a command's schema builder, so zod loads on first use only.

/** A Linear id parameter: a UUID, checked before anything is sent. */
export function uuidParam(z: Zod, title: string, description: string) {
  return z
    .string()
    .regex(UUID, 'must be a Linear id: a UUID such as 9cfb482a-81e3-4154-b5b9-2c805e70a02d')
    .meta({ title, description });
}

/** An issue identifier such as `ENG-123`: a team key, a dash and the issue number. */
export function identifierParam(z: Zod, title: string, description: string) {
  return z
    .string()
    .regex(IDENTIFIER, 'must be an issue identifier: a team key, a dash and a number, such as ENG-123')
    .meta({ title, description });
}

const DOCUMENT_KEY =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?:[a-z0-9]+-)*[0-9a-f]{12})$/i;

/** A document: its UUID, or the end of its URL (`launch-plan-4e1c2a9b0d3f`, or just the slug id). */
export function documentKeyParam(z: Zod, description: string) {
  return z
    .string()
    .regex(
      DOCUMENT_KEY,
      'must be a document id (a UUID) or the end of its URL, such as launch-plan-4e1c2a9b0d3f',
    )
    .meta({ title: 'Document Id', description });
}

/** A title or name: any text that is not blank. */
export function textParam(z: Zod, title: string, description: string) {
  return z
    .string()
    .refine((value) => value.trim().length > 0, 'must not be blank')
    .meta({ title, description });
}

/** Markdown text. */
export function markdownParam(z: Zod, title: string, description: string) {
  return z.string().meta({ title, description });
}

/** The names of Linear's priorities, by value (0 to 4). */
export const PRIORITY_TITLES = ['No priority', 'Urgent', 'High', 'Medium', 'Low'] as const;

/** Linear's priority: 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
export function priorityParam(z: Zod) {
  return z
    .int()
    .min(0)
    .max(4)
    .meta({
      title: 'Priority',
      description: '0 no priority, 1 urgent, 2 high, 3 medium, 4 low.',
      // Lists and titles the numbers in the JSON Schema, as choice() does, so that forms and prompts
      // offer "Urgent" rather than 1.
      enum: [0, 1, 2, 3, 4],
      oneOf: PRIORITY_TITLES.map((title, value) => ({
        const: value,
        title,
      })),
    });
}

/** A due date written `YYYY-MM-DD`. */
export function dueDateParam(z: Zod) {
  return z
    .string()
    .refine(isCalendarDate, 'must be a real date written YYYY-MM-DD')
    .meta({ title: 'Due Date', description: 'Due date, ISO 8601 date (YYYY-MM-DD).' });
}

/** Makes an optional parameter clearable with `null`, keeping its title and description on the property. */
export function clearable<S extends z.ZodType>(schema: S) {
  return schema
    .nullable()
    .optional()
    .meta(schema.meta() ?? {});
}

/** Extra input fields merged into the mutation's input, checked against Linear's input type. */
export function additionalFieldsParam(z: Zod, inputType: LinearInputTypeName, examples: string) {
  return z.record(z.string(), z.unknown()).meta({
    title: 'Additional Fields',
    description: `Other fields of Linear's ${inputType}, merged into the input, e.g. ${examples}. Unknown fields are refused before sending.`,
  });
}

/**
 * Builds a mutation input: the command's own fields (those given) plus `additionalFields`, each
 * of which must be a field of Linear's input type with a value of its type. A key that a
 * parameter of the command already sets is refused, naming that parameter, so there is one way
 * to set each field.
 */
export function buildInput(
  inputType: LinearInputTypeName,
  fields: Record<string, unknown>,
  additional: Record<string, unknown> | undefined,
  reserved: Record<string, string>,
): Record<string, unknown> {
  const known: Record<string, string> = LINEAR_INPUT_TYPES[inputType];
  const input: Record<string, unknown> = {};
  for (const [key, value] of additional ? Object.entries(additional) : []) {
    const parameter = `additionalFields.${key}`;
    const fail = (message: string): never => {
      throw new ValidationError(`Invalid parameter "${parameter}": ${message}`, { parameter });
    };
    if (Object.hasOwn(reserved, key)) fail(`set it with the ${reserved[key]} parameter instead`);
    const type = Object.hasOwn(known, key) ? known[key] : undefined;
    if (!type) {
      const near = Object.keys(known).find((field) => field.toLowerCase() === key.toLowerCase());
      const hint = near
        ? ` (did you mean ${near}?)`
        : key === 'state' && inputType.startsWith('Project')
          ? ' (Linear replaced the project state with statusId, the id of a project status)'
          : '';
      fail(`${inputType} has no field "${key}"${hint}`);
    }
    const problem = checkInputValue(type!, value, parameter);
    if (problem) {
      throw new ValidationError(`Invalid parameter "${problem.path}": ${problem.message}`, {
        parameter: problem.path,
      });
    }
    input[key] = value;
  }
  // Keys, not entries: this runs on every create and update (no pair array per field).
  for (const key in fields) {
    const value = fields[key];
    if (value !== undefined) input[key] = value;
  }
  return input;
}

/** How many items a list command returns per page, up to Linear's page size of 250. */
export function limitParam(z: Zod, what: string, fallback: number) {
  return z
    .int()
    .min(1)
    .max(250)
    .default(fallback)
    .meta({ title: 'Limit', description: `${what} per page, 1 to 250 (default ${fallback}).` });
}

/** The cursor of the next page. */
export function cursorParam(z: Zod) {
  return z.string().optional().meta({
    title: 'Cursor',
    description: 'The endCursor of the previous page; empty or omitted for the first page.',
  });
}
