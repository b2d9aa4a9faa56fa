import type { Zod } from '@c/core';
import { jsonValue } from './analytics-params.js';

/** A property operation's parameter: an object of properties, or a string holding its JSON. */
const properties = (z: Zod, title: string, description: string) =>
  jsonValue(z.record(z.string().min(1), z.unknown()))
    .optional()
    .meta({ title, description });

/**
 * The property operations of the Identify and Group Identify APIs, as command parameters. Amplitude
 * takes them as `$set`, `$setOnce`, … inside `user_properties` (or `group_properties`); its docs
 * list `$preInsert`, `$postInsert` and `$remove` for users only.
 */
export function propertyOperationFields(z: Zod, subject: 'user' | 'group') {
  const common = {
    set: properties(z, 'Set', `Properties to set on the ${subject} ($set), e.g. {"plan": "pro"}.`),
    setOnce: properties(z, 'Set Once', 'Properties set only when they have no value yet ($setOnce).'),
    add: properties(z, 'Add', 'Numbers to add to numeric properties ($add), e.g. {"logins": 1}.'),
    append: properties(z, 'Append', 'Values to append to list properties ($append).'),
    prepend: properties(z, 'Prepend', 'Values to put before list properties ($prepend).'),
    unset: jsonValue(z.array(z.string().min(1)))
      .optional()
      .meta({ title: 'Unset', description: 'Names of properties to remove ($unset).' }),
  };
  if (subject === 'group') return common;
  return {
    ...common,
    preInsert: properties(
      z,
      'Pre-Insert',
      'Values to put first in list properties when absent ($preInsert).',
    ),
    postInsert: properties(
      z,
      'Post-Insert',
      'Values to add last to list properties when absent ($postInsert).',
    ),
    remove: properties(z, 'Remove', 'Values to remove from list properties ($remove).'),
  };
}

/** The operations of a command's input, as Amplitude's `$`-keyed object (only those given). */
export interface PropertyOperationInput {
  set?: Record<string, unknown> | undefined;
  setOnce?: Record<string, unknown> | undefined;
  add?: Record<string, unknown> | undefined;
  append?: Record<string, unknown> | undefined;
  prepend?: Record<string, unknown> | undefined;
  unset?: string[] | undefined;
  preInsert?: Record<string, unknown> | undefined;
  postInsert?: Record<string, unknown> | undefined;
  remove?: Record<string, unknown> | undefined;
}

const OPERATIONS = [
  'set',
  'setOnce',
  'add',
  'append',
  'prepend',
  'preInsert',
  'postInsert',
  'remove',
] as const;

/**
 * Builds `user_properties` / `group_properties`: `{"$set": {…}, "$unset": {"name": "-"}, …}`.
 * Undefined when no operation was given (an identify that only ties a device to a user).
 */
export function propertyOperations(input: PropertyOperationInput): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const key of OPERATIONS) {
    const value = input[key];
    if (value && Object.keys(value).length > 0) out[`$${key}`] = value;
  }
  // Amplitude's docs show $unset as an object whose values are ignored ("-").
  if (input.unset && input.unset.length > 0) {
    out.$unset = Object.fromEntries(input.unset.map((name) => [name, '-']));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
