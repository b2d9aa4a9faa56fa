import { invalidParam, invalidRequest } from './stripe-errors.js';

/** A decoded Stripe parameter: a string, an array (`items[0]…`) or a hash (`metadata[plan]`). */
export type StripeParam = string | StripeParam[] | StripeParams;

/** Decoded parameters of one request, nested as Stripe reads its bracket encoding. */
export interface StripeParams {
  [key: string]: StripeParam;
}

type Node = Map<string, Node | string>;

/**
 * Decodes bracket-encoded pairs (`metadata[plan]=gold`, `items[0][price]=p`, `expand[]=x`) into nested
 * hashes and arrays, the way Stripe reads query strings and form bodies. A hash whose keys are all
 * indexes becomes an array in index order.
 */
export function decodeStripeParams(pairs: Iterable<[string, string]>): StripeParams {
  const root: Node = new Map();
  for (const [key, value] of pairs) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const segments = match
      ? [match[1] ?? key, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
      : [key];
    let node = root;
    segments.forEach((segment, index) => {
      const name = segment === '' ? String(node.size) : segment;
      if (index === segments.length - 1) {
        node.set(name, value);
        return;
      }
      const next = node.get(name);
      if (next instanceof Map) {
        node = next;
      } else {
        const created: Node = new Map();
        node.set(name, created);
        node = created;
      }
    });
  }
  return toParams(root) as StripeParams;
}

function toParams(node: Node): StripeParams | StripeParam[] {
  const entries = [...node].map(([key, value]): [string, StripeParam] => [
    key,
    typeof value === 'string' ? value : toParams(value),
  ]);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
  }
  return Object.fromEntries(entries);
}

/** Stripe's name of a nested parameter: `items[0][price]`. */
export function paramName(path: readonly (string | number)[]): string {
  const [first, ...rest] = path;
  return `${first ?? ''}${rest.map((part) => `[${part}]`).join('')}`;
}

// ---- Readers: Stripe's own 400s for values of the wrong kind ----

/** A string parameter, at most `max` characters. */
export function str(params: StripeParams, name: string, max = 5000): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(`Invalid string: ${name}`, name);
  if (value.length > max) {
    throw invalidParam(`Invalid ${name}: must be at most ${max} characters`, name);
  }
  return value;
}

/** A string field that an empty value clears. */
export function nullableStr(params: StripeParams, name: string, max?: number): string | null | undefined {
  const value = str(params, name, max);
  return value === '' ? null : value;
}

/** An integer parameter; empty is absent. */
export function int(params: StripeParams, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalidParam(
      `Invalid integer: ${typeof value === 'string' ? value : name}`,
      name,
      'parameter_invalid_integer',
    );
  }
  return Number(value);
}

/** A decimal parameter; empty is absent. */
export function num(params: StripeParams, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) {
    throw invalidParam(`Invalid decimal: ${typeof value === 'string' ? value : name}`, name);
  }
  return Number(value);
}

/** A boolean parameter (`true` or `false`). */
export function bool(params: StripeParams, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParam(`Invalid boolean: ${typeof value === 'string' ? value : name}`, name);
}

/** A hash parameter (`name[key]=…`); empty is absent. */
export function hash(params: StripeParams, name: string): StripeParams | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParam(`Invalid hash: ${name}`, name);
  }
  return value;
}

/** An array parameter (`name[0]=…` or `name[]=…`). */
export function list(params: StripeParams, name: string): StripeParam[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalidParam(`Invalid array: ${name}`, name);
  return value;
}

/** The `expand[]` paths of a request. */
export function expandPaths(params: StripeParams): string[] {
  return (list(params, 'expand') ?? []).filter((path): path is string => typeof path === 'string');
}

/**
 * Metadata as Stripe applies it: `metadata=` clears everything; `metadata[key]=` unsets one key; any
 * other value sets it. Limits: 50 keys, keys up to 40 characters, values up to 500.
 */
export function applyMetadata(current: Record<string, string>, params: StripeParams): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest('Invalid hash: metadata', { param: 'metadata' });
  }
  const next = { ...current };
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') {
      throw invalidRequest(`Invalid value for metadata[${key}]: metadata values must be strings`, {
        param: `metadata[${key}]`,
      });
    }
    if (key.length > 40) {
      throw invalidRequest(
        `Invalid metadata: metadata keys can be at most 40 characters long, but you passed in a key that is ${key.length} characters.`,
        { param: 'metadata' },
      );
    }
    if (item.length > 500) {
      throw invalidRequest(
        `Invalid metadata: metadata values can be at most 500 characters long, but you passed in a value that is ${item.length} characters.`,
        { param: `metadata[${key}]` },
      );
    }
    if (item === '') delete next[key];
    else next[key] = item;
  }
  const count = Object.keys(next).length;
  if (count > 50) {
    throw invalidRequest(
      `Invalid metadata: metadata can have up to 50 keys, but you passed in ${count} keys.`,
      { param: 'metadata' },
    );
  }
  return next;
}

/**
 * Decodes an API v2 query string: Stripe's bracket encoding, as the official client sends it
 * (`include[0]=a`), and a repeated plain name as an array too (`include=a&include=b`).
 */
export function decodeV2Query(search: URLSearchParams): StripeParams {
  const counts = new Map<string, number>();
  for (const key of search.keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
  const seen = new Map<string, number>();
  const pairs = [...search].map(([key, value]): [string, string] => {
    if ((counts.get(key) ?? 0) < 2 || key.includes('[')) return [key, value];
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    return [`${key}[${index}]`, value];
  });
  return decodeStripeParams(pairs);
}
