import type {
  BarFields,
  ChartPaths,
  MoreHint,
  ResultViewKind,
  ResultViewMeta,
  UnixTimeMeta,
  UnixTimeUnit,
} from '@c/core';

/**
 * Reads what a command's output schema says about showing its result: the view keywords of
 * `@c/core`'s `resultView()` (`x-view`, `x-list`, `x-chart`, …) and the formats of its fields. The
 * keyword names are typed against core's own, so a renamed keyword fails the typecheck here.
 */

const keyword = {
  view: 'x-view',
  list: 'x-list',
  chart: 'x-chart',
  csv: 'x-csv',
  seriesTitle: 'x-series-title',
  more: 'x-more',
  text: 'x-text',
  bars: 'x-bars',
  columns: 'x-columns',
  valueWords: 'x-value-words',
} as const satisfies Record<string, keyof ResultViewMeta>;
const timeKeyword: keyof UnixTimeMeta = 'x-time';

/** A result view as the output schema declares it. */
export interface DeclaredView {
  view: ResultViewKind;
  list?: string | undefined;
  chart?: ChartPaths | undefined;
  csv?: string | undefined;
  seriesTitle?: string | undefined;
  more?: MoreHint | undefined;
  /** Where the text of a `document` view is. */
  text?: string | undefined;
  /** The fields of the list's records a `bars` view draws. */
  bars?: BarFields | undefined;
  /** The columns of the list a reader looks for first. */
  columns?: string[] | undefined;
  /** Words for the provider's internal names among the result's values (`_active` → "Active users"). */
  valueWords?: Record<string, string> | undefined;
}

const views: readonly ResultViewKind[] = ['table', 'chart', 'csv', 'record', 'document', 'bars'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The view an output schema declares, or `undefined` when it says nothing (e.g. a custom action). */
export function declaredView(schema: unknown): DeclaredView | undefined {
  if (!isRecord(schema)) return undefined;
  const view = schema[keyword.view];
  if (!views.includes(view as ResultViewKind)) return undefined;
  const chart = schema[keyword.chart];
  const more = schema[keyword.more];
  const bars = schema[keyword.bars];
  const columns = schema[keyword.columns];
  const valueWords = schema[keyword.valueWords];
  return {
    view: view as ResultViewKind,
    list: text(schema[keyword.list]),
    csv: text(schema[keyword.csv]),
    text: text(schema[keyword.text]),
    seriesTitle: text(schema[keyword.seriesTitle]),
    chart:
      isRecord(chart) && text(chart.x) && text(chart.series)
        ? {
            x: chart.x as string,
            series: chart.series as string,
            ...(text(chart.labels) ? { labels: chart.labels as string } : {}),
          }
        : undefined,
    bars:
      isRecord(bars) && text(bars.label) && text(bars.value)
        ? {
            label: bars.label as string,
            value: bars.value as string,
            ...(text(bars.rate) ? { rate: bars.rate as string } : {}),
            ...(text(bars.group) ? { group: bars.group as string } : {}),
          }
        : undefined,
    columns:
      Array.isArray(columns) && columns.every((column) => typeof column === 'string') ? columns : undefined,
    valueWords:
      isRecord(valueWords) && Object.values(valueWords).every((words) => typeof words === 'string')
        ? (valueWords as Record<string, string>)
        : undefined,
    more:
      isRecord(more) && text(more.path)
        ? {
            path: more.path as string,
            ...(text(more.cursor) ? { cursor: more.cursor as string } : {}),
            ...(text(more.note) ? { note: more.note as string } : {}),
          }
        : undefined,
  };
}

/** The value at a dot-separated path; a JSON text on the way is read as what it holds. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (typeof current === 'string') current = parsed(current);
    current = isRecord(current) ? current[key] : undefined;
  }
  return current;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The note under a table when the result says more follows, e.g. "more pages (pageInfo.endCursor)". */
export function moreNote(more: MoreHint | undefined, result: unknown): string | undefined {
  if (!more || valueAt(result, more.path) !== true) return undefined;
  if (more.note) return more.note;
  return more.cursor ? `more pages (${more.cursor})` : `more on the provider (${more.path})`;
}

/** The schema of a property, of an array's items, or of an object's branches, by a dot path. */
function schemaAt(schema: unknown, path: string): Record<string, unknown> | undefined {
  let current = objectBranch(schema);
  for (const key of path.split('.')) {
    const next = current?.properties;
    current = isRecord(next) ? objectBranch(next[key]) : undefined;
  }
  return current;
}

/** The object-like part of a schema: itself, or the branch of a nullable or union that has properties. */
function objectBranch(schema: unknown): Record<string, unknown> | undefined {
  if (!isRecord(schema)) return undefined;
  const branches = schema.anyOf ?? schema.oneOf;
  if (schema.properties || !Array.isArray(branches)) return schema;
  const withProperties = branches.filter((branch) => isRecord(branch) && isRecord(branch.properties));
  if (withProperties.length === 0) return schema;
  // A union of objects (a customer, or a deleted one): every field any branch has.
  return {
    properties: Object.assign(
      {},
      ...withProperties.map((branch) => (branch as Record<string, unknown>).properties),
    ),
  };
}

/** The title of a field of the records at `path` (an array of objects), when the schema gives one. */
export function fieldTitle(schema: unknown, path: string, field: string): string | undefined {
  let node = schemaAt(schema, path);
  if (node?.type === 'array' || node?.items) node = objectBranch(node.items);
  const properties = node?.properties;
  const title = isRecord(properties) && isRecord(properties[field]) ? properties[field].title : undefined;
  return typeof title === 'string' && title ? title : undefined;
}

/** How a field's value reads, as its schema says: a moment (in which encoding) or a link. */
export type FieldFormat = UnixTimeUnit | 'date-time' | 'uri';

function formatOf(schema: unknown): FieldFormat | undefined {
  if (!isRecord(schema)) return undefined;
  const time = schema[timeKeyword];
  if (time === 'unix-seconds' || time === 'unix-milliseconds') return time;
  if (schema.format === 'date-time' || schema.format === 'uri') return schema.format;
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches)) return undefined;
  for (const branch of branches) {
    const found = formatOf(branch);
    if (found) return found;
  }
  return undefined;
}

/**
 * The declared formats of the fields of the records at `path` of a result (`undefined`: the result
 * itself), e.g. `created` → `unix-seconds`, `url` → `uri`.
 */
export function fieldFormats(schema: unknown, path?: string): Map<string, FieldFormat> {
  const formats = new Map<string, FieldFormat>();
  let node = path ? schemaAt(schema, path) : objectBranch(schema);
  if (node?.type === 'array' || node?.items) node = objectBranch(node.items);
  const properties = node?.properties;
  if (!isRecord(properties)) return formats;
  for (const [key, property] of Object.entries(properties)) {
    const format = formatOf(property);
    if (format) formats.set(key, format);
  }
  return formats;
}

/**
 * What a chart counts, from the declared template over the input: each `{path}` is the input's value
 * there, or its option's title when the input field titles its options (`{metric}` → "New users").
 * `undefined` when a placeholder has no value.
 */
export function seriesTitle(
  template: string | undefined,
  input: Record<string, unknown>,
  inputSchema: unknown,
): string | undefined {
  if (!template) return undefined;
  let missing = false;
  const title = template.replace(/\{([^{}]+)\}/g, (_, path: string) => {
    const field = schemaAt(inputSchema, path);
    // A parameter left out runs with its default.
    const value = valueAt(input, path) ?? field?.default ?? parentDefault(inputSchema, path);
    if (value === undefined || value === null || value === '' || typeof value === 'object') {
      missing = true;
      return '';
    }
    return optionTitle(field, value) ?? String(value);
  });
  return missing ? undefined : title;
}

/** The value at `path` of the default of a field above it (`event` defaults to `{event_type: "_active"}`). */
function parentDefault(schema: unknown, path: string): unknown {
  const keys = path.split('.');
  for (let length = keys.length - 1; length > 0; length -= 1) {
    const fallback = schemaAt(schema, keys.slice(0, length).join('.'))?.default;
    if (fallback !== undefined) return valueAt(fallback, keys.slice(length).join('.'));
  }
  return undefined;
}

/** The title of an enum option, when the schema titles its options (`oneOf: [{const, title}]`). */
function optionTitle(schema: Record<string, unknown> | undefined, value: unknown): string | undefined {
  const options = schema?.oneOf ?? schema?.anyOf;
  if (!Array.isArray(options)) return undefined;
  for (const option of options) {
    if (isRecord(option) && option.const === value && typeof option.title === 'string') return option.title;
  }
  return undefined;
}
