import type { FilterField, FilterFieldsKey } from '@c/core';

/**
 * A filter parameter's value, seen as what a filter builder shows: the values of the declared
 * common fields, and the rest of the object, edited as JSON. The value itself (the provider's
 * filter object) stays what is sent; these functions only move between the two views.
 */

/** The keyword of `@c/core` under which a filter parameter declares its common fields. */
export const FILTER_FIELDS: FilterFieldsKey = 'x-filter-fields';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The common fields a parameter's schema declares, if it declares well-formed ones. */
export function filterFieldsOf(schema: unknown): FilterField[] | undefined {
  if (!isRecord(schema)) return undefined;
  const fields = schema[FILTER_FIELDS];
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  const wellFormed = fields.every(
    (field) =>
      isRecord(field) &&
      typeof field.key === 'string' &&
      typeof field.title === 'string' &&
      Array.isArray(field.path) &&
      field.path.length > 0 &&
      field.path.every((part) => typeof part === 'string' && part !== ''),
  );
  return wellFormed ? (fields as FilterField[]) : undefined;
}

/** Whether a value is one a field's control can show (otherwise it stays in the JSON). */
function fits(field: FilterField, value: unknown): boolean {
  if (field.type === 'boolean') return value === true;
  if (field.type === 'integer' && !Number.isInteger(value)) return false;
  if (field.type === 'string' && (typeof value !== 'string' || value === '')) return false;
  return !field.options || field.options.some((option) => option.value === value);
}

/** A value with the leaf at `path` removed, and the objects that leaves empty. */
function without(value: Json, path: string[]): Json {
  const [head, ...tail] = path as [string, ...string[]];
  if (!Object.hasOwn(value, head)) return value;
  const { [head]: inner, ...others } = value;
  if (tail.length === 0) return others;
  if (!isRecord(inner)) return value;
  const rest = without(inner, tail);
  return Object.keys(rest).length === 0 ? others : { ...others, [head]: rest };
}

function at(value: Json, path: string[]): unknown {
  let node: unknown = value;
  for (const part of path) node = isRecord(node) && Object.hasOwn(node, part) ? node[part] : undefined;
  return node;
}

/** A filter as the builder shows it: each field's value (where it fits the control) and the rest. */
export function splitFilter(filter: unknown, fields: FilterField[]): { values: Json; rest: Json } {
  let rest = isRecord(filter) ? filter : {};
  const values: Json = {};
  for (const field of fields) {
    const value = at(rest, field.path);
    if (!fits(field, value)) continue;
    values[field.key] = value;
    rest = without(rest, field.path);
  }
  return { values, rest };
}

/**
 * Deep-merges two filter objects: nested objects are combined key by key, so `{team: {key: …}}` and
 * `{team: {id: …}}` both hold (a provider's filter ANDs its keys); where both set the same leaf,
 * `over` wins.
 */
export function mergeFilters(base: Json, over: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isRecord(current) && isRecord(value) ? mergeFilters(current, value) : value;
  }
  return merged;
}

/** The filter to send: the rest (JSON) with each field's value written at its path. */
export function buildFilter(values: Json, rest: Json, fields: FilterField[]): Json {
  let built: Json = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined || value === '' || (field.type === 'boolean' && value !== true)) continue;
    let leaf: unknown = value;
    for (const part of [...field.path].reverse()) leaf = { [part]: leaf };
    built = mergeFilters(built, leaf as Json);
  }
  return mergeFilters(rest, built);
}
