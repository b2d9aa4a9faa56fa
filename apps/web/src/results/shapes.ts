/** Reads the shape of a command's result to pick the best view: chart, table, CSV or JSON. */

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

function labelOf(label: unknown, index: number, fallback: string | undefined): string {
  if (typeof label === 'string' && label.trim()) return label;
  if (typeof label === 'number') return String(label);
  // Amplitude labels grouped segments as `[segmentIndex, "value"]`.
  if (Array.isArray(label)) {
    const words = label.filter((part) => typeof part === 'string' && part.trim());
    if (words.length > 0) return words.join(' · ');
  }
  if (isRecord(label)) {
    const name = label.label ?? label.name ?? label.segmentName;
    if (typeof name === 'string' && name) return name;
  }
  return fallback && index === 0 ? fallback : `Series ${index + 1}`;
}

/**
 * Finds Amplitude's chart shape, `{data: {xValues, series, seriesLabels | seriesMeta}}` (also without
 * the `data` wrapper), as returned by user counts, event segmentation and realtime. `fallbackName`
 * names a lone unlabelled series (e.g. "Active users").
 */
export function toTimeSeries(result: unknown, fallbackName?: string): TimeSeries | undefined {
  const root = isRecord(result) && isRecord(result.data) ? result.data : result;
  if (!isRecord(root)) return undefined;
  const { xValues, series } = root;
  if (!Array.isArray(xValues) || !Array.isArray(series) || series.length === 0) return undefined;
  if (!series.every((line) => Array.isArray(line))) return undefined;
  const labels = Array.isArray(root.seriesLabels)
    ? root.seriesLabels
    : Array.isArray(root.seriesMeta)
      ? root.seriesMeta
      : [];
  const names: string[] = [];
  for (let index = 0; index < series.length; index += 1) {
    let name = labelOf(labels[index], index, fallbackName);
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

const listKeys = ['data', 'nodes', 'files', 'matches', 'cohorts', 'events', 'items', 'results', 'rejected'];

function recordsOf(value: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.every(isRecord) ? (value as Record<string, unknown>[]) : undefined;
}

/**
 * Finds the list in a result: a top-level array of records, Stripe's `{object: 'list', data}`,
 * GraphQL's `{nodes}`, Drive's `{files}`, or an object whose one array of records is the point.
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

/** Columns for a table of records: keys in first-seen order, scalars first, at most `max`. */
export function columnsOf(rows: Record<string, unknown>[], max = 12): string[] {
  const seen = new Map<string, boolean>();
  for (const row of rows.slice(0, 200)) {
    for (const [key, value] of Object.entries(row)) {
      const scalar = value === null || typeof value !== 'object';
      seen.set(key, (seen.get(key) ?? false) || scalar);
    }
  }
  const keys = [...seen.keys()];
  const preferred = ['id', 'identifier', 'name', 'title', 'email'];
  keys.sort((a, b) => {
    const rank = (key: string) => {
      const index = preferred.indexOf(key);
      return index >= 0 ? index : preferred.length + (seen.get(key) ? 0 : 1);
    };
    return rank(a) - rank(b);
  });
  return keys.slice(0, max);
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

/** The CSV text of a result: `{csv}` from Get Chart Results, or `{text}` that looks like CSV. */
export function csvTextOf(result: unknown): string | undefined {
  if (!isRecord(result)) return undefined;
  if (typeof result.csv === 'string') return result.csv;
  return undefined;
}
