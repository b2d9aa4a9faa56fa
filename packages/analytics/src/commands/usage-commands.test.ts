import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { listEvents } from './list-events.js';
import { realtimeActiveUsers } from './realtime-active-users.js';
import { revenueLtv } from './revenue-ltv.js';
import { sessionMetrics } from './session-metrics.js';
import { userActivity } from './user-activity.js';
import { userComposition } from './user-composition.js';

const NOW = Date.UTC(2026, 0, 20, 12);
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour, minute);

const env = useSimulator(analyticsSimulator, { start: { now: () => NOW }, connect: connectAnalytics });

/** Three users' sessions and purchases, sent with Send Events, then read back by each command. */
async function sendStory(): Promise<void> {
  const s1 = at(15, 10);
  const s2 = at(16, 10);
  const s3 = at(15, 11);
  const s4 = at(18, 9);
  const event = (user: string, type: string, time: number, extra: Record<string, unknown> = {}) => ({
    event_type: type,
    user_id: user,
    time,
    platform: user === 'usage-user-2' ? 'Android' : 'iOS',
    ...extra,
  });
  const result = await env.client.run('sendEvents', {
    events: [
      event('usage-user-1', 'Open', s1, { session_id: s1 }),
      event('usage-user-1', 'Play', s1 + 60_000, { session_id: s1 }),
      event('usage-user-1', 'Purchase', s1 + 120_000, { session_id: s1, revenue: 10 }),
      event('usage-user-1', 'Open', s2, { session_id: s2 }),
      event('usage-user-1', 'Play', s2 + 5000, { session_id: s2 }),
      event('usage-user-2', 'Open', s3, { session_id: s3 }),
      event('usage-user-2', 'Purchase', s3 + 20_000, { session_id: s3, revenue: 5 }),
      event('usage-user-2', 'Purchase', s4, { session_id: s4, price: 1.5, quantity: 2 }),
      event('usage-user-3', 'Open', at(20, 11, 50)),
    ],
  });
  expect(result.rejected).toEqual([]);
}

const amplitudeId = async (user: string) =>
  (await env.client.run('userSearch', { user })).matches[0]!.amplitude_id;

describe('userActivity', () => {
  it("sends GET /api/2/useractivity and returns the user's events, latest first", async () => {
    await sendStory();
    const id = await amplitudeId('usage-user-1');
    const result = await env.client.run('userActivity', { user: id, limit: 2 });
    expectOutput(userActivity, result);
    const call = env.sim.server.calls.at(-1)!;
    expect(call.path).toBe('/api/2/useractivity');
    expect(Object.fromEntries(call.query)).toEqual({ user: String(id), limit: '2' });
    expect(result.events.map((event) => event.event_type)).toEqual(['Play', 'Open']);
    expect(result.userData).toMatchObject({ user_id: 'usage-user-1', num_events: 5, num_sessions: 2 });
    const earliest = await env.client.run('userActivity', {
      user: String(id),
      direction: 'earliest',
      offset: 1,
      limit: 1,
    });
    expect(earliest.events.map((event) => event.event_type)).toEqual(['Play']);
  });

  it('needs an Amplitude ID, sending nothing', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.runUnknown('userActivity', { user: 'usage-user-1' }),
      'user',
    );
  });
});

describe('userComposition', () => {
  it('splits the active users by a property, most users first', async () => {
    await sendStory();
    const result = await env.client.run('userComposition', {
      start: '20260115',
      end: '20260120',
      property: 'platform',
    });
    expectOutput(userComposition, result);
    expect(env.sim.server.calls.at(-1)!.query.get('p')).toBe('platform');
    expect(result.data).toMatchObject({ xValues: ['iOS', 'Android'], series: [[2, 1]] });
    await expectInvalid(
      env.sim,
      () => env.client.run('userComposition', { start: '20260115', end: '20260120', property: 'plan' }),
      'property',
    );
  });
});

describe('sessionMetrics', () => {
  it('reads the average length and sessions per user per day from the sessions sent', async () => {
    await sendStory();
    const average = await env.client.run('sessionMetrics', {
      metric: 'average',
      start: '20260115',
      end: '20260116',
    });
    expectOutput(sessionMetrics, average);
    expect(env.sim.server.calls.at(-1)!.path).toBe('/api/2/sessions/average');
    expect(average.data).toMatchObject({ xValues: ['2026-01-15', '2026-01-16'], series: [[70, 5]] });
    const perUser = await env.client.run('sessionMetrics', {
      metric: 'perUser',
      start: '20260115',
      end: '20260116',
    });
    expect(env.sim.server.calls.at(-1)!.path).toBe('/api/2/sessions/peruser');
    expect(perUser.data.series).toEqual([[1, 1]]);
  });

  it('bins session lengths, by default or with custom bins', async () => {
    await sendStory();
    const range = { metric: 'length', start: '20260115', end: '20260118' } as const;
    const lengths = await env.client.run('sessionMetrics', range);
    expect(lengths.data.xValues[0]).toBe('0s-3s');
    expect(lengths.data.series).toEqual([[1, 1, 1, 0, 1, 0, 0, 0, 0]]);
    const custom = await env.client.run('sessionMetrics', {
      ...range,
      binUnit: 'seconds',
      binMin: 0,
      binMax: 200,
      binSize: 100,
    });
    expect(env.sim.server.calls.at(-1)!.query.get('timeHistogramConfigBinTimeUnit')).toBe('seconds');
    expect(custom.data).toMatchObject({ xValues: ['0s-100s', '100s-200s'], series: [[3, 1]] });
    await expectInvalid(env.sim, () => env.client.run('sessionMetrics', { ...range, binMin: 0 }), 'binUnit');
  });
});

describe('realtimeActiveUsers', () => {
  it('counts today’s active users per 5 minutes', async () => {
    await sendStory();
    const result = await env.client.run('realtimeActiveUsers', {});
    expectOutput(realtimeActiveUsers, result);
    expect(result.data.seriesLabels).toEqual(['Today', 'Yesterday']);
    expect(result.data.xValues[142]).toBe('11:50');
    expect(result.data.series[0]![142]).toBe(1);
  });
});

describe('revenueLtv', () => {
  it("reads new users' revenue 1 to 90 days after they started, per metric", async () => {
    await sendStory();
    const range = { start: '20260115', end: '20260115' };
    const arpu = await env.client.run('revenueLtv', range);
    expectOutput(revenueLtv, arpu);
    expect(env.sim.server.calls.at(-1)!.query.get('m')).toBe('0');
    expect(arpu.data.series[0]!.values['2026-01-15']).toMatchObject({
      r1d: 7.5,
      r7d: 9,
      count: 2,
      paid: 2,
      total_amount: 18,
    });
    expect(arpu.ltv).toEqual({
      xValues: ['2026-01-15'],
      series: [[7.5], [9], [9], [9]],
      labels: ['Day 1', 'Day 7', 'Day 30', 'Day 90'],
    });
    const paying = await env.client.run('revenueLtv', { ...range, metric: 'payingUsers' });
    expect(env.sim.server.calls.at(-1)!.query.get('m')).toBe('3');
    expect(paying.data.series[0]!.values['2026-01-15']!.r1d).toBe(2);
  });
});

describe('listEvents', () => {
  it('lists the event types with their totals', async () => {
    await sendStory();
    const result = await env.client.run('listEvents', {});
    expectOutput(listEvents, result);
    expect(result.data.map((event) => [event.value, event.totals])).toEqual([
      ['Open', 4],
      ['Play', 2],
      ['Purchase', 3],
    ]);
  });
});
