import { readFileSync } from 'node:fs';
import { type JsonSchema, ValidationError } from '@c/core';
import JSON5 from 'json5';
import { closestNames, didYouMean } from '../suggest.js';

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

/** The schema of a field inside an object parameter (`metadata.plan`), through unions too. */
function schemaAt(schema: JsonSchema | undefined, path: readonly string[]): JsonSchema | undefined {
  let node = schema;
  for (const key of path) {
    if (!node) return undefined;
    const branches = [node, ...(((node.anyOf ?? node.oneOf) as JsonSchema[] | undefined) ?? [])];
    const holder = branches.find((branch) => {
      const properties = branch.properties as Record<string, JsonSchema> | undefined;
      return properties !== undefined && Object.hasOwn(properties, key);
    });
    node = holder
      ? (holder.properties as Record<string, JsonSchema>)[key]
      : (branches.find(
          (branch) => branch.additionalProperties && typeof branch.additionalProperties === 'object',
        )?.additionalProperties as JsonSchema | undefined);
  }
  return node;
}

/**
 * Turns a `--param` text (or an answer to a prompt) into the value its schema wants: strings stay as
 * typed; numbers, booleans, objects and arrays are read as JSON5, so a shell-friendly
 * `{priority: 1}` or `['bug', 'ui']` works as well as strict JSON; a schema that allows both (e.g.
 * "an event object, or a string holding its JSON") gets the parsed value when it is an allowed type.
 * Text meant as an object or list that does not parse is refused naming `parameter`, with where it
 * broke, rather than passed on as a string the schema would refuse without saying why.
 */
export function coerce(text: string, schema: JsonSchema | undefined, parameter = 'param'): unknown {
  const types = typesOf(schema);
  if (types.size === 1 && types.has('string')) return text;
  let parsed: unknown;
  try {
    parsed = JSON5.parse(text);
  } catch (error) {
    checkNumber(undefined, types, parameter);
    const structured = types.has('object') || types.has('array');
    if (structured && !types.has('string') && /^\s*[[{]/.test(text)) {
      const reason = error instanceof Error ? error.message.replace(/^JSON5: /, '') : String(error);
      throw new ValidationError(
        `Invalid parameter "${parameter}": ${JSON.stringify(text)} is not a JSON (or JSON5) ${types.has('object') ? 'object' : 'list'}: ${reason}`,
        { parameter },
      );
    }
    return text;
  }
  checkNumber(parsed, types, parameter);
  const type = jsonType(parsed);
  if (types.size === 0 || types.has(type) || (type === 'integer' && types.has('number'))) return parsed;
  return types.has('string') ? text : parsed;
}

/**
 * Refuses text that is not a number for a parameter that takes only numbers, in words (`expects a
 * whole number, e.g. limit=10`) rather than the schema's `expected number, got string` later. The
 * text is not repeated: it was typed just now, and could be a secret put in the wrong place.
 */
function checkNumber(parsed: unknown, types: Set<string>, parameter: string): void {
  if (types.size === 0 || ![...types].every((type) => type === 'number' || type === 'integer')) return;
  if (typeof parsed === 'number' && Number.isFinite(parsed)) return;
  const whole = !types.has('number');
  throw new ValidationError(
    `Invalid parameter "${parameter}": expects ${whole ? 'a whole number' : 'a number'}, e.g. ${parameter}=${whole ? '10' : '2.5'}`,
    { parameter },
  );
}

/**
 * Refuses a key the command does not take (its schema allows no others), suggesting the closest
 * ones (`limt` → `limit`) as a misspelt command id does, and listing the parameters there are.
 */
function checkKnown(key: string, properties: Record<string, JsonSchema>, schema: JsonSchema): void {
  if (schema.additionalProperties !== false || Object.hasOwn(properties, key)) return;
  const known = Object.keys(properties);
  const suggestions = closestNames(key, known);
  throw new ValidationError(
    `Invalid parameter "${key}": is not a parameter of this command.${didYouMean(suggestions)} ${known.length > 0 ? `It takes ${known.join(', ')}.` : 'It takes none.'}`,
    { parameter: key, details: suggestions.length > 0 ? { suggestions } : undefined },
  );
}

/** Reads `--input`: JSON (or JSON5) text, `@file` for a file's, or `-` for standard input. */
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
    value = JSON5.parse(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^JSON5: /, '') : String(error);
    throw new ValidationError(
      `Invalid parameter "input": --input must be a JSON (or JSON5) object: ${reason}`,
      {
        parameter: 'input',
      },
    );
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
    // A command's or trigger's parameters; credentials keep the store's own checks.
    if (option === 'param') checkKnown(top, properties, schema);
    const field = Object.hasOwn(properties, top) ? properties[top] : undefined;
    if (path.length === 1) {
      input[top] = coerce(text, field, key);
      continue;
    }
    let target = input;
    for (const segment of path.slice(0, -1)) {
      // Own properties only: an inherited one (`toString`) is not a field of the input.
      const next = Object.hasOwn(target, segment) ? target[segment] : undefined;
      if (!next || typeof next !== 'object' || Array.isArray(next)) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path.at(-1)!] = coerce(text, schemaAt(field, path.slice(1)), key);
  }
  return input;
}
