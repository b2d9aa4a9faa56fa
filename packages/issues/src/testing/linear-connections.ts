import { invalidInput } from './linear-errors.js';

/** An entity as the resolvers expose it: scalars, relation thunks and connection fields. */
export type View = Record<string, unknown> & { id: string };

/** The arguments every Linear connection field takes. */
export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  filter?: Record<string, unknown> | null;
  includeArchived?: boolean | null;
  orderBy?: string | null;
}

/** A Relay connection as Linear returns it. */
export interface ConnectionResult {
  nodes: View[];
  edges: { node: View; cursor: string }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

/** A connection field of a view: callable with connection arguments, and `all()` for filters. */
export type ConnectionField = ((args?: ConnectionArgs) => ConnectionResult) & { all(): View[] };

/** What a connection pages over: workspace records, made into views only when needed. */
export interface Entity {
  id: string;
  createdAt?: string;
  updatedAt?: string;
  archivedAt?: string | null;
}

/** Linear refuses pages larger than this. */
export const MAX_PAGE_SIZE = 250;
const DEFAULT_PAGE_SIZE = 50;

/** A connection over whatever `records` returns when it is resolved. */
export function connection<R extends Entity>(
  records: () => R[],
  toView: (record: R) => View,
): ConnectionField {
  const field = (args: ConnectionArgs = {}) => paginate(records(), args, toView);
  return Object.assign(field, { all: () => records().map(toView) });
}

function isConnectionField(value: unknown): value is ConnectionField {
  return typeof value === 'function' && typeof (value as Partial<ConnectionField>).all === 'function';
}

/**
 * One page: archived entities only with `includeArchived`, then the filter, newest first by
 * `createdAt` (or `updatedAt`), then the cursor window. Cursors are the nodes' ids, as Linear's are.
 * Views are built for the filter and the page only, so a large workspace stays cheap to page.
 */
export function paginate<R extends Entity>(
  records: R[],
  args: ConnectionArgs,
  toView: (record: R) => View,
): ConnectionResult {
  for (const key of ['first', 'last'] as const) {
    const size = args[key];
    if (size !== null && size !== undefined && (size < 0 || size > MAX_PAGE_SIZE)) {
      throw invalidInput(`${key} must be between 0 and ${MAX_PAGE_SIZE}`);
    }
  }
  const orderBy = args.orderBy === 'updatedAt' ? 'updatedAt' : 'createdAt';
  let items = records.filter((record) => args.includeArchived || (record.archivedAt ?? null) === null);
  const filter = args.filter;
  if (filter && Object.keys(filter).length > 0)
    items = items.filter((record) => matchesFilter(toView(record), filter));
  // A stable sort: entities created together (a team's states) keep the order they were made in.
  // ISO timestamps order as plain strings, which is much cheaper than localeCompare.
  items.sort((a, b) => {
    const x = a[orderBy] ?? '';
    const y = b[orderBy] ?? '';
    return x < y ? 1 : x > y ? -1 : 0;
  });
  let start = 0;
  let end = items.length;
  if (args.after) start = cursorIndex(items, args.after) + 1;
  if (args.before) end = cursorIndex(items, args.before);
  let window: R[] = items.slice(start, Math.max(start, end));
  let hasNextPage = end < items.length;
  let hasPreviousPage = start > 0;
  const first = args.first ?? (args.last === null || args.last === undefined ? DEFAULT_PAGE_SIZE : undefined);
  if (first !== undefined && window.length > first) {
    window = window.slice(0, first);
    hasNextPage = true;
  }
  if (args.last !== null && args.last !== undefined && window.length > args.last) {
    window = window.slice(window.length - args.last);
    hasPreviousPage = true;
  }
  const nodes = window.map(toView);
  return {
    nodes,
    edges: nodes.map((node) => ({ node, cursor: node.id })),
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: window[0]?.id ?? null,
      endCursor: window.at(-1)?.id ?? null,
    },
  };
}

function cursorIndex(items: Entity[], cursor: string): number {
  const index = items.findIndex((item) => item.id === cursor);
  if (index === -1) throw invalidInput('Invalid cursor', 'The pagination cursor is not valid for this list.');
  return index;
}

const COMPARATORS = new Set([
  'eq',
  'neq',
  'in',
  'nin',
  'lt',
  'lte',
  'gt',
  'gte',
  'null',
  'contains',
  'containsIgnoreCase',
  'containsIgnoreCaseAndAccent',
  'notContains',
  'notContainsIgnoreCase',
  'startsWith',
  'startsWithIgnoreCase',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'eqIgnoreCase',
  'neqIgnoreCase',
]);

/**
 * Evaluates a Linear filter (`IssueFilter`, `TeamFilter`, …) against a view: `and`/`or`,
 * comparators on scalars (strings, numbers, dates and ISO 8601 durations relative to now),
 * nested filters on relations, and `some`/`every`/`length` on collections. A filter field the
 * simulator does not model matches nothing, except `null: true`.
 */
export function matchesFilter(view: View, filter: Record<string, unknown>): boolean {
  for (const [key, condition] of Object.entries(filter)) {
    if (condition === null || condition === undefined) continue;
    if (key === 'and') {
      if (!(condition as Record<string, unknown>[]).every((item) => matchesFilter(view, item))) return false;
    } else if (key === 'or') {
      if (!(condition as Record<string, unknown>[]).some((item) => matchesFilter(view, item))) return false;
    } else if (!matchesField(view[key], condition as Record<string, unknown>)) {
      return false;
    }
  }
  return true;
}

function matchesField(raw: unknown, condition: Record<string, unknown>): boolean {
  if (isConnectionField(raw)) return matchesCollection(raw.all(), condition);
  const value = typeof raw === 'function' ? (raw as () => unknown)() : raw;
  for (const [op, expected] of Object.entries(condition)) {
    if (expected === undefined) continue;
    if (COMPARATORS.has(op)) {
      if (!compare(op, value, expected)) return false;
    } else if (value === null || value === undefined || typeof value !== 'object') {
      return false;
    } else if (!matchesFilter(value as View, { [op]: expected })) {
      return false;
    }
  }
  return true;
}

function matchesCollection(items: View[], condition: Record<string, unknown>): boolean {
  for (const [op, expected] of Object.entries(condition)) {
    if (expected === null || expected === undefined) continue;
    const nested = expected as Record<string, unknown>;
    if (op === 'some') {
      if (!items.some((item) => matchesFilter(item, nested))) return false;
    } else if (op === 'every') {
      if (!items.every((item) => matchesFilter(item, nested))) return false;
    } else if (op === 'length') {
      if (!matchesField(items.length, nested)) return false;
    } else if (!items.some((item) => matchesFilter(item, { [op]: expected }))) {
      return false;
    }
  }
  return true;
}

const DURATION =
  /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

function toTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const duration = DURATION.exec(value);
  if (duration) {
    const [, minus, y, mo, w, d, h, mi, s] = duration.map((part) => part ?? '0');
    const days = Number(y) * 365 + Number(mo) * 30 + Number(w) * 7 + Number(d);
    const ms = ((days * 24 + Number(h)) * 60 + Number(mi)) * 60_000 + Number(s) * 1000;
    return Date.now() + (minus === '-' ? -ms : ms);
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

function ordered(actual: unknown, expected: unknown): number | undefined {
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected;
  const a = toTime(actual);
  const b = toTime(expected);
  return a === undefined || b === undefined ? undefined : a - b;
}

function same(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  if (actual && typeof actual === 'object' && 'id' in actual) return (actual as View).id === expected;
  const order =
    typeof actual === 'string' && typeof expected === 'string' ? ordered(actual, expected) : undefined;
  return order === 0;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function compare(op: string, actual: unknown, expected: unknown): boolean {
  if (op === 'null')
    return expected ? actual === null || actual === undefined : actual !== null && actual !== undefined;
  if (op === 'eq') return same(actual, expected);
  if (op === 'neq') return !same(actual, expected);
  if (op === 'in') return (expected as unknown[]).some((item) => same(actual, item));
  if (op === 'nin') return !(expected as unknown[]).some((item) => same(actual, item));
  if (op === 'lt' || op === 'lte' || op === 'gt' || op === 'gte') {
    const order = ordered(actual, expected);
    if (order === undefined) return false;
    return op === 'lt' ? order < 0 : op === 'lte' ? order <= 0 : op === 'gt' ? order > 0 : order >= 0;
  }
  if (typeof actual !== 'string' || typeof expected !== 'string') return false;
  const lower = actual.toLowerCase();
  const wanted = expected.toLowerCase();
  switch (op) {
    case 'contains':
      return actual.includes(expected);
    case 'containsIgnoreCase':
      return lower.includes(wanted);
    case 'containsIgnoreCaseAndAccent':
      return fold(actual).includes(fold(expected));
    case 'notContains':
      return !actual.includes(expected);
    case 'notContainsIgnoreCase':
      return !lower.includes(wanted);
    case 'startsWith':
      return actual.startsWith(expected);
    case 'startsWithIgnoreCase':
      return lower.startsWith(wanted);
    case 'notStartsWith':
      return !actual.startsWith(expected);
    case 'endsWith':
      return actual.endsWith(expected);
    case 'notEndsWith':
      return !actual.endsWith(expected);
    case 'eqIgnoreCase':
      return lower === wanted;
    default:
      return lower !== wanted;
  }
}
