/**
 * How a command's result is best shown, declared on its output schema as JSON Schema extension
 * keywords (`x-…`, which JSON Schema validators, OpenAPI 3.1 and MCP clients ignore). A UI reads
 * them from `outputSchema` instead of knowing commands or providers by name.
 *
 * Declared with zod's `.meta()`, which `z.toJSONSchema` copies into the JSON Schema as they are:
 *
 * ```ts
 * output: (z) => z.object({ data: z.array(item), has_more: z.boolean() })
 *   .meta(resultView({ view: 'table', list: 'data', more: { path: 'has_more' } })),
 * ```
 *
 * Paths are dot-separated property names into the result (`pageInfo.hasNextPage`) or, in
 * `seriesTitle`, into the input.
 */

/** The keywords of a result view, by what they say. Each is documented on {@link ResultViewMeta}. */
export const RESULT_VIEW_KEYWORDS = {
  view: 'x-view',
  list: 'x-list',
  chart: 'x-chart',
  csv: 'x-csv',
  seriesTitle: 'x-series-title',
  more: 'x-more',
  time: 'x-time',
  text: 'x-text',
  bars: 'x-bars',
  columns: 'x-columns',
  valueWords: 'x-value-words',
} as const;

/**
 * The main view of a result: `table` (a list of records), `chart` (a time series), `csv` (CSV text),
 * `record` (one object, shown as its fields, even when it holds a list), `document` (a text to
 * read, such as a document as Markdown: its headings, lists and paragraphs, not its JSON) or `bars`
 * (steps that each keep part of the one before, such as a funnel: a bar per step with its rate).
 */
export type ResultViewKind = 'table' | 'chart' | 'csv' | 'record' | 'document' | 'bars';

/** Where a time series sits in a result: the x values, the series (one array of numbers per line), their labels. */
export interface ChartPaths {
  /** The x values, e.g. `data.xValues`. */
  x: string;
  /** An array of series, each an array of numbers (or `{value}`) aligned with `x`. */
  series: string;
  /** The label of each series, when the result has them. */
  labels?: string;
}

/** Which fields of each record of the list (`x-list`) a `bars` view draws. */
export interface BarFields {
  /** What names a bar, e.g. a funnel step's `event`. */
  label: string;
  /** The bar's length, a number, e.g. `users`. */
  value: string;
  /** A percent shown beside it, e.g. `conversion` from the first step. */
  rate?: string;
  /** Records with the same value here form one set of bars (a funnel per group-by value). */
  group?: string;
}

/** How a result says that more follows than it holds. */
export interface MoreHint {
  /** A boolean that is true when more follows, e.g. `has_more` or `pageInfo.hasNextPage`. */
  path: string;
  /** Where the cursor of the next page is, when there is one (`pageInfo.endCursor`). */
  cursor?: string;
  /** What a reader should know, e.g. "truncated at maxEvents"; default: says where more is. */
  note?: string;
}

/** How a Unix time field counts: in seconds or in milliseconds. */
export type UnixTimeUnit = 'unix-seconds' | 'unix-milliseconds';

/**
 * The keywords of a result view as they appear in the output JSON Schema (a type alias, not an
 * interface, so that zod's `.meta()` accepts it as a record).
 */
export type ResultViewMeta = {
  /** The main view. */
  'x-view': ResultViewKind;
  /** Where the rows of a table are: an array of objects. */
  'x-list'?: string;
  /** Where the time series of a chart is. */
  'x-chart'?: ChartPaths;
  /** Where CSV text is: a string. */
  'x-csv'?: string;
  /**
   * What a chart counts, as a template over the input: `{metric}`, `{event.event_type}`. A
   * placeholder is replaced by the input's value there (read through a JSON text), or by the title of
   * that option when the input field titles its options. Names a lone series and titles the chart.
   */
  'x-series-title'?: string;
  /** How the result says more follows. */
  'x-more'?: MoreHint;
  /** Where the text of a `document` view is: a string (Markdown), shown as the text it reads as. */
  'x-text'?: string;
  /** The fields of the `x-list` records a `bars` view draws. */
  'x-bars'?: BarFields;
  /**
   * The columns of a table a reader looks for first, in order (`identifier`, `title`, `state`): keys
   * of the `x-list` records. The others stay one click away.
   */
  'x-columns'?: string[];
  /**
   * Words for the provider's internal names that show up in a result as values or series names, e.g.
   * Amplitude's `{_active: 'Active users'}`: a UI shows the words, the JSON keeps the name.
   */
  'x-value-words'?: Record<string, string>;
};

/** The keyword of a number field holding a Unix time, as it appears in the JSON Schema. */
export type UnixTimeMeta = {
  'x-time': UnixTimeUnit;
};

/** What {@link resultView} takes: a main view and where its data is. */
export type ResultViewOptions = (
  | { view: 'table'; list: string; more?: MoreHint; csv?: string; columns?: string[] }
  | { view: 'chart'; chart: ChartPaths; seriesTitle?: string }
  | { view: 'csv'; csv: string; list?: string }
  | { view: 'record' }
  | { view: 'document'; text: string }
  | { view: 'bars'; list: string; bars: BarFields }
) & {
  /** Words for the provider's internal names among the result's values (see `x-value-words`). */
  valueWords?: Record<string, string>;
};

/**
 * The `.meta()` of an output schema that declares how its result is shown, e.g.
 * `resultView({ view: 'table', list: 'nodes', more: { path: 'pageInfo.hasNextPage' } })`.
 */
export function resultView(options: ResultViewOptions): ResultViewMeta {
  const meta: ResultViewMeta = { 'x-view': options.view };
  if ('list' in options && options.list !== undefined) meta['x-list'] = options.list;
  if ('csv' in options && options.csv !== undefined) meta['x-csv'] = options.csv;
  if ('chart' in options) meta['x-chart'] = options.chart;
  if ('seriesTitle' in options && options.seriesTitle !== undefined)
    meta['x-series-title'] = options.seriesTitle;
  if ('more' in options && options.more !== undefined) meta['x-more'] = options.more;
  if ('text' in options) meta['x-text'] = options.text;
  if ('bars' in options) meta['x-bars'] = options.bars;
  if ('columns' in options && options.columns !== undefined) meta['x-columns'] = options.columns;
  if (options.valueWords !== undefined) meta['x-value-words'] = options.valueWords;
  return meta;
}

/** The `.meta()` of a number field holding a Unix time, so a UI shows it as a date. */
export function unixTime(unit: UnixTimeUnit = 'unix-seconds'): UnixTimeMeta {
  return { 'x-time': unit };
}
