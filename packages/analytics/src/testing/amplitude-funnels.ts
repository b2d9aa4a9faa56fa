import { dayValue } from '../analytics-params.js';
import {
  type AnalyticsSource,
  type Answer,
  bucketLabel,
  buckets,
  type EventSpec,
  eventMatcher,
  type JsonObject,
  segmentFilter,
} from './amplitude-analytics.js';
import { isActiveEvent, NONE, propertyOf, type StoredEvent } from './amplitude-events.js';

const DAY = 86_400_000;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What funnels and retention read: the analytics indexes, a user's events, and the clock. */
export interface FunnelSource extends AnalyticsSource {
  eventsOf(amplitudeId: number): readonly StoredEvent[];
  now(): number;
}

/** "Aug 14": how Amplitude labels days in funnels' formattedXValues and retention's dates. */
export function shortDay(at: number): string {
  const date = new Date(at);
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};
const average = (values: number[]) =>
  values.length === 0 ? 0 : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

/** The times a user reached each step (as many as reached), from the first step-1 event in the range. */
function stepTimes(
  events: readonly StoredEvent[],
  steps: ((stored: StoredEvent) => boolean)[],
  mode: string,
  range: { from: number; to: number },
  window: number,
): number[] {
  const active = events.filter(isActiveEvent);
  const inRange = (stored: StoredEvent) => stored.time >= range.from && stored.time < range.to;
  if (mode === 'unordered') {
    // Any order: from the user's first step event in the range, each step must happen in the window.
    const anchor = active.find((stored) => inRange(stored) && steps.some((step) => step(stored)));
    if (!anchor) return [];
    const times: number[] = [];
    for (const step of steps) {
      const found = active.find(
        (stored) => stored.time >= anchor.time && stored.time <= anchor.time + window && step(stored),
      );
      if (!found) break;
      times.push(found.time);
    }
    return times;
  }
  const first = active.findIndex((stored) => inRange(stored) && steps[0]!(stored));
  if (first < 0) return [];
  const start = active[first]!.time;
  const times = [start];
  let at = first;
  for (const step of steps.slice(1)) {
    let next = -1;
    for (let i = at + 1; i < active.length && active[i]!.time <= start + window; i += 1) {
      if (step(active[i]!)) {
        next = i;
        break;
      }
      // Sequential: no other event between two steps.
      if (mode === 'sequential') break;
    }
    if (next < 0) break;
    times.push(active[next]!.time);
    at = next;
  }
  return times;
}

/** Per group: users reaching each step, and their transition times per step. */
interface FunnelTally {
  reached: number[];
  transitions: number[][];
  byDay: number[][];
  dayTransitions: number[][][];
}

function newTally(steps: number, days: number): FunnelTally {
  return {
    reached: new Array<number>(steps).fill(0),
    transitions: Array.from({ length: steps }, () => []),
    byDay: Array.from({ length: days }, () => new Array<number>(steps).fill(0)),
    dayTransitions: Array.from({ length: days }, () => Array.from({ length: steps }, () => [])),
  };
}

/**
 * `GET /api/2/funnels`, from the stored events: the users who did the first step within the range
 * (active users, or new ones with `n=new`), and how far each got within the conversion window `cs`
 * (`mode` ordered, unordered or sequential), segmented by `s` and grouped by `g` (a user property).
 */
export function funnel(source: FunnelSource, query: URLSearchParams): Answer<JsonObject> {
  const specs = query.getAll('e').map((text) => JSON.parse(text) as EventSpec);
  if (specs.length < 2) return { refusal: 'a funnel needs at least two events (e)' };
  const steps = specs.map((spec) => eventMatcher(spec));
  const segment = segmentFilter(source, query.get('s'));
  if ('refusal' in segment) return segment;
  const from = dayValue(query.get('start')!)!;
  const endDay = dayValue(query.get('end')!)!;
  const days = buckets(from, endDay, '1');
  const mode = query.get('mode') ?? 'ordered';
  const cs = Number(query.get('cs') ?? 2_592_000) * 1000;
  const window = mode === 'unordered' ? Math.floor(cs / DAY) * DAY : cs;
  const onlyNew = query.get('n') === 'new';
  const groupBy = query.get('g');
  const limit = Number(query.get('limit') ?? 100);
  const firstSeen = new Map<number, number>();
  for (const stored of source.firstActiveEvents()) firstSeen.set(stored.amplitudeId, stored.time);
  const users = new Set(
    source
      .activeEvents()
      .filter(
        (stored) =>
          stored.time >= from &&
          stored.time < endDay + DAY &&
          (mode === 'unordered' ? steps.some((step) => step(stored)) : steps[0]!(stored)),
      )
      .map((s) => s.amplitudeId),
  );
  const groups = new Map<string, FunnelTally>();
  for (const user of users) {
    const events = source.eventsOf(user);
    const times = stepTimes(events, steps, mode, { from, to: endDay + DAY }, window);
    if (times.length === 0) continue;
    const entered = Math.min(...times);
    const entry = events.find((stored) => stored.time === entered && isActiveEvent(stored))!;
    if (!segment.body(entry)) continue;
    if (onlyNew && Math.floor((firstSeen.get(user) ?? 0) / DAY) !== Math.floor(entered / DAY)) continue;
    const key = groupBy ? String(propertyOf(entry, 'user', groupBy) ?? NONE) : '';
    let tally = groups.get(key);
    if (!tally) {
      tally = newTally(steps.length, days.length);
      groups.set(key, tally);
    }
    const day = Math.min(days.length - 1, Math.max(0, Math.floor((entered - from) / DAY)));
    times.forEach((time, step) => {
      tally.reached[step]! += 1;
      tally.byDay[day]![step]! += 1;
      const took = step === 0 ? 0 : Math.max(0, time - times[step - 1]!);
      tally.transitions[step]!.push(took);
      tally.dayTransitions[day]![step]!.push(took);
    });
  }
  const ordered = [...groups].sort(([, a], [, b]) => b.reached[0]! - a.reached[0]!).slice(0, limit);
  if (ordered.length === 0) ordered.push(['', newTally(steps.length, days.length)]);
  const xValues = days.map((at) => bucketLabel(at, '1'));
  const formattedXValues = days.map(shortDay);
  const data = ordered.map(([key, tally]) => {
    const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
    return {
      meta: { segmentIndex: 0 },
      ...(groupBy ? { groupValue: key } : {}),
      events: specs.map((spec) => spec.event_type),
      cumulativeRaw: tally.reached,
      cumulative: tally.reached.map((count) => ratio(count, tally.reached[0]!)),
      stepByStep: tally.reached.map((count, step) =>
        step === 0 ? 1 : ratio(count, tally.reached[step - 1]!),
      ),
      medianTransTimes: tally.transitions.map(median),
      avgTransTimes: tally.transitions.map(average),
      dayFunnels: { series: tally.byDay, xValues, formattedXValues },
      dayMedianTransTimes: {
        series: tally.dayTransitions.map((day) => day.map(median)),
        xValues,
        formattedXValues,
      },
      dayAvgTransTimes: {
        series: tally.dayTransitions.map((day) => day.map(average)),
        xValues,
        formattedXValues,
      },
    };
  });
  return { body: { data } };
}

/** Whether a stored event starts a retention cohort: `_new` (the user's first active event), `_active`, or a spec. */
function starter(spec: EventSpec, firstSeen: ReadonlyMap<number, number>): (stored: StoredEvent) => boolean {
  if (spec.event_type === '_new') return (stored) => firstSeen.get(stored.amplitudeId) === stored.time;
  return eventMatcher(spec);
}

/** The periods of a retention query: n-day (one interval each), rolling (on or after), or brackets of days. */
function retentionPeriods(mode: string, brackets: [number, number][] | undefined, count: number) {
  if (mode === 'bracket' && brackets) {
    return brackets.map(
      ([from, to]) =>
        (offset: number) =>
          offset >= from && offset < to,
    );
  }
  return Array.from({ length: count }, (_, k) =>
    mode === 'rolling' ? (offset: number) => offset >= k : (offset: number) => offset === k,
  );
}

/**
 * `GET /api/2/retention`, from the stored events: per cohort (the day, week or month of each user's
 * first start event `se` in the range), the users who did the return event `re` 0, 1, 2, …
 * intervals later (`rm` n-day), on or after (rolling), or within the brackets `rb`; index 0 is the
 * cohort's size. Periods not yet fully past are `incomplete`. Segmented by `s`, grouped by `g`.
 */
export function retention(source: FunnelSource, query: URLSearchParams): Answer<JsonObject> {
  const startSpec = JSON.parse(query.get('se')!) as EventSpec;
  const returnSpec = JSON.parse(query.get('re')!) as EventSpec;
  const segment = segmentFilter(source, query.get('s'));
  if ('refusal' in segment) return segment;
  const interval = query.get('i') ?? '1';
  const step = Number(interval) * DAY;
  const mode = query.get('rm') ?? 'n-day';
  const brackets = query.get('rb') ? (JSON.parse(query.get('rb')!) as [number, number][]) : undefined;
  const from = dayValue(query.get('start')!)!;
  const to = dayValue(query.get('end')!)! + DAY;
  const now = source.now();
  const groupBy = query.get('g');
  const firstSeen = new Map<number, number>();
  for (const stored of source.firstActiveEvents()) firstSeen.set(stored.amplitudeId, stored.time);
  const starts = starter(startSpec, firstSeen);
  const returns = eventMatcher(returnSpec);
  // Each user's first start event in the range: their cohort, and the day their periods count from.
  const entries = new Map<number, StoredEvent>();
  for (const stored of source.activeEvents()) {
    if (stored.time < from || stored.time >= to || entries.has(stored.amplitudeId)) continue;
    if (starts(stored) && segment.body(stored)) entries.set(stored.amplitudeId, stored);
  }
  const count = Math.min(Math.max(1, Math.ceil((now - from) / step)), 91);
  const periods = retentionPeriods(mode, brackets, count);
  const groups = new Map<string, Map<number, { size: number; retained: number[] }>>();
  for (const [user, entry] of entries) {
    const base = Math.floor(entry.time / DAY) * DAY;
    const cohortStart = from + Math.floor((base - from) / step) * step;
    const key = groupBy ? String(propertyOf(entry, 'user', groupBy) ?? NONE) : '';
    const cohorts = groups.get(key) ?? new Map<number, { size: number; retained: number[] }>();
    groups.set(key, cohorts);
    const cohort = cohorts.get(cohortStart) ?? {
      size: 0,
      retained: new Array<number>(periods.length).fill(0),
    };
    cohorts.set(cohortStart, cohort);
    cohort.size += 1;
    const offsets = new Set<number>();
    for (const stored of source.eventsOf(user)) {
      if (stored.time < entry.time || stored.time > now || !isActiveEvent(stored) || !returns(stored))
        continue;
      if (stored === entry && returnSpec.event_type !== startSpec.event_type) continue;
      offsets.add(Math.floor((Math.floor(stored.time / DAY) * DAY - base) / step));
    }
    periods.forEach((inPeriod, k) => {
      if ([...offsets].some(inPeriod)) cohort.retained[k]! += 1;
    });
  }
  if (groups.size === 0) groups.set('', new Map());
  const periodEnd = (cohortStart: number, k: number) =>
    mode === 'bracket' && brackets ? cohortStart + brackets[k]![1] * step : cohortStart + (k + 1) * step;
  const series = [...groups].map(([key, cohorts]) => {
    const starts = [...cohorts.keys()].sort((a, b) => b - a);
    const values: Record<string, unknown[]> = {};
    const combined = Array.from({ length: periods.length + 1 }, () => ({
      count: 0,
      outof: 0,
      incomplete: false,
    }));
    for (const cohortStart of starts) {
      const cohort = cohorts.get(cohortStart)!;
      const cells = [
        { count: cohort.size, outof: cohort.size, incomplete: false },
        ...cohort.retained.map((retained, k) => ({
          count: retained,
          outof: cohort.size,
          incomplete: periodEnd(cohortStart, k) > now,
        })),
      ];
      values[shortDay(cohortStart)] = cells;
      cells.forEach((cell, index) => {
        const total = combined[index]!;
        if (cell.incomplete) {
          total.incomplete = true;
          return;
        }
        total.count += cell.count;
        total.outof += cell.outof;
      });
    }
    return {
      ...(groupBy ? { groupValue: key } : {}),
      dates: starts.map(shortDay),
      values,
      combined: combined.map((cell) => ({ ...cell, retainedSetId: null })),
    };
  });
  return {
    body: {
      data: {
        series,
        seriesMeta: series.map((_, index) => ({ segmentIndex: 0, eventIndex: 0, groupIndex: index })),
      },
    },
  };
}
