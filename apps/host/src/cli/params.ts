import { readFileSync } from 'node:fs';
import { type JsonSchema, ValidationError } from '@c/core';

function typesOf(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (typeof object.type === 'string') types.add(object.type);
    if (Array.isArray(object.type)) for (const type of object.type) types.add(String(type));
    if (Array.isArray(object.enum)) for (const value of object.enum) types.add(typeof value);
    for (const key of ['anyOf', 'oneOf'] as const) if (Array.isArray(object[key])) object[key].forEach(visit);
  };
  visit(schema);
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Turns a `--param` text into the value its schema wants: strings stay as typed, numbers, booleans,
 * objects and arrays are read as JSON, and a schema that allows both (e.g. "an event object, or a
 * string holding its JSON") gets JSON when the text parses to an allowed type.
 */
export function coerce(text: string, schema: JsonSchema | undefined): unknown {
  const types = typesOf(schema);
  if (types.size === 1 && types.has('string')) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const type = jsonType(parsed);
  if (types.size === 0 || types.has(type) || (type === 'integer' && types.has('number'))) return parsed;
  return types.has('string') ? text : parsed;
}

/** Reads `--input`: JSON text, `@file` for a file's JSON, or `-` for standard input. */
export function readInput(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  const source =
    text === '-'
      ? readFileSync(0, 'utf8')
      : text.startsWith('@')
        ? readFileSync(text.slice(1), 'utf8')
        : text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    throw new ValidationError('Invalid parameter "input": --input must be a JSON object', {
      parameter: 'input',
    });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('Invalid parameter "input": --input must be a JSON object', {
      parameter: 'input',
    });
  }
  return value as Record<string, unknown>;
}

/** Keys that would reach an object's prototype rather than hold data. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Applies `key=value` pairs onto an input object. A dotted key (`metadata.plan=gold`) sets a field
 * inside an object parameter. `__proto__`, `constructor` and `prototype` segments, and empty ones,
 * are refused (naming the key): a path must never walk into, or replace, an object's prototype.
 */
export function applyParams(
  input: Record<string, unknown>,
  pairs: readonly string[],
  schema: JsonSchema,
  option = 'param',
): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals < 1) {
      throw new ValidationError(`Invalid parameter "${option}": "${pair}" is not key=value`, {
        parameter: option,
      });
    }
    const key = pair.slice(0, equals);
    const path = key.split('.');
    const text = pair.slice(equals + 1);
    for (const segment of path) {
      if (segment === '' || PROTOTYPE_KEYS.has(segment)) {
        throw new ValidationError(
          `Invalid parameter "${key}": ${segment === '' ? 'a key path has an empty segment' : `"${segment}" cannot be a key (it would reach an object's prototype)`}`,
          { parameter: key },
        );
      }
    }
    const top = path[0]!;
    if (path.length === 1) {
      input[top] = coerce(text, Object.hasOwn(properties, top) ? properties[top] : undefined);
      continue;
    }
    let target = input;
    for (const segment of path.slice(0, -1)) {
      // Own properties only: an inherited one (`toString`) is not a field of the input.
      const next = Object.hasOwn(target, segment) ? target[segment] : undefined;
      if (!next || typeof next !== 'object' || Array.isArray(next)) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path.at(-1)!] = coerce(text, undefined);
  }
  return input;
}

/** The first list in a result (Stripe's `data`, GraphQL `nodes`, `events`, `files`, …), for NDJSON. */
export function listItems(result: unknown): unknown[] | undefined {
  if (Array.isArray(result)) return result;
  if (!result || typeof result !== 'object') return undefined;
  const object = result as Record<string, unknown>;
  for (const key of ['data', 'nodes', 'events', 'files', 'matches', 'results']) {
    if (Array.isArray(object[key])) return object[key];
  }
  return undefined;
}
