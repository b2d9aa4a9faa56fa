import type { ChartPaths } from '@c/core';
import { valueAt } from './declared-view';

/**
 * Reads a command's result into what a view draws: a time series where the output schema says one
 * is, and, for results whose schema declares no view, the list or the object the result holds.
 */

/** One point of a chart: the x label and one value per series key. */
export type ChartRow = { x: string } & Record<string, number | string | null>;

/** A time series ready to chart. */
export interface TimeSeries {
  /** Series names, also the keys of each row. */
  series: string[];
  rows: ChartRow[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOf(point: unknown): number | null {
  if (typeof point === 'number' && Number.isFinite(point)) return point;
  if (isRecord(point) && typeof point.value === 'number') return point.value;
  if (typeof point === 'string' && point.trim() !== '' && Number.isFinite(Number(point)))
    return Number(point);
  return null;
}

function labelOf(label: unknown, index: number): string {
  if (typeof label === 'string' && label.trim()) return label;
  if (typeof label === 'number') return String(label);
  // A grouped segment may be labelled `[segmentIndex, "value"]`: its words are its name.
  if (Array.isArray(label)) {
    const words = label.filter((part) => typeof part === 'string' && part.trim());
    if (words.length > 0) return words.join(' · ');
  }
  if (isRecord(label)) {
    const name = label.label ?? label.name ?? label.segmentName;
    if (typeof name === 'string' && name) return name;
  }
  return `Series ${index + 1}`;
}

/**
 * The time series at the paths an output schema declares (`x-chart`): the x values, one array of
 * numbers (or `{value}`) per series, and their labels. `title` (what the chart counts, e.g. "New
 * users") names a lone series, whatever its label says ("All Users", `0`). `words` turn a
 * provider's internal names (`_active`) into the words its own charts show.
 */
export function toTimeSeries(
  result: unknown,
  paths: ChartPaths,
  title?: string,
  words?: Record<string, string>,
): TimeSeries | undefined {
  const xValues = valueAt(result, paths.x);
  const series = valueAt(result, paths.series);
  if (!Array.isArray(xValues) || !Array.isArray(series) || series.length === 0) return undefined;
  if (!series.every((line) => Array.isArray(line))) return undefined;
  const declared = paths.labels ? valueAt(result, paths.labels) : undefined;
  const labels = Array.isArray(declared) ? declared : [];
  const names: string[] = [];
  for (let index = 0; index < series.length; index += 1) {
    const label = series.length === 1 && title ? title : labelOf(labels[index], index);
    let name = words?.[label] ?? label;
    while (names.includes(name)) name = `${name} (${index + 1})`;
    names.push(name);
  }
  const rows = xValues.map((x, position) => {
    const row: ChartRow = { x: String(x) };
    series.forEach((line, index) => {
      row[names[index] as string] = numberOf((line as unknown[])[position]);
    });
    return row;
  });
  if (rows.length === 0) return undefined;
  return { series: names, rows };
}

/** A list of records found in a result, with where it was found. */
export interface RecordList {
  /** The key the list sits under (`data`, `nodes`, …), or `undefined` for a top-level array. */
  key: string | undefined;
  rows: Record<string, unknown>[];
}

// Names that mean "the list" in many APIs, looked at first when an object holds several arrays.
const listKeys = ['data', 'nodes', 'items', 'results'];

function recordsOf(value: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.every(isRecord) ? (value as Record<string, unknown>[]) : undefined;
}

/**
 * Finds the list in a result whose schema declares no view: a top-level array of records, a list
 * under a usual name (`{data}`, `{nodes}`, …), or an object whose one array of records is the point.
 */
export function toRecordList(result: unknown): RecordList | undefined {
  const top = recordsOf(result);
  if (top) return { key: undefined, rows: top };
  if (!isRecord(result)) return undefined;
  for (const key of listKeys) {
    const rows = recordsOf(result[key]);
    if (rows) return { key, rows };
  }
  const arrays = Object.entries(result).filter(([, value]) => recordsOf(value));
  if (arrays.length === 1) {
    const [key, value] = arrays[0] as [string, unknown];
    return { key, rows: value as Record<string, unknown>[] };
  }
  // One level down, e.g. GraphQL `{teams: {nodes}}` from a custom query.
  const nested = Object.entries(result).filter(([, value]) => isRecord(value) && toRecordList(value));
  if (nested.length === 1) {
    const [key, value] = nested[0] as [string, unknown];
    const inner = toRecordList(value) as RecordList;
    return { key: inner.key ? `${key}.${inner.key}` : key, rows: inner.rows };
  }
  return undefined;
}

/** Whether a value says anything: not null, empty text, or an array or object of such nothings. */
export function hasData(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.some(hasData);
  if (isRecord(value)) return Object.values(value).some(hasData);
  return true;
}

/** The columns of a table of records: every key, and those shown until the reader asks for all. */
export interface TableColumns {
  /** Every key, in display order. */
  all: string[];
  /** The keys that tell rows apart, at most `max`: no column that is empty in every row, and (with
   * two rows or more) none that holds the same value in every row. */
  shown: string[];
}

/**
 * Keys that say which row is which, in the order they are read: what a person recognises (a
 * human-readable identifier, a name, a title, an email) before an opaque id, so a narrow screen
 * shows `ENG-12 · Fix login` rather than a column of UUIDs.
 */
const identifying = ['identifier', 'name', 'title', 'email', 'id'];

/**
 * Columns for a table of records: those the schema declares (`declared`), when it does, else
 * identifying keys first (identifier, name, title, email, id), then scalars,
 * then nested values, in first-seen order. Columns that carry no data by default are left out of
 * `shown`; `all` keeps them for "show all columns" and for downloads.
 */
export function tableColumns(rows: Record<string, unknown>[], max = 12, declared?: string[]): TableColumns {
  const sample = rows.slice(0, 200);
  const scalar = new Map<string, boolean>();
  for (const row of sample) {
    for (const [key, value] of Object.entries(row)) {
      scalar.set(key, (scalar.get(key) ?? false) || value === null || typeof value !== 'object');
    }
  }
  const rank = (key: string) => {
    const index = identifying.indexOf(key);
    return index >= 0 ? index : identifying.length + (scalar.get(key) ? 0 : 1);
  };
  const all = [...scalar.keys()].sort((a, b) => rank(a) - rank(b));
  // The connector knows what a reader looks for first (a Linear issue's state and assignee).
  const first = declared?.filter((key) => scalar.has(key));
  if (first && first.length > 0) {
    return { all: [...first, ...all.filter((key) => !first.includes(key))], shown: first };
  }
  const filled = all.filter((key) => sample.some((row) => hasData(row[key])));
  const varies = (key: string) => {
    const first = JSON.stringify(sample[0]?.[key] ?? null);
    return sample.some((row) => JSON.stringify(row[key] ?? null) !== first);
  };
  let shown = sample.length < 2 ? filled : filled.filter((key) => identifying.includes(key) || varies(key));
  // Rows that differ in nothing but one column still deserve a few columns to read.
  if (shown.length < 3) {
    const kept = new Set(shown);
    for (const key of filled) if (kept.size < 3) kept.add(key);
    shown = filled.filter((key) => kept.has(key));
  }
  return { all, shown: shown.slice(0, max) };
}

/**
 * An empty list where a list was expected, in a result whose schema declares no view: `[]`,
 * `{data: []}`, `{nodes: []}`, `{files: []}` (also one level down). Gives the key it sits under, so
 * the screen can say "no files" instead of showing `{ files: [] }`.
 */
export function emptyListOf(result: unknown): { key: string | undefined } | undefined {
  if (Array.isArray(result)) return result.length === 0 ? { key: undefined } : undefined;
  // A record with an id is one object (a customer without locales), not an empty search.
  if (!isRecord(result) || 'id' in result || toRecordList(result)) return undefined;
  const known = listKeys.find((key) => Array.isArray(result[key]) && result[key].length === 0);
  if (known) return { key: known };
  const entries = Object.entries(result);
  const arrays = entries.filter(([, value]) => Array.isArray(value)) as [string, unknown[]][];
  const [only] = arrays;
  if (arrays.length === 1 && only && only[1].length === 0) return { key: only[0] };
  // One level down only through a lone wrapper, e.g. GraphQL `{teams: {nodes: []}}`.
  if (entries.length === 1) {
    const [key, value] = entries[0] as [string, unknown];
    const inner = isRecord(value) ? emptyListOf(value) : undefined;
    if (inner) return { key: inner.key ? `${key}.${inner.key}` : key };
  }
  return undefined;
}

/** A table cell's text: scalars as they are, small objects by their name or id, the rest as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if (!Array.isArray(value)) {
    const named = value as Record<string, unknown>;
    for (const key of ['name', 'title', 'identifier', 'key', 'id']) {
      if (typeof named[key] === 'string') return named[key] as string;
    }
    if (Array.isArray(named.nodes)) return cellText(named.nodes);
  } else if (value.every((item) => item === null || typeof item !== 'object')) {
    return value.join(', ');
  } else if (value.every(isRecord)) {
    return value.map(cellText).join(', ');
  }
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
