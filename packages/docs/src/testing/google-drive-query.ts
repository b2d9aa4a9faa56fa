import type { SimFile } from './google-state.js';

/** Drive refuses the query (`400 Invalid Value`, location `q`). */
export class DriveQueryError extends Error {
  override readonly name = 'DriveQueryError';
}

type Value = { kind: 'string'; value: string } | { kind: 'boolean'; value: boolean };
type Operator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'contains';

/** A parsed Drive query. */
export type DriveQuery =
  | { type: 'and' | 'or'; left: DriveQuery; right: DriveQuery }
  | { type: 'not'; operand: DriveQuery }
  | { type: 'compare'; field: string; operator: Operator; value: Value }
  | { type: 'in'; value: string; field: string };

/** What a query is evaluated against: the file, who asks, and the file's searchable text. */
export interface QueryContext {
  user: string;
  text(file: SimFile): string;
  /** True when the file is in the folder (`root` for My Drive). */
  inFolder(file: SimFile, folderId: string): boolean;
}

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'word'; value: string }
  | { kind: 'op'; value: string }
  | { kind: 'paren'; value: '(' | ')' };

/** The operators each field takes, from Drive's query reference. */
const FIELD_OPERATORS: Record<string, readonly string[]> = {
  name: ['contains', '=', '!='],
  mimeType: ['contains', '=', '!='],
  fullText: ['contains'],
  trashed: ['=', '!='],
  starred: ['=', '!='],
  sharedWithMe: ['=', '!='],
  modifiedTime: ['<=', '<', '=', '!=', '>', '>='],
  createdTime: ['<=', '<', '=', '!=', '>', '>='],
};
const BOOLEAN_FIELDS = new Set(['trashed', 'starred', 'sharedWithMe']);
const TIME_FIELDS = new Set(['modifiedTime', 'createdTime']);
const IN_FIELDS = new Set(['parents', 'owners', 'writers', 'readers']);

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < q.length) {
    const c = q[at]!;
    if (/\s/.test(c)) {
      at += 1;
    } else if (c === "'") {
      // A string literal: backslash escapes the next character (\' and \\ in particular).
      let value = '';
      at += 1;
      for (;;) {
        if (at >= q.length) throw new DriveQueryError('unterminated string');
        const ch = q[at]!;
        if (ch === '\\') {
          if (at + 1 >= q.length) throw new DriveQueryError('dangling escape');
          value += q[at + 1];
          at += 2;
        } else if (ch === "'") {
          at += 1;
          break;
        } else {
          value += ch;
          at += 1;
        }
      }
      tokens.push({ kind: 'string', value });
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: 'paren', value: c });
      at += 1;
    } else if (/[<>=!]/.test(c)) {
      const two = q.slice(at, at + 2);
      const op = ['<=', '>=', '!='].includes(two) ? two : c;
      if (op === '!') throw new DriveQueryError('unknown operator');
      tokens.push({ kind: 'op', value: op });
      at += op.length;
    } else {
      const word = /^[A-Za-z_][\w.]*/.exec(q.slice(at));
      if (!word) throw new DriveQueryError(`unexpected character ${c}`);
      tokens.push({ kind: 'word', value: word[0] });
      at += word[0].length;
    }
  }
  return tokens;
}

/** Parses Drive's query language (the part of it the simulator can answer). */
export function parseDriveQuery(q: string): DriveQuery {
  const tokens = tokenize(q);
  let at = 0;
  const peek = () => tokens[at];
  const isWord = (token: Token | undefined, word: string) =>
    token?.kind === 'word' && token.value.toLowerCase() === word;

  const parseValue = (): Value => {
    const token = tokens[at++];
    if (token?.kind === 'string') return { kind: 'string', value: token.value };
    if (token?.kind === 'word' && (token.value === 'true' || token.value === 'false')) {
      return { kind: 'boolean', value: token.value === 'true' };
    }
    throw new DriveQueryError('expected a value');
  };

  const parseTerm = (): DriveQuery => {
    const token = tokens[at];
    if (token?.kind === 'string') {
      at += 1;
      if (!isWord(tokens[at], 'in')) throw new DriveQueryError('expected in');
      at += 1;
      const field = tokens[at++];
      if (field?.kind !== 'word' || !IN_FIELDS.has(field.value))
        throw new DriveQueryError('unknown collection');
      return { type: 'in', value: token.value, field: field.value };
    }
    if (token?.kind !== 'word') throw new DriveQueryError('expected a field');
    at += 1;
    const operators = FIELD_OPERATORS[token.value];
    if (!operators) throw new DriveQueryError(`unknown field ${token.value}`);
    // Drive's search guide writes `sharedWithMe` alone, for `sharedWithMe = true`
    // ("sharedWithMe and name contains 'hello'"): the term stands without an operator.
    const following = tokens[at];
    if (token.value === 'sharedWithMe' && following?.kind !== 'op') {
      return { type: 'compare', field: token.value, operator: '=', value: { kind: 'boolean', value: true } };
    }
    const next = tokens[at++];
    const operator = next?.kind === 'op' ? next.value : isWord(next, 'contains') ? 'contains' : undefined;
    if (!operator || !operators.includes(operator))
      throw new DriveQueryError(`operator not allowed on ${token.value}`);
    const value = parseValue();
    if (BOOLEAN_FIELDS.has(token.value) !== (value.kind === 'boolean')) {
      throw new DriveQueryError(`wrong value type for ${token.value}`);
    }
    if (TIME_FIELDS.has(token.value) && Number.isNaN(Date.parse(value.value as string))) {
      throw new DriveQueryError('invalid time');
    }
    return { type: 'compare', field: token.value, operator: operator as Operator, value };
  };

  const parseUnary = (): DriveQuery => {
    if (isWord(peek(), 'not')) {
      at += 1;
      return { type: 'not', operand: parseUnary() };
    }
    const token = peek();
    if (token?.kind === 'paren' && token.value === '(') {
      at += 1;
      const inner = parseOr();
      const close = tokens[at++];
      if (close?.kind !== 'paren' || close.value !== ')') throw new DriveQueryError('expected )');
      return inner;
    }
    return parseTerm();
  };

  const parseAnd = (): DriveQuery => {
    let left = parseUnary();
    while (isWord(peek(), 'and')) {
      at += 1;
      left = { type: 'and', left, right: parseUnary() };
    }
    return left;
  };

  function parseOr(): DriveQuery {
    let left = parseAnd();
    while (isWord(peek(), 'or')) {
      at += 1;
      left = { type: 'or', left, right: parseAnd() };
    }
    return left;
  }

  const query = parseOr();
  if (at !== tokens.length) throw new DriveQueryError('unexpected trailing input');
  return query;
}

/**
 * Drive's `contains` on names: case-insensitive, and only at the start of a word ("Meeting Notes"
 * contains "note" but "HelloWorld" does not contain "World").
 */
export function nameContainsPrefix(name: string, search: string): boolean {
  const haystack = name.toLowerCase();
  const needle = search.toLowerCase();
  if (needle === '') return true;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(haystack[at - 1]!)) return true;
  }
  return false;
}

function compare(left: number | string, operator: Operator, right: number | string): boolean {
  switch (operator) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    default:
      return false;
  }
}

/** True when the file matches the query for this user. */
export function matchesDriveQuery(query: DriveQuery, file: SimFile, context: QueryContext): boolean {
  switch (query.type) {
    case 'and':
      return matchesDriveQuery(query.left, file, context) && matchesDriveQuery(query.right, file, context);
    case 'or':
      return matchesDriveQuery(query.left, file, context) || matchesDriveQuery(query.right, file, context);
    case 'not':
      return !matchesDriveQuery(query.operand, file, context);
    case 'in': {
      const who = query.value === 'me' ? context.user : query.value;
      if (query.field === 'parents') return context.inFolder(file, query.value);
      const role = file.permissions.get(who);
      if (query.field === 'owners') return role === 'owner';
      if (query.field === 'writers') return role === 'owner' || role === 'writer';
      return role !== undefined;
    }
    case 'compare': {
      const { field, operator, value } = query;
      if (value.kind === 'boolean') {
        const actual =
          field === 'trashed'
            ? file.trashed
            : field === 'starred'
              ? file.starred
              : file.owner !== context.user;
        return operator === '=' ? actual === value.value : actual !== value.value;
      }
      if (field === 'name' || field === 'mimeType') {
        const actual = field === 'name' ? file.name : file.mimeType;
        if (operator === 'contains')
          return field === 'name' ? nameContainsPrefix(actual, value.value) : actual.includes(value.value);
        return compare(actual, operator, value.value);
      }
      if (field === 'fullText') {
        return (
          nameContainsPrefix(file.name, value.value) || nameContainsPrefix(context.text(file), value.value)
        );
      }
      const time = field === 'modifiedTime' ? file.modifiedTime : file.createdTime;
      return compare(time, operator, Date.parse(value.value));
    }
  }
}

/** Quotes text for a Drive query string literal: backslashes and single quotes escaped. */
export function quoteDriveString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
