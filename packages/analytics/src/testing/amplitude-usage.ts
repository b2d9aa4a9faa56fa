import { dayValue } from '../analytics-params.js';
import { type Answer, bucketLabel, buckets, type JsonObject, segmentFilter } from './amplitude-analytics.js';
import { isActiveEvent, NONE, propertyOf, type StoredEvent } from './amplitude-events.js';
import type { FunnelSource } from './amplitude-funnels.js';

const DAY = 86_400_000;

/** The days of a query's `start`–`end` (both included): their starts, and the range in ms. */
function dayRange(query: URLSearchParams) {
  const from = dayValue(query.get('start')!)!;
  const to = dayValue(query.get('end')!)! + DAY;
  return { from, to, days: buckets(from, to - DAY, '1') };
}

const activeIn = (source: FunnelSource, from: number, to: number) =>
  source.activeEvents().filter((stored) => stored.time >= from && stored.time < to);

/**
 * `GET /api/2/composition`: the users active in the range by the value of one user property `p`
 * (its value on each user's latest event in the range), most users first.
 */
export function composition(source: FunnelSource, query: URLSearchParams): JsonObject {
  const { from, to } = dayRange(query);
  const property = query.get('p')!;
  const latest = new Map<number, StoredEvent>();
  for (const stored of activeIn(source, from, to)) latest.set(stored.amplitudeId, stored);
  const counts = new Map<string, number>();
  for (const stored of latest.values()) {
    const value = propertyOf(stored, 'user', property);
    const key = value === undefined || value === null || value === '' ? NONE : String(value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return {
    data: {
      series: [sorted.map(([, count]) => count)],
      seriesLabels: [property],
      xValues: sorted.map(([value]) => value),
    },
  };
}

/** A session: its user, when it started (its `session_id`, Unix ms), and how long it lasted. */
interface Session {
  user: number;
  start: number;
  length: number;
}

/**
 * The sessions of the active events that started in the range: events grouped by user and
 * `session_id` (Amplitude's session start time, ms; events outside a session carry -1 and are
 * left out), a session lasting from its first to its last event, at most one day.
 */
function sessionsIn(source: FunnelSource, from: number, to: number): Session[] {
  const sessions = new Map<string, { user: number; start: number; last: number }>();
  for (const stored of source.activeEvents()) {
    const id = stored.event.session_id;
    if (typeof id !== 'number' || id <= 0 || id < from || id >= to) continue;
    const key = `${stored.amplitudeId}\u0001${id}`;
    const session = sessions.get(key);
    if (session) session.last = Math.max(session.last, stored.time);
    else sessions.set(key, { user: stored.amplitudeId, start: id, last: stored.time });
  }
  return [...sessions.values()].map(({ user, start, last }) => ({
    user,
    start,
    length: Math.min(DAY, Math.max(0, last - start)),
  }));
}

/** Amplitude's default session length bins, in ms (docs: "accounts for bounce rate"). */
const DEFAULT_BINS = [0, 3000, 10_000, 30_000, 60_000, 180_000, 600_000, 1_800_000, 3_600_000, DAY];
const UNIT_MS: Record<string, number> = { seconds: 1000, minutes: 60_000, hours: 3_600_000 };

/** The bins of `/sessions/length`: custom ones when min, max and unit are all given, else the defaults. */
function lengthBins(query: URLSearchParams): number[] {
  const unit = UNIT_MS[query.get('timeHistogramConfigBinTimeUnit') ?? ''];
  const min = Number(query.get('timeHistogramConfigBinMin'));
  const max = Number(query.get('timeHistogramConfigBinMax'));
  if (
    !unit ||
    !Number.isFinite(min) ||
    !Number.isFinite(max) ||
    max <= min ||
    query.get('timeHistogramConfigBinMin') === null
  ) {
    return DEFAULT_BINS;
  }
  const size = Number(query.get('timeHistogramConfigBinSize')) || Math.max(1, (max - min) / 10);
  const bins: number[] = [];
  for (let edge = min; edge < max; edge += size) bins.push(edge * unit);
  bins.push(max * unit);
  return bins;
}

/** `GET /api/2/sessions/length`: sessions of the range per length bin, labelled `0s-3s`. */
export function sessionLengths(source: FunnelSource, query: URLSearchParams): JsonObject {
  const { from, to } = dayRange(query);
  const bins = lengthBins(query);
  const counts = new Array<number>(bins.length - 1).fill(0);
  for (const session of sessionsIn(source, from, to)) {
    const bin = bins.findIndex(
      (edge, index) => index < bins.length - 1 && session.length >= edge && session.length < bins[index + 1]!,
    );
    if (bin >= 0) counts[bin]! += 1;
  }
  return {
    data: {
      series: [counts],
      xValues: counts.map((_, index) => `${bins[index]! / 1000}s-${bins[index + 1]! / 1000}s`),
    },
  };
}

/** `GET /api/2/sessions/average` (seconds per session) and `/sessions/peruser` (sessions per user), per day. */
export function sessionsPerDay(
  source: FunnelSource,
  query: URLSearchParams,
  metric: 'average' | 'peruser',
): JsonObject {
  const { from, to, days } = dayRange(query);
  const perDay = days.map(() => ({ sessions: 0, length: 0, users: new Set<number>() }));
  for (const session of sessionsIn(source, from, to)) {
    const day = perDay[Math.floor((session.start - from) / DAY)]!;
    day.sessions += 1;
    day.length += session.length;
    day.users.add(session.user);
  }
  return {
    data: {
      series: [
        perDay.map((day) =>
          day.sessions === 0
            ? 0
            : metric === 'average'
              ? day.length / 1000 / day.sessions
              : day.sessions / day.users.size,
        ),
      ],
      seriesMeta: [{ segmentIndex: 0 }],
      xValues: days.map((at) => bucketLabel(at, '1')),
    },
  };
}

/** The revenue of an event: `revenue`, or `price` × `quantity` (1 by default). */
function revenueOf(stored: StoredEvent): number {
  const { revenue, price, quantity } = stored.event;
  if (typeof revenue === 'number') return revenue;
  if (typeof price === 'number') return price * (typeof quantity === 'number' ? quantity : 1);
  return 0;
}

const LTV_DAYS = Array.from({ length: 90 }, (_, index) => index + 1);

/**
 * `GET /api/2/revenue/ltv`: the users new in each day, week or month of the range (their first
 * active event), and per N of 1–90 days after it the metric `m` of their revenue: 0 ARPU (revenue
 * per user), 1 ARPPU (per paying user), 2 total revenue, 3 paying users; dates latest first.
 */
export function revenueLtv(source: FunnelSource, query: URLSearchParams): Answer<JsonObject> {
  const segment = segmentFilter(source, query.get('s'));
  if ('refusal' in segment) return segment;
  const { from, to } = dayRange(query);
  const interval = query.get('i') ?? '1';
  const points = buckets(from, to - DAY, interval);
  const metric = query.get('m') ?? '0';
  const groupBy = query.get('g');
  const groups = new Map<string, Map<number, StoredEvent[]>>();
  for (const first of source.firstActiveEvents()) {
    if (first.time < from || first.time >= to || !segment.body(first)) continue;
    const key = groupBy ? String(propertyOf(first, 'user', groupBy) ?? NONE) : '';
    const cohort = points.findLast((point) => point <= first.time)!;
    const cohorts = groups.get(key) ?? new Map<number, StoredEvent[]>();
    groups.set(key, cohorts);
    cohorts.set(cohort, [...(cohorts.get(cohort) ?? []), first]);
  }
  if (groups.size === 0) groups.set('', new Map());
  const series = [...groups].map(([, cohorts]) => {
    const dates = [...cohorts.keys()].sort((a, b) => b - a);
    const values: Record<string, Record<string, number>> = {};
    for (const cohort of dates)
      values[bucketLabel(cohort, '1')] = ltvOf(source, cohorts.get(cohort)!, metric);
    return { dates: dates.map((at) => bucketLabel(at, '1')), values };
  });
  return { body: { data: { seriesLabels: [...groups.keys()], series } } };
}

/** One cohort's LTV values: r1d … r90d of the metric, and its count, paying users and total revenue. */
function ltvOf(source: FunnelSource, users: readonly StoredEvent[], metric: string): Record<string, number> {
  const revenueByDay = users.map((first) => {
    const start = Math.floor(first.time / DAY) * DAY;
    const byDay = new Array<number>(91).fill(0);
    for (const stored of source.eventsOf(first.amplitudeId)) {
      if (!isActiveEvent(stored) || stored.time < start) continue;
      const day = Math.floor((stored.time - start) / DAY);
      if (day < 90) byDay[day + 1]! += revenueOf(stored);
    }
    return byDay;
  });
  const within = (days: number) => {
    let total = 0;
    let paying = 0;
    for (const byDay of revenueByDay) {
      const sum = byDay.slice(1, days + 1).reduce((a, b) => a + b, 0);
      total += sum;
      if (sum > 0) paying += 1;
    }
    return { total, paying };
  };
  const value = (days: number) => {
    const { total, paying } = within(days);
    const round = (n: number) => Math.round(n * 100) / 100;
    if (metric === '1') return paying === 0 ? 0 : round(total / paying);
    if (metric === '2') return round(total);
    if (metric === '3') return paying;
    return users.length === 0 ? 0 : round(total / users.length);
  };
  const all = within(90);
  return {
    ...Object.fromEntries(LTV_DAYS.map((days) => [`r${days}d`, value(days)])),
    count: users.length,
    paid: all.paying,
    total_amount: Math.round(all.total * 100) / 100,
  };
}
