import { invalidRequest } from './stripe-errors.js';
import type { StoredObject } from './stripe-state.js';

/**
 * How a search field compares: text (exact `:`, case-insensitive; `~` substring of at least three
 * characters when `substring`), a number (`:`, `>`, `<`, `>=`, `<=`), a boolean, or metadata
 * (`metadata['key']:'value'`).
 */
export type SearchField =
  | { kind: 'text'; substring?: boolean }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'metadata' };

/** The query fields of one searchable resource, as Stripe's search documentation lists them. */
export type SearchFields = Record<string, SearchField>;

type Operator = ':' | '~' | '>' | '<' | '>=' | '<=';

interface Clause {
  negated: boolean;
  field: string;
  /** The key of `metadata['key']`. */
  key?: string;
  operator: Operator;
  /** The value; `null` for the unquoted `null`, which tests presence. */
  value: string | null;
}

const MAX_CLAUSES = 10;

const fail = (message: string) => invalidRequest(message, { param: 'query' });

/**
 * Compiles a query of Stripe's search query language into a filter: clauses `field:value`,
 * `field~value`, `field>n` (and `<`, `>=`, `<=`), `metadata['key']:'value'`, a leading `-` to negate,
 * joined by spaces or `AND`, or by `OR` (not both in one query), at most ten. Values are quoted with
 * `'` or `"` (a backslash escapes the quote); numbers, booleans and `null` may stand bare.
 */
export function compileSearch(
  query: string,
  fields: SearchFields,
  resource: string,
): (object: StoredObject) => boolean {
  const { clauses, joiner } = parse(query);
  for (const clause of clauses) check(clause, fields, resource);
  const tests = clauses.map((clause) => (object: StoredObject) => {
    const matched = matches(clause, fields[clause.field] as SearchField, object);
    return clause.negated ? !matched : matched;
  });
  return joiner === 'OR'
    ? (object) => tests.some((test) => test(object))
    : (object) => tests.every((test) => test(object));
}

function parse(query: string): { clauses: Clause[]; joiner: 'AND' | 'OR' } {
  const clauses: Clause[] = [];
  let joiner: 'AND' | 'OR' | undefined;
  let at = 0;
  const skipSpace = () => {
    while (at < query.length && /\s/.test(query[at] as string)) at += 1;
  };
  skipSpace();
  if (at >= query.length) throw fail('The search query is empty.');
  while (at < query.length) {
    if (clauses.length > 0) {
      const keyword = /^(AND|OR)\s+/i.exec(query.slice(at));
      if (keyword) {
        const word = (keyword[1] as string).toUpperCase() as 'AND' | 'OR';
        if (joiner && joiner !== word) {
          throw fail('A search query cannot combine AND and OR: they are mutually exclusive.');
        }
        joiner = word;
        at += keyword[0].length;
      }
    }
    const negated = query[at] === '-';
    if (negated) at += 1;
    const head = /^([a-z_]+)(?:\[(['"])(.*?)\2\])?/i.exec(query.slice(at));
    if (!head) throw fail(`Expected a field name at position ${at} of the search query.`);
    at += head[0].length;
    const operator = /^(>=|<=|:|~|>|<)/.exec(query.slice(at))?.[1] as Operator | undefined;
    if (!operator) throw fail(`Expected an operator (:, ~, >, <, >=, <=) after ${head[0]}.`);
    at += operator.length;
    let value: string | null;
    const quote = query[at];
    if (quote === "'" || quote === '"') {
      let text = '';
      at += 1;
      while (at < query.length && query[at] !== quote) {
        if (query[at] === '\\' && at + 1 < query.length) at += 1;
        text += query[at];
        at += 1;
      }
      if (at >= query.length) throw fail(`The value after ${head[0]}${operator} has no closing quote.`);
      at += 1;
      value = text;
    } else {
      const bare = /^[^\s]+/.exec(query.slice(at))?.[0];
      if (!bare) throw fail(`Expected a value after ${head[0]}${operator}.`);
      at += bare.length;
      value = bare === 'null' ? null : bare;
    }
    clauses.push({
      negated,
      field: (head[1] as string).toLowerCase(),
      ...(head[3] !== undefined ? { key: head[3] } : {}),
      operator,
      value,
    });
    if (clauses.length > MAX_CLAUSES) throw fail(`A search query has at most ${MAX_CLAUSES} clauses.`);
    const before = at;
    skipSpace();
    if (at < query.length && at === before) {
      throw fail(`Expected a space, AND or OR after the clause ending at position ${at}.`);
    }
  }
  return { clauses, joiner: joiner ?? 'AND' };
}

function check(clause: Clause, fields: SearchFields, resource: string): void {
  const field = fields[clause.field];
  if (!field) {
    throw fail(
      `Field '${clause.field}' is an unsupported search field for ${resource}. Supported fields: ${Object.keys(fields).join(', ')}.`,
    );
  }
  if ((field.kind === 'metadata') !== (clause.key !== undefined)) {
    throw fail(
      field.kind === 'metadata'
        ? "Search metadata with a key: metadata['key']:'value'."
        : `Field '${clause.field}' takes no key.`,
    );
  }
  const numeric = ['>', '<', '>=', '<='].includes(clause.operator);
  if (numeric && field.kind !== 'number') {
    throw fail(`Field '${clause.field}' does not support the ${clause.operator} operator.`);
  }
  if (clause.operator === '~') {
    if (field.kind !== 'text' || !field.substring) {
      throw fail(`Field '${clause.field}' does not support substring matching (~).`);
    }
    if ((clause.value ?? '').length < 3) {
      throw fail('A substring search (~) needs at least 3 characters.');
    }
  }
  if (field.kind === 'number' && clause.value !== null && !/^-?\d+$/.test(clause.value)) {
    throw fail(`Field '${clause.field}' takes a whole number, not ${clause.value}.`);
  }
  if (field.kind === 'boolean' && clause.value !== 'true' && clause.value !== 'false') {
    throw fail(`Field '${clause.field}' takes true or false.`);
  }
}

function matches(clause: Clause, field: SearchField, object: StoredObject): boolean {
  const raw =
    field.kind === 'metadata'
      ? (object.metadata as Record<string, string> | undefined)?.[clause.key as string]
      : object[clause.field];
  if (clause.value === null) return raw === null || raw === undefined || raw === '';
  if (raw === null || raw === undefined) return false;
  switch (field.kind) {
    case 'number': {
      const value = Number(raw);
      const target = Number(clause.value);
      if (clause.operator === '>') return value > target;
      if (clause.operator === '<') return value < target;
      if (clause.operator === '>=') return value >= target;
      if (clause.operator === '<=') return value <= target;
      return value === target;
    }
    case 'boolean':
      return String(raw) === clause.value;
    default: {
      const text = String(raw).toLowerCase();
      const target = clause.value.toLowerCase();
      return clause.operator === '~' ? text.includes(target) : text === target;
    }
  }
}
