import { useSimulator } from '@c/core/testing/vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseFormula } from './amplitude-analytics.js';
import { connectAnalytics, expectInvalid } from './amplitude-test-helpers.js';
import { analyticsSimulator } from './index.js';

const now = Date.UTC(2026, 4, 20, 15, 0);
const day = (n: number, hour = 10) => Date.UTC(2026, 4, n, hour);

// An empty project (no seed): every number below comes from the events this file sends.
const env = useSimulator(analyticsSimulator, { start: { now: () => now }, connect: connectAnalytics });

const device = {
  ios: { platform: 'iOS', os_name: 'ios', os_version: '17.4', country: 'United States' },
  web: { platform: 'Web', os_name: 'Chrome', os_version: '126', country: 'Germany' },
};

// Identify first: Amplitude applies user properties in the order events arrive.
const events = [
  {
    event_type: '$identify',
    user_id: 'user-anna',
    time: day(9),
    user_properties: { $set: { plan: 'premium' } },
  },
  {
    event_type: '$identify',
    user_id: 'user-bert',
    time: day(9),
    user_properties: { $set: { plan: 'free' } },
  },
  {
    event_type: 'Play Song',
    user_id: 'user-anna',
    time: day(10),
    event_properties: { genre: 'jazz', duration_ms: 200 },
    ...device.ios,
  },
  {
    event_type: 'Play Song',
    user_id: 'user-anna',
    time: day(10, 11),
    event_properties: { genre: 'rock', duration_ms: 100 },
    ...device.ios,
  },
  {
    event_type: 'Play Song',
    user_id: 'user-bert',
    time: day(10),
    event_properties: { genre: 'jazz', duration_ms: 300 },
    ...device.web,
  },
  {
    event_type: 'Play Song',
    user_id: 'user-bert',
    time: day(11),
    event_properties: { genre: 'jazz', duration_ms: 50 },
    ...device.web,
  },
  { event_type: 'Search', user_id: 'user-carl', time: day(11), ...device.ios },
  { event_type: 'Search', device_id: 'device-only-1', time: day(12), ...device.web },
];

const range = { start: '20260510', end: '20260512' };

async function sendAll() {
  const result = await env.client.run('sendEvents', { events });
  expect(result).toMatchObject({ ingested: events.length, rejected: [] });
  env.sim.server.calls.length = 0;
}

describe('the simulated analytics, computed from the ingested events', () => {
  it('has no data for an event never sent, and none before anything is sent', async () => {
    const empty = await env.client.run('eventSegmentation', { event: { event_type: 'Play Song' }, ...range });
    expect(empty.data.series).toEqual([[0, 0, 0]]);
    await sendAll();
    const never = await env.client.run('eventSegmentation', {
      event: { event_type: 'Never Sent' },
      ...range,
      metric: 'totals',
    });
    expect(never.data).toEqual({
      series: [[0, 0, 0]],
      seriesLabels: [0],
      seriesCollapsed: [[{ setId: '', value: 0 }]],
      xValues: ['2026-05-10', '2026-05-11', '2026-05-12'],
    });
  });
});

// The simulator is reset after every test: each of these starts from the events above, sent anew.
describe('the simulated analytics, once the events are sent', () => {
  beforeEach(sendAll);

  it('counts uniques and totals per day, and over the range in seriesCollapsed', async () => {
    const uniques = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song' },
      ...range,
    });
    expect(uniques.data.series).toEqual([[2, 1, 0]]);
    expect(uniques.data.seriesCollapsed).toEqual([[{ setId: '', value: 2 }]]);
    const totals = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song' },
      ...range,
      metric: 'totals',
    });
    expect(totals.data.series).toEqual([[3, 1, 0]]);
    expect(totals.data.seriesCollapsed[0]![0]!.value).toBe(4);
    const average = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song' },
      ...range,
      metric: 'average',
    });
    expect(average.data.series).toEqual([[1.5, 1, 0]]);
  });

  it('honours e.group_by on event and user properties, labelled [event index, value]', async () => {
    const byGenre = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song', group_by: [{ type: 'event', value: 'genre' }] },
      ...range,
      metric: 'totals',
    });
    expect(byGenre.data.seriesLabels).toEqual([
      [0, 'jazz'],
      [0, 'rock'],
    ]);
    expect(byGenre.data.series).toEqual([
      [2, 1, 0],
      [1, 0, 0],
    ]);
    const byPlan = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song', group_by: [{ type: 'user', value: 'gp:plan' }] },
      ...range,
    });
    expect(byPlan.data.seriesLabels).toEqual([
      [0, 'free'],
      [0, 'premium'],
    ]);
  });

  it('groups by g (built-in or custom user properties) and filters with e.filters', async () => {
    const byCountry = await env.client.run('eventSegmentation', {
      event: { event_type: '_active' },
      ...range,
      groupBy: 'country',
    });
    expect(byCountry.data.seriesLabels).toEqual(['Germany', 'United States']);
    expect(byCountry.data.seriesCollapsed.map((value) => value[0]!.value)).toEqual([2, 2]);
    const filtered = await env.client.run('eventSegmentation', {
      event: {
        event_type: 'Play Song',
        filters: [{ subprop_type: 'event', subprop_key: 'genre', subprop_op: 'is', subprop_value: ['jazz'] }],
      },
      ...range,
      metric: 'totals',
      groupBy: 'platform',
    });
    expect(filtered.data.seriesLabels).toEqual(['Web', 'iOS']);
    expect(filtered.data.series).toEqual([
      [1, 1, 0],
      [1, 0, 0],
    ]);
  });

  it('sums and averages the property of the group-by, and evaluates formulas over A and B', async () => {
    const sums = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song', group_by: [{ type: 'event', value: 'duration_ms' }] },
      ...range,
      metric: 'sums',
    });
    expect(sums.data.series).toEqual([[600, 50, 0]]);
    const formula = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song' },
      event2: { event_type: '_active' },
      ...range,
      metric: 'formula',
      formula: 'UNIQUES(A)/UNIQUES(B) * 100',
    });
    expect(formula.data.series).toEqual([[100, 50, 0]]);
    expect(formula.data.seriesCollapsed[0]![0]!.value).toBe(50);
  });

  it('buckets hourly and weekly', async () => {
    const hourly = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song' },
      start: '20260510',
      end: '20260510',
      interval: '-3600000',
      metric: 'totals',
    });
    expect(hourly.data.xValues).toHaveLength(24);
    expect(hourly.data.xValues[10]).toBe('2026-05-10T10:00:00');
    expect(hourly.data.series[0]![10]).toBe(2);
    expect(hourly.data.series[0]![11]).toBe(1);
    const weekly = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song' },
      start: '20260503',
      end: '20260516',
      interval: '7',
    });
    expect(weekly.data.series).toEqual([[0, 2]]);
  });

  it('counts active users and new users (first event) per day', async () => {
    const active = await env.client.run('activeAndNewUserCounts', { ...range });
    expect(active.data).toEqual({
      series: [[2, 2, 1]],
      seriesMeta: ['All Users'],
      xValues: ['2026-05-10', '2026-05-11', '2026-05-12'],
    });
    const fresh = await env.client.run('activeAndNewUserCounts', { ...range, metric: 'new' });
    expect(fresh.data.series).toEqual([[2, 1, 1]]);
  });

  it('finds the users events created, and their activity', async () => {
    const found = await env.client.run('userSearch', { user: 'user-anna' });
    expect(found.matches).toHaveLength(1);
    const activity = await env.client.run('customAction', {
      method: 'GET',
      path: '/api/2/useractivity',
      query: { user: String(found.matches[0]!.amplitude_id) },
    });
    expect(activity).toMatchObject({
      userData: { user_id: 'user-anna', num_events: 2, platform: 'iOS', properties: { plan: 'premium' } },
    });
    expect((activity as { events: unknown[] }).events).toHaveLength(3);
  });

  it('refuses a formula it cannot read (400)', async () => {
    const error = await env.client
      .run('eventSegmentation', {
        event: { event_type: 'Play Song' },
        ...range,
        metric: 'formula',
        formula: 'UNIQUES(A',
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400 });
    await expectInvalid(
      env.sim,
      () => env.client.run('eventSegmentation', { event: { event_type: 'x' }, ...range, limit: 0 }),
      'limit',
    );
  });
});

describe('parseFormula', () => {
  it('reads functions of A and B with precedence and parentheses, and refuses anything else', () => {
    const values: Record<string, number> = { 'UNIQUES:A': 6, 'UNIQUES:B': 3, 'TOTALS:A': 10 };
    const run = (text: string) => parseFormula(text)?.((fn, letter) => values[`${fn}:${letter}`] ?? 0);
    expect(run('UNIQUES(A)/UNIQUES(B)')).toBe(2);
    expect(run('TOTALS(A) - UNIQUES(A) * 2')).toBe(-2);
    expect(run('(TOTALS(A) - UNIQUES(A)) * 2')).toBe(8);
    expect(run('-UNIQUES(B) + 1.5')).toBe(-1.5);
    expect(run('UNIQUES(A)/TOTALS(B)')).toBe(0);
    for (const bad of ['UNIQUES(C)', 'SUM(A)', 'UNIQUES(A', 'UNIQUES(A) +', '2 ** 3', '']) {
      expect(parseFormula(bad), bad).toBeUndefined();
    }
  });
});
