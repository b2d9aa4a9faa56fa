import { dayValue, hourValue } from '../analytics-params.js';
import { ANALYTICS_BUILT_IN_GROUP_BY, ANALYTICS_FILTER_OPERATORS } from '../commands/event-segmentation.js';

/**
 * What Amplitude's query endpoints accept, from its docs (see the contracts folder's
 * amplitude-api-facts.md): parameters each endpoint knows, which are required, and how they are
 * checked. One source for both the simulator's answers and the contract check of requests.
 */
type Check = (value: string, query: URLSearchParams) => string | undefined;

interface Endpoint {
  params: Record<string, Check>;
  required: readonly string[];
  /** Rules across parameters. */
  rules?: (query: URLSearchParams) => string | undefined;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BUILT_IN_GROUP_BY = new Set<string>(ANALYTICS_BUILT_IN_GROUP_BY);
const OPERATORS = new Set<string>(ANALYTICS_FILTER_OPERATORS);

const any: Check = () => undefined;
const oneOf =
  (...values: string[]): Check =>
  (value) =>
    values.includes(value) ? undefined : `must be one of ${values.join(', ')}`;
const day: Check = (value) =>
  dayValue(value) === undefined ? 'must be a real date written YYYYMMDD' : undefined;
const hour: Check = (value) =>
  hourValue(value) === undefined ? 'must be a real date and hour written YYYYMMDDTHH' : undefined;
const integer =
  (min: number, max: number): Check =>
  (value) =>
    /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max
      ? undefined
      : `must be an integer from ${min} to ${max}`;
const json: Check = (value) => {
  try {
    JSON.parse(value);
    return undefined;
  } catch {
    return 'must be JSON';
  }
};
const groupBy: Check = (value) =>
  BUILT_IN_GROUP_BY.has(value) || /^gp:\S/.test(value)
    ? undefined
    : 'must be a built-in property or a custom user property gp:<name>';

/** Checks an event object of `e`/`e2`: event_type, filters, at most two group-bys. */
const eventJson: Check = (value) => {
  let event: unknown;
  try {
    event = JSON.parse(value);
  } catch {
    return 'must be an event object in JSON';
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'must be an event object';
  const record = event as Record<string, unknown>;
  if (typeof record.event_type !== 'string' || !record.event_type) return 'needs an event_type';
  if (record.filters !== undefined) {
    if (!Array.isArray(record.filters)) return 'filters must be an array';
    for (const filter of record.filters as Record<string, unknown>[]) {
      if (filter?.subprop_type !== 'event' && filter?.subprop_type !== 'user')
        return 'filter subprop_type must be event or user';
      if (typeof filter.subprop_key !== 'string') return 'filter needs a subprop_key';
      if (!OPERATORS.has(filter.subprop_op as string))
        return `filter subprop_op ${String(filter.subprop_op)} is unknown`;
      if (!Array.isArray(filter.subprop_value)) return 'filter subprop_value must be an array';
    }
  }
  if (record.group_by !== undefined) {
    if (!Array.isArray(record.group_by)) return 'group_by must be an array';
    if (record.group_by.length > 2) return 'allows at most two group-bys';
  }
  return undefined;
};

/** Retention's `se` / `re`: an event object, whose special types may be the ones the endpoint allows. */
const retentionEvent =
  (...special: string[]): Check =>
  (value, query) => {
    try {
      const event = JSON.parse(value) as { event_type?: unknown };
      if (typeof event?.event_type === 'string' && special.includes(event.event_type)) return undefined;
    } catch {
      return 'must be an event object in JSON';
    }
    return eventJson(value, query);
  };

/** Retention's `rb`: a JSON list of [first day, day after the last] pairs, e.g. [[0,5],[5,10]]. */
const brackets: Check = (value) => {
  try {
    const list = JSON.parse(value) as unknown;
    const pairs =
      Array.isArray(list) &&
      list.length > 0 &&
      list.every(
        (pair) =>
          Array.isArray(pair) &&
          pair.length === 2 &&
          pair.every((day) => Number.isInteger(day) && day >= 0) &&
          pair[0] < pair[1],
      );
    return pairs ? undefined : 'must be a list of [from, to] day pairs, from < to, e.g. [[0,5]]';
  } catch {
    return 'must be JSON, e.g. [[0,5]]';
  }
};

const number: Check = (value) =>
  Number.isFinite(Number(value)) && value.trim() !== '' ? undefined : 'must be a number';

/** Composition's `p`: a built-in user property (docs' list, `device_type` aside) or `gp:<name>`. */
const COMPOSITION_PROPERTIES = new Set([
  'version',
  'country',
  'city',
  'region',
  'DMA',
  'language',
  'platform',
  'os',
  'device',
  'start_version',
  'paying',
]);
const composition: Check = (value) =>
  COMPOSITION_PROPERTIES.has(value) || /^gp:\S/.test(value)
    ? undefined
    : 'must be version, country, city, region, DMA, language, platform, os, device, start_version, paying or gp:<name>';

function range(
  query: URLSearchParams,
  value: (text: string) => number | undefined,
  step: number,
  maxDays?: number,
): string | undefined {
  const start = value(query.get('start') ?? '');
  const end = value(query.get('end') ?? '');
  if (start === undefined || end === undefined) return undefined;
  if (end < start) return 'end is before start';
  if (maxDays !== undefined && (end - start + step) / DAY > maxDays)
    return `the range is longer than ${maxDays} days`;
  return undefined;
}

const SEGMENTATION_INTERVAL_DAYS: Record<string, number> = { '-300000': 2, '-3600000': 7, '1': 365 };

/** The query endpoints by path pattern. */
const ENDPOINTS: [RegExp, Endpoint][] = [
  [
    /^\/api\/2\/users$/,
    {
      params: { start: day, end: day, m: oneOf('active', 'new'), i: oneOf('1', '7', '30'), s: json, g: any },
      required: ['start', 'end'],
      rules: (query) => range(query, dayValue, DAY),
    },
  ],
  [
    /^\/api\/2\/events\/segmentation$/,
    {
      params: {
        e: eventJson,
        e2: eventJson,
        start: day,
        end: day,
        m: oneOf('uniques', 'totals', 'pct_dau', 'average', 'histogram', 'sums', 'value_avg', 'formula'),
        n: oneOf('any', 'active'),
        formula: any,
        i: oneOf('1', '7', '30', '-300000', '-3600000'),
        s: json,
        g: groupBy,
        g2: groupBy,
        limit: integer(1, 1000),
        rollingWindow: integer(1, 365),
        rollingAverage: integer(1, 365),
      },
      required: ['e', 'start', 'end'],
      rules: (query) => {
        const interval = query.get('i') ?? '1';
        const problem = range(query, dayValue, DAY, SEGMENTATION_INTERVAL_DAYS[interval]);
        if (problem) return problem;
        const metric = query.get('m') ?? 'uniques';
        const event = JSON.parse(query.get('e') ?? '{}') as { group_by?: unknown[] };
        if (['histogram', 'sums', 'value_avg'].includes(metric) && !event.group_by?.length) {
          return `metric ${metric} needs a group_by in e`;
        }
        if (metric === 'formula' && !query.get('formula')) return 'metric formula needs formula';
        return undefined;
      },
    },
  ],
  [
    /^\/api\/2\/funnels$/,
    {
      params: {
        e: eventJson,
        start: day,
        end: day,
        mode: oneOf('ordered', 'unordered', 'sequential'),
        n: oneOf('active', 'new'),
        i: oneOf('1', '7', '30', '-300000', '-3600000'),
        s: json,
        g: groupBy,
        cs: integer(1, Number.MAX_SAFE_INTEGER),
        limit: integer(1, 1000),
      },
      required: ['e', 'start', 'end'],
      rules: (query) =>
        query.getAll('e').length < 2
          ? 'a funnel needs at least two events: repeat e once per step'
          : range(query, dayValue, DAY, SEGMENTATION_INTERVAL_DAYS[query.get('i') ?? '1']),
    },
  ],
  [
    /^\/api\/2\/retention$/,
    {
      params: {
        se: retentionEvent('_new', '_active'),
        re: retentionEvent('_all', '_active'),
        start: day,
        end: day,
        rm: oneOf('n-day', 'rolling', 'bracket'),
        rb: brackets,
        i: oneOf('1', '7', '30'),
        s: json,
        g: groupBy,
      },
      required: ['se', 're', 'start', 'end'],
      rules: (query) =>
        query.get('rm') === 'bracket' && !query.get('rb')
          ? 'rb is required with rm=bracket'
          : range(query, dayValue, DAY, 365),
    },
  ],
  [
    /^\/api\/2\/composition$/,
    {
      params: { start: day, end: day, p: composition },
      required: ['start', 'end', 'p'],
      rules: (query) => range(query, dayValue, DAY, 365),
    },
  ],
  [
    /^\/api\/2\/sessions\/length$/,
    {
      params: {
        start: day,
        end: day,
        timeHistogramConfigBinTimeUnit: oneOf('hours', 'minutes', 'seconds'),
        timeHistogramConfigBinMin: number,
        timeHistogramConfigBinMax: number,
        timeHistogramConfigBinSize: number,
      },
      required: ['start', 'end'],
      rules: (query) => range(query, dayValue, DAY, 365),
    },
  ],
  [
    /^\/api\/2\/sessions\/(average|peruser)$/,
    {
      params: { start: day, end: day },
      required: ['start', 'end'],
      rules: (query) => range(query, dayValue, DAY, 365),
    },
  ],
  [
    /^\/api\/2\/revenue\/ltv$/,
    {
      params: {
        m: oneOf('0', '1', '2', '3'),
        start: day,
        end: day,
        i: oneOf('1', '7', '30'),
        s: json,
        g: groupBy,
      },
      required: ['start', 'end'],
      rules: (query) => range(query, dayValue, DAY, 365),
    },
  ],
  [/^\/api\/2\/usersearch$/, { params: { user: any }, required: ['user'] }],
  [
    /^\/api\/2\/useractivity$/,
    {
      params: {
        user: integer(1, Number.MAX_SAFE_INTEGER),
        offset: integer(0, Number.MAX_SAFE_INTEGER),
        limit: integer(1, 1000),
        direction: oneOf('latest', 'earliest'),
      },
      required: ['user'],
    },
  ],
  [/^\/api\/2\/realtime$/, { params: { i: any }, required: [] }],
  [/^\/api\/2\/events\/list$/, { params: {}, required: [] }],
  [
    /^\/api\/2\/export$/,
    {
      params: { start: hour, end: hour },
      required: ['start', 'end'],
      rules: (query) => range(query, hourValue, HOUR, 365),
    },
  ],
  [/^\/api\/3\/cohorts$/, { params: { includeSyncInfo: oneOf('true', 'false') }, required: [] }],
  [/^\/api\/3\/chart\/[^/]+\/(query|csv)$/, { params: {}, required: [] }],
];

/** Whether a path is one of the simulated query endpoints. */
export function isQueryPath(path: string): boolean {
  return ENDPOINTS.some(([pattern]) => pattern.test(path));
}

/**
 * Checks a query request's parameters as Amplitude does. `refusal` is what Amplitude answers with
 * a 400; `unknown` lists parameters it does not document (ignored by the API, flagged by the
 * contract check).
 */
export function checkQuery(path: string, query: URLSearchParams): { refusal?: string; unknown: string[] } {
  const endpoint = ENDPOINTS.find(([pattern]) => pattern.test(path))?.[1];
  if (!endpoint) return { unknown: [] };
  const unknown = [...new Set(query.keys())].filter((key) => !(key in endpoint.params));
  for (const key of endpoint.required) {
    if (!query.get(key)) return { refusal: `missing required parameter ${key}`, unknown };
  }
  for (const [key, value] of query) {
    const check = endpoint.params[key];
    const problem = check?.(value, query);
    if (problem) return { refusal: `parameter ${key} ${problem}`, unknown };
  }
  const problem = endpoint.rules?.(query);
  return problem ? { refusal: problem, unknown } : { unknown };
}

/** Decodes HTTP Basic credentials, or undefined when the header is not Basic. */
export function basicCredentials(
  header: string | null | undefined,
): { user: string; pass: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), pass: decoded.slice(colon + 1) };
}

/** IDs Amplitude refuses as placeholders (its HTTP V2 docs list them), compared case-insensitively. */
export const PLACEHOLDER_IDS = new Set([
  'anonymous',
  'nil',
  'none',
  'null',
  'n/a',
  'na',
  'undefined',
  'unknown',
  '""',
  '00000000-0000-0000-0000-000000000000',
  '{}',
  'lmy47d',
  '0',
  '-1',
]);

/**
 * The per-event outcome of an HTTP V2 request, as Amplitude reports it in a 400: for each field,
 * the index of the **first** event with that problem only (Amplitude's maps hold one index per
 * field), so a sender learns of the next bad event only once it sends again without this one.
 */
export interface EventChecks {
  missing: Record<string, number[]>;
  invalid: Record<string, number[]>;
  idLengths: Record<string, number[]>;
  /** Events that are not JSON objects at all: the request is refused as a whole. */
  malformed: boolean;
}

/** Checks each event of an ingestion request as Amplitude does. */
export function checkEvents(events: unknown[], minIdLength: number): EventChecks {
  const out: EventChecks = { missing: {}, invalid: {}, idLengths: {}, malformed: false };
  const add = (map: Record<string, number[]>, field: string, index: number) => {
    map[field] ??= [index];
  };
  events.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      out.malformed = true;
      return;
    }
    const event = raw as Record<string, unknown>;
    if (typeof event.event_type !== 'string' || event.event_type === '')
      add(out.missing, 'event_type', index);
    const ids = (['user_id', 'device_id'] as const).filter(
      (field) => event[field] !== undefined && event[field] !== null,
    );
    if (ids.length === 0) add(out.missing, 'user_id', index);
    for (const field of ids) {
      const value = event[field];
      if (typeof value !== 'string') add(out.invalid, field, index);
      else if (PLACEHOLDER_IDS.has(value.toLowerCase())) add(out.invalid, field, index);
      else if (value.length < minIdLength) add(out.idLengths, field, index);
    }
    if (event.time !== undefined && !(Number.isInteger(event.time) && (event.time as number) >= 0)) {
      add(out.invalid, 'time', index);
    }
    if (event.insert_id !== undefined && typeof event.insert_id !== 'string')
      add(out.invalid, 'insert_id', index);
  });
  return out;
}
