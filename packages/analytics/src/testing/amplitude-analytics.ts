import { dayValue } from '../analytics-params.js';
import { type DayActivity, NONE, propertyOf, type StoredEvent } from './amplitude-events.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FIVE_MINUTES = 300_000;

/** What the analytics read: indexes of the stored active events (identify events left out), and cohorts. */
export interface AnalyticsSource {
  /** The active events, oldest first: all, or those of one event type. */
  activeEvents(type?: string): readonly StoredEvent[];
  /** Per UTC day number: the users and events of that day, all or of one event type. */
  activeDays(type?: string): ReadonlyMap<number, DayActivity>;
  /** Each active event type with its events. */
  activeTypes(): Iterable<[unknown, readonly StoredEvent[]]>;
  /** Each user's first active event (the earliest; the first stored among equals). */
  firstActiveEvents(): Iterable<StoredEvent>;
  /** Members of a cohort (Amplitude IDs), for `userdata_cohort` segments; undefined for an unknown one. */
  cohortMembers(id: string): ReadonlySet<number> | undefined;
}

/** An event of `e`/`e2`, as the segmentation API takes it. */
export interface EventSpec {
  event_type: string;
  filters?: {
    subprop_type: 'event' | 'user';
    subprop_key: string;
    subprop_op: string;
    subprop_value: unknown[];
  }[];
  group_by?: { type: 'event' | 'user'; value: string }[];
}

/** A segment condition of `s`: a user property compared with values, or cohort membership. */
interface SegmentCondition {
  prop?: string;
  op?: string;
  values?: unknown[];
}

/** A JSON answer body. */
export type JsonObject = Record<string, unknown>;

/** An answer, or the reason for a 400. */
export type Answer<T> = { body: T } | { refusal: string };

/** Starts of the buckets of a day range: days, weeks from the start, calendar months, hours or 5 minutes. */
export function buckets(start: number, end: number, interval: string): number[] {
  const out: number[] = [];
  if (interval === '30') {
    const first = new Date(start);
    for (let month = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1); month <= end; ) {
      out.push(Math.max(month, start));
      const date = new Date(month);
      month = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    }
    return out;
  }
  const step = stepOf(interval);
  const last = interval.startsWith('-') ? end + DAY - step : end;
  for (let at = start; at <= last; at += step) out.push(at);
  return out;
}

/** The length of the buckets of an interval other than calendar months ('30'), in ms. */
function stepOf(interval: string): number {
  return interval === '7'
    ? 7 * DAY
    : interval === '-3600000'
      ? HOUR
      : interval === '-300000'
        ? FIVE_MINUTES
        : DAY;
}

/** The x value of a bucket: its day, or its hour and minute for sub-day intervals. */
export function bucketLabel(at: number, interval: string): string {
  const iso = new Date(at).toISOString();
  return interval.startsWith('-') ? `${iso.slice(0, 16)}:00` : iso.slice(0, 10);
}

/** Index of the bucket holding `time`, or -1 outside `[points[0], end)`. */
function bucketIndex(points: readonly number[], end: number, time: number): number {
  if (time < points[0]! || time >= end) return -1;
  let low = 0;
  let high = points.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (points[mid]! <= time) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * `bucketIndex` of the buckets `buckets` made, as a function of the time. Buckets of one length
 * (all but calendar months) spare the search: the index is the time's distance from the first
 * bucket, in steps (the last bucket runs to `end`, as in the search).
 */
function bucketFinder(points: readonly number[], end: number, interval: string): (time: number) => number {
  const first = points[0];
  if (interval === '30' || first === undefined) return (time) => bucketIndex(points, end, time);
  const step = stepOf(interval);
  const last = points.length - 1;
  return (time) => (time < first || time >= end ? -1 : Math.min(last, Math.floor((time - first) / step)));
}

/** Compares a property value with filter values as Amplitude's operators do. */
export function compare(value: unknown, op: string, values: readonly unknown[]): boolean {
  const list = Array.isArray(value)
    ? value.map(String)
    : [value === undefined || value === null ? NONE : String(value)];
  const wanted = values.map(String);
  const number = Number(Array.isArray(value) ? value[0] : value);
  const bound = Number(wanted[0]);
  switch (op) {
    case 'is':
      return list.some((item) => wanted.includes(item));
    case 'is not':
      return !list.some((item) => wanted.includes(item));
    case 'contains':
      return list.some((item) => wanted.some((part) => item.includes(part)));
    case 'does not contain':
      return !list.some((item) => wanted.some((part) => item.includes(part)));
    case 'less':
      return number < bound;
    case 'less or equal':
      return number <= bound;
    case 'greater':
      return number > bound;
    case 'greater or equal':
      return number >= bound;
    case 'set is':
      return list.length === wanted.length && wanted.every((item) => list.includes(item));
    case 'set is not':
      return !(list.length === wanted.length && wanted.every((item) => list.includes(item)));
    default:
      return false;
  }
}

/** Event types that stand for several: any active event, or any with revenue. */
const ANY_TYPE = new Set(['_active', '_all', 'revenue_amount', 'verified_revenue', 'unverified_revenue']);

/** Intervals whose buckets start and end at midnight UTC: daily, weekly and monthly. */
const WHOLE_DAYS = new Set(['1', '7', '30']);

/**
 * The day-by-day activity an unfiltered event spec counts, when there is one: of its type, or of
 * every active event (revenue types are a filter of their own).
 */
function daysOf(source: AnalyticsSource, spec: EventSpec): ReadonlyMap<number, DayActivity> | undefined {
  if ((spec.filters ?? []).length > 0) return undefined;
  if (spec.event_type === '_active' || spec.event_type === '_all') return source.activeDays();
  return ANY_TYPE.has(spec.event_type) ? undefined : source.activeDays(spec.event_type);
}

/** UTC day numbers, first and last, that a query's range touches. */
interface DaySpan {
  first: number;
  last: number;
}

/**
 * The events of `all` (an index's list, oldest first) on the days of `span`, in the same order:
 * gathered from the per-day lists when those hold fewer than half of them, else `all` itself.
 */
function within(all: readonly StoredEvent[], days: ReadonlyMap<number, DayActivity>, span: DaySpan) {
  const lists: StoredEvent[][] = [];
  let count = 0;
  const take = (activity: DayActivity | undefined) => {
    if (!activity) return;
    lists.push(activity.events);
    count += activity.events.length;
  };
  if (span.last - span.first < days.size) {
    for (let day = span.first; day <= span.last; day += 1) take(days.get(day));
  } else {
    for (const [day, activity] of days) if (day >= span.first && day <= span.last) take(activity);
  }
  if (count * 2 >= all.length) return all;
  // In the order stored, as `all` has them: sums of property values and groups come out the same.
  return lists.flat().sort((a, b) => a.sequence - b.sequence);
}

/**
 * The stored events an event spec may match on the days of a range: those of its type, or every
 * active one for a special type.
 */
function candidates(source: AnalyticsSource, spec: EventSpec, span: DaySpan): readonly StoredEvent[] {
  return ANY_TYPE.has(spec.event_type)
    ? within(source.activeEvents(), source.activeDays(), span)
    : within(source.activeEvents(spec.event_type), source.activeDays(spec.event_type), span);
}

/** Whether one of the event spec's candidates (active events) is of its type. */
function matchesType(stored: StoredEvent, type: string): boolean {
  if (type === '_active' || type === '_all') return true;
  if (type === 'revenue_amount' || type === 'verified_revenue' || type === 'unverified_revenue') {
    return typeof stored.event.revenue === 'number' || typeof stored.event.price === 'number';
  }
  return stored.event.event_type === type;
}

/** Whether one of the event spec's candidates matches its type and its filters. */
export function eventMatcher(spec: EventSpec): (stored: StoredEvent) => boolean {
  const type = spec.event_type;
  const filters = spec.filters ?? [];
  if (filters.length === 0) return (stored) => matchesType(stored, type);
  return (stored) =>
    matchesType(stored, type) &&
    filters.every((filter) =>
      compare(
        propertyOf(stored, filter.subprop_type, filter.subprop_key),
        filter.subprop_op,
        filter.subprop_value,
      ),
    );
}

/** The test of a query's `s` segment conditions (user properties, cohorts) on an event, or why `s` is refused. */
export function segmentFilter(
  source: AnalyticsSource,
  text: string | null,
): Answer<(stored: StoredEvent) => boolean> {
  if (!text) return { body: () => true };
  const conditions = JSON.parse(text) as unknown;
  if (!Array.isArray(conditions)) return { refusal: 'parameter s must be an array of segment conditions' };
  const tests: ((stored: StoredEvent) => boolean)[] = [];
  for (const condition of conditions as SegmentCondition[]) {
    if (typeof condition?.prop !== 'string' || !Array.isArray(condition.values)) {
      return { refusal: 'each condition of s needs prop, op and values' };
    }
    const op = condition.op ?? 'is';
    const values = condition.values;
    if (condition.prop === 'userdata_cohort') {
      const members = values.map((id) => source.cohortMembers(String(id)));
      if (members.some((set) => set === undefined)) return { refusal: 'parameter s names an unknown cohort' };
      const inAny = (id: number) => members.some((set) => set!.has(id));
      tests.push((stored) => (op === 'is not' ? !inAny(stored.amplitudeId) : inAny(stored.amplitudeId)));
    } else {
      const prop = condition.prop;
      tests.push((stored) => compare(propertyOf(stored, 'user', prop), op, values));
    }
  }
  return { body: (stored) => tests.every((test) => test(stored)) };
}

/** Values of one group (one series): users, events and property values per bucket, and over the range. */
class Tally {
  readonly users: Set<number>[];
  readonly totals: number[];
  readonly sums: number[];
  readonly counted: number[];
  readonly allUsers = new Set<number>();
  total = 0;
  sum = 0;
  count = 0;

  constructor(size: number) {
    this.users = Array.from({ length: size }, () => new Set<number>());
    this.totals = new Array<number>(size).fill(0);
    this.sums = new Array<number>(size).fill(0);
    this.counted = new Array<number>(size).fill(0);
  }

  /**
   * Adds whole days of activity (buckets of whole days): what `add` of each of their events would
   * add, but property values, which only the events carry.
   */
  addDays(days: ReadonlyMap<number, DayActivity>, bucketOf: (time: number) => number): void {
    for (const [day, activity] of days) {
      const bucket = bucketOf(day * DAY);
      if (bucket < 0) continue;
      const users = this.users[bucket]!;
      for (const user of activity.users) {
        users.add(user);
        this.allUsers.add(user);
      }
      this.totals[bucket]! += activity.events.length;
      this.total += activity.events.length;
    }
  }

  add(bucket: number, stored: StoredEvent, value?: unknown): void {
    this.users[bucket]!.add(stored.amplitudeId);
    this.allUsers.add(stored.amplitudeId);
    this.totals[bucket]! += 1;
    this.total += 1;
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    if (Number.isFinite(number)) {
      this.sums[bucket]! += number;
      this.counted[bucket]! += 1;
      this.sum += number;
      this.count += 1;
    }
  }
}

const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : 0);
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

/** The active users of a segmentation's range: per bucket, and over the whole range. */
interface ActiveUsers {
  perBucket: Set<number>[];
  all: Set<number>;
}

/** A metric per bucket and over the whole range, from a group's tally and the active users. */
function metricValues(
  metric: string,
  tally: Tally,
  activeUsers: () => ActiveUsers,
): { series: number[]; collapsed: number } {
  switch (metric) {
    case 'totals':
    case 'histogram':
      return { series: tally.totals, collapsed: tally.total };
    case 'pct_dau': {
      const active = activeUsers();
      return {
        series: tally.users.map((users, i) => round(100 * ratio(users.size, active.perBucket[i]!.size))),
        collapsed: round(100 * ratio(tally.allUsers.size, active.all.size)),
      };
    }
    case 'average':
      return {
        series: tally.totals.map((total, i) => round(ratio(total, tally.users[i]!.size))),
        collapsed: round(ratio(tally.total, tally.allUsers.size)),
      };
    case 'sums':
      return { series: tally.sums.map(round), collapsed: round(tally.sum) };
    case 'value_avg':
      return {
        series: tally.sums.map((sum, i) => round(ratio(sum, tally.counted[i]!))),
        collapsed: round(ratio(tally.sum, tally.count)),
      };
    default:
      return { series: tally.users.map((users) => users.size), collapsed: tally.allUsers.size };
  }
}

/** The range and buckets of a query's `start`, `end` and interval. */
function rangeOf(query: URLSearchParams, interval: string) {
  const start = dayValue(query.get('start') ?? '')!;
  const endDay = dayValue(query.get('end') ?? '')!;
  const points = buckets(start, endDay, interval);
  const end = endDay + DAY;
  const span: DaySpan = { first: Math.floor(start / DAY), last: Math.floor(endDay / DAY) };
  return { points, span, bucketOf: bucketFinder(points, end, interval) };
}

/**
 * `GET /api/2/events/segmentation`, computed from the stored events: `e` (event type, filters,
 * group_by), `e2`, metrics uniques, totals, pct_dau, average, histogram (totals per property value),
 * sums and value_avg (of the event's first group-by property), formula (UNIQUES, TOTALS, PCT_DAU,
 * AVERAGE of A and B with + - * / and parentheses), intervals, `s` segments, `g`/`g2`, `limit`.
 */
export function segmentation(source: AnalyticsSource, query: URLSearchParams): Answer<JsonObject> {
  const metric = query.get('m') ?? 'uniques';
  const interval = query.get('i') ?? '1';
  const limit = Number(query.get('limit') ?? 100);
  const e = JSON.parse(query.get('e')!) as EventSpec;
  const e2 = query.get('e2') ? (JSON.parse(query.get('e2')!) as EventSpec) : undefined;
  const { points, span, bucketOf } = rangeOf(query, interval);
  const segment = segmentFilter(source, query.get('s'));
  if ('refusal' in segment) return segment;
  const inSegment = segment.body;
  const userGroups = [query.get('g'), query.get('g2')].filter((name): name is string => !!name);
  // Without a segment, counts over whole days add up the activity kept per day, not the events.
  const byDays = !query.get('s') && WHOLE_DAYS.has(interval);

  // Only % of DAU reads the active users (of the segment): they are counted when it asks.
  let active: ActiveUsers | undefined;
  const activeUsers = (): ActiveUsers => {
    if (active) return active;
    if (byDays) {
      const tally = new Tally(points.length);
      tally.addDays(source.activeDays(), bucketOf);
      active = { perBucket: tally.users, all: tally.allUsers };
      return active;
    }
    active = { perBucket: points.map(() => new Set<number>()), all: new Set<number>() };
    for (const stored of within(source.activeEvents(), source.activeDays(), span)) {
      if (!inSegment(stored)) continue;
      const bucket = bucketOf(stored.time);
      if (bucket < 0) continue;
      active.perBucket[bucket]!.add(stored.amplitudeId);
      active.all.add(stored.amplitudeId);
    }
    return active;
  };

  const tallyOf = (spec: EventSpec, grouped: boolean) => {
    const propertyMetric = metric === 'sums' || metric === 'value_avg';
    const measured = propertyMetric ? spec.group_by?.[0] : undefined;
    const eventGroups = grouped
      ? propertyMetric
        ? (spec.group_by ?? []).slice(1)
        : (spec.group_by ?? [])
      : [];
    const properties: { type: 'event' | 'user'; value: string }[] = [
      ...eventGroups,
      ...(grouped ? userGroups.map((name) => ({ type: 'user' as const, value: name })) : []),
    ];
    // Ungrouped (the common case), every event falls in the one group '': no key to build.
    const keyOf =
      properties.length === 0
        ? () => ''
        : (stored: StoredEvent) =>
            properties
              .map((group) => {
                const value = propertyOf(stored, group.type, group.value);
                return value === undefined || value === null || value === '' ? NONE : String(value);
              })
              .join('; ');
    const groups = new Map<string, Tally>();
    const days = byDays && properties.length === 0 && !measured ? daysOf(source, spec) : undefined;
    if (days) {
      const tally = new Tally(points.length);
      tally.addDays(days, bucketOf);
      // As from the events: a group only when an event falls in the range.
      if (tally.total > 0) groups.set('', tally);
      return { groups, byEvent: eventGroups.length > 0 };
    }
    const matches = eventMatcher(spec);
    for (const stored of candidates(source, spec, span)) {
      if (!matches(stored) || !inSegment(stored)) continue;
      const bucket = bucketOf(stored.time);
      if (bucket < 0) continue;
      const key = keyOf(stored);
      let tally = groups.get(key);
      if (!tally) {
        tally = new Tally(points.length);
        groups.set(key, tally);
      }
      tally.add(bucket, stored, measured && propertyOf(stored, measured.type, measured.value));
    }
    return { groups, byEvent: eventGroups.length > 0 };
  };

  const series: number[][] = [];
  const labels: unknown[] = [];
  const collapsed: number[] = [];
  if (metric === 'formula') {
    const formula = parseFormula(query.get('formula') ?? '');
    if (!formula) return { refusal: 'parameter formula is not a formula Amplitude understands' };
    const totalsOf = (spec: EventSpec | undefined) => {
      const tally = new Tally(points.length);
      if (spec) for (const group of tallyOf(spec, false).groups.values()) merge(tally, group);
      return tally;
    };
    const tallies = { A: totalsOf(e), B: totalsOf(e2) };
    const at = (bucket: number | undefined) => (fn: string, letter: 'A' | 'B') => {
      const values = metricValues(FORMULA_METRICS[fn]!, tallies[letter], activeUsers);
      return bucket === undefined ? values.collapsed : values.series[bucket]!;
    };
    series.push(points.map((_, bucket) => round(formula(at(bucket)))));
    labels.push(0);
    collapsed.push(round(formula(at(undefined))));
  } else {
    const grouped = userGroups.length > 0 || (e.group_by?.length ?? 0) > 0 || metric === 'histogram';
    const specs = e2 ? [e, e2] : [e];
    specs.forEach((spec, index) => {
      const { groups, byEvent } = tallyOf(spec, grouped);
      if (!grouped || groups.size === 0) {
        const tally = new Tally(points.length);
        for (const group of groups.values()) merge(tally, group);
        groups.clear();
        groups.set('', tally);
      }
      const rows = [...groups].map(([key, tally]) => ({ key, ...metricValues(metric, tally, activeUsers) }));
      rows.sort((a, b) => b.collapsed - a.collapsed || a.key.localeCompare(b.key));
      for (const row of rows.slice(0, limit)) {
        series.push(row.series);
        collapsed.push(row.collapsed);
        // Amplitude labels a group of the event's own group_by [event index, value]; of g by the value.
        if (!grouped || (row.key === '' && groups.size === 1)) labels.push(e2 ? spec.event_type : 0);
        else labels.push(byEvent || e2 ? [index, row.key] : row.key);
      }
    });
  }
  return {
    body: {
      data: {
        series,
        seriesLabels: labels,
        seriesCollapsed: collapsed.map((value) => [{ setId: '', value }]),
        xValues: points.map((at) => bucketLabel(at, interval)),
      },
    },
  };
}

function merge(into: Tally, from: Tally): void {
  from.users.forEach((users, i) => {
    for (const user of users) into.users[i]!.add(user);
    into.totals[i]! += from.totals[i]!;
    into.sums[i]! += from.sums[i]!;
    into.counted[i]! += from.counted[i]!;
  });
  for (const user of from.allUsers) into.allUsers.add(user);
  into.total += from.total;
  into.sum += from.sum;
  into.count += from.count;
}

/**
 * `GET /api/2/users`, computed from the stored events: active users (any event in the bucket) or
 * new users (first event in the bucket), per day, week or month, with `s` segments and a `g`
 * group-by property.
 */
export function userCounts(source: AnalyticsSource, query: URLSearchParams): Answer<JsonObject> {
  const metric = query.get('m') ?? 'active';
  const interval = query.get('i') ?? '1';
  const { points, span, bucketOf } = rangeOf(query, interval);
  const segment = segmentFilter(source, query.get('s'));
  if ('refusal' in segment) return segment;
  const groupBy = query.get('g');
  const groups = new Map<string, Set<number>[]>();
  if (metric !== 'new' && !groupBy && !query.get('s') && WHOLE_DAYS.has(interval)) {
    // All active users over whole days: the activity kept per day, not the events.
    const tally = new Tally(points.length);
    tally.addDays(source.activeDays(), bucketOf);
    groups.set('All Users', tally.users);
  } else {
    const counted =
      metric === 'new'
        ? source.firstActiveEvents()
        : within(source.activeEvents(), source.activeDays(), span);
    for (const stored of counted) {
      if (!segment.body(stored)) continue;
      const bucket = bucketOf(stored.time);
      if (bucket < 0) continue;
      const value = groupBy ? propertyOf(stored, 'user', groupBy) : undefined;
      const key = groupBy
        ? value === undefined || value === null || value === ''
          ? NONE
          : String(value)
        : 'All Users';
      let sets = groups.get(key);
      if (!sets) {
        sets = points.map(() => new Set<number>());
        groups.set(key, sets);
      }
      sets[bucket]!.add(stored.amplitudeId);
    }
  }
  if (!groupBy && groups.size === 0)
    groups.set(
      'All Users',
      points.map(() => new Set<number>()),
    );
  const rows = [...groups].map(([key, sets]) => ({ key, series: sets.map((set) => set.size) }));
  const weight = (series: number[]) => series.reduce((a, b) => a + b, 0);
  rows.sort((a, b) => weight(b.series) - weight(a.series) || a.key.localeCompare(b.key));
  return {
    body: {
      data: {
        series: rows.map((row) => row.series),
        seriesMeta: rows.map((row) => row.key),
        xValues: points.map((at) => bucketLabel(at, interval)),
      },
    },
  };
}

/** `GET /api/2/realtime`: active users per 5 minutes, today up to now and the same times yesterday. */
export function realtime(source: AnalyticsSource, now: number): JsonObject {
  const today = Math.floor(now / DAY) * DAY;
  const slots = Math.floor((now - today) / FIVE_MINUTES) + 1;
  const days = [today, today - DAY].map(() => Array.from({ length: slots }, () => new Set<number>()));
  const span = { first: today / DAY - 1, last: today / DAY };
  for (const stored of within(source.activeEvents(), source.activeDays(), span)) {
    const day = stored.time >= today ? 0 : stored.time >= today - DAY ? 1 : -1;
    if (day < 0 || stored.time > now) continue;
    const slot = Math.floor((stored.time - (day === 0 ? today : today - DAY)) / FIVE_MINUTES);
    if (slot < slots) days[day]![slot]!.add(stored.amplitudeId);
  }
  return {
    data: {
      xValues: Array.from({ length: slots }, (_, i) =>
        new Date(i * FIVE_MINUTES).toISOString().slice(11, 16),
      ),
      seriesLabels: ['Today', 'Yesterday'],
      series: days.map((sets) => sets.map((set) => set.size)),
    },
  };
}

/** `GET /api/2/events/list`: the event types seen, with their counts over the stored history. */
export function eventTypes(source: AnalyticsSource): JsonObject {
  const totals: [string, number][] = [];
  for (const [type, events] of source.activeTypes()) totals.push([type as string, events.length]);
  return {
    data: totals
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, total]) => ({
        value: type,
        display: type,
        totals: total,
        non_active: false,
        deleted: false,
        hidden: false,
        flow_hidden: false,
      })),
  };
}

const FORMULA_METRICS: Record<string, string> = {
  UNIQUES: 'uniques',
  TOTALS: 'totals',
  PCT_DAU: 'pct_dau',
  AVERAGE: 'average',
};

type Lookup = (fn: string, letter: 'A' | 'B') => number;

/**
 * Parses a segmentation formula (e.g. `UNIQUES(A)/UNIQUES(B)`, `TOTALS(A)*2 - TOTALS(B)`) into a
 * function of the per-event metric lookup, or undefined when it is not one.
 */
export function parseFormula(text: string): ((lookup: Lookup) => number) | undefined {
  const tokens = text.match(/\s*([A-Z_]+|\d+(?:\.\d+)?|[()+\-*/,])/gy)?.map((token) => token.trim());
  if (!tokens || tokens.join('') !== text.replace(/\s+/g, '')) return undefined;
  let at = 0;
  type Node = (lookup: Lookup) => number;
  const expression = (): Node | undefined => {
    let left = term();
    while (left && (tokens[at] === '+' || tokens[at] === '-')) {
      const op = tokens[at++];
      const right = term();
      if (!right) return undefined;
      const l = left;
      left = op === '+' ? (f) => l(f) + right(f) : (f) => l(f) - right(f);
    }
    return left;
  };
  const term = (): Node | undefined => {
    let left = factor();
    while (left && (tokens[at] === '*' || tokens[at] === '/')) {
      const op = tokens[at++];
      const right = factor();
      if (!right) return undefined;
      const l = left;
      left = op === '*' ? (f) => l(f) * right(f) : (f) => ratio(l(f), right(f));
    }
    return left;
  };
  const factor = (): Node | undefined => {
    const token = tokens[at++];
    if (token === undefined) return undefined;
    if (/^\d/.test(token)) return () => Number(token);
    if (token === '-') {
      const inner = factor();
      return inner && ((f) => -inner(f));
    }
    if (token === '(') {
      const inner = expression();
      return tokens[at++] === ')' ? inner : undefined;
    }
    if (!(token in FORMULA_METRICS) || tokens[at++] !== '(') return undefined;
    const letter = tokens[at++];
    if ((letter !== 'A' && letter !== 'B') || tokens[at++] !== ')') return undefined;
    return (f) => f(token, letter);
  };
  const root = expression();
  return root && at === tokens.length ? root : undefined;
}
