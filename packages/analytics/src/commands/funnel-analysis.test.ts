import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { funnelAnalysis } from './funnel-analysis.js';
import { retentionAnalysis } from './retention-analysis.js';

const NOW = Date.UTC(2026, 0, 20, 12);
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour, minute);

const env = useSimulator(analyticsSimulator, { start: { now: () => NOW }, connect: connectAnalytics });

/** Four users through Search → Select → Play, sent with Send Events, then read back by each analysis. */
async function sendStory(): Promise<void> {
  const pro = { plan: 'pro' };
  const free = { plan: 'free' };
  const event = (user: string, type: string, time: number, props: Record<string, unknown>) => ({
    event_type: type,
    user_id: user,
    time,
    user_properties: props,
  });
  const result = await env.client.run('sendEvents', {
    events: [
      event('funnel-user-1', 'Search', at(10, 10), pro),
      event('funnel-user-1', 'Select', at(10, 10, 5), pro),
      event('funnel-user-1', 'Play', at(10, 10, 20), pro),
      event('funnel-user-1', 'Play', at(12, 18), pro),
      event('funnel-user-2', 'Search', at(11, 9), pro),
      event('funnel-user-2', 'Other', at(11, 9, 5), pro),
      event('funnel-user-2', 'Select', at(11, 9, 10), pro),
      event('funnel-user-2', 'Play', at(12, 7), pro),
      event('funnel-user-3', 'Search', at(12, 9), free),
      event('funnel-user-4', 'Select', at(12, 8), free),
      event('funnel-user-4', 'Search', at(12, 9), free),
      event('funnel-user-4', 'Play', at(12, 9, 30), free),
    ],
  });
  expect(result.rejected).toEqual([]);
}

const steps = [{ event_type: 'Search' }, { event_type: 'Select' }, { event_type: 'Play' }];
const range = { start: '20260110', end: '20260112' };

describe('funnelAnalysis', () => {
  it('sends one e per step with the mode, and counts the users that Send Events sent through each step', async () => {
    await sendStory();
    const result = await env.client.run('funnelAnalysis', { events: steps, ...range });
    expectOutput(funnelAnalysis, result);
    const call = env.sim.server.calls.at(-1)!;
    expect(call.path).toBe('/api/2/funnels');
    expect(call.query.getAll('e').map((text) => JSON.parse(text))).toEqual(steps);
    expect(call.query.get('mode')).toBe('ordered');
    // funnel-user-2 plays the next day: within the default 30-day window.
    expect(result.data[0]!.cumulativeRaw).toEqual([4, 2, 2]);
    expect(result.steps).toEqual([
      { step: 1, event: 'Search', users: 4, conversion: 100, stepConversion: 100, medianSeconds: 0 },
      { step: 2, event: 'Select', users: 2, conversion: 50, stepConversion: 50, medianSeconds: 450 },
      { step: 3, event: 'Play', users: 2, conversion: 50, stepConversion: 100, medianSeconds: 39_750 },
    ]);
  });

  it('follows the mode (sequential, unordered) and the conversion window', async () => {
    await sendStory();
    const raw = async (input: Record<string, unknown>) =>
      (await env.client.run('funnelAnalysis', { events: steps, ...range, ...input })).data[0]!.cumulativeRaw;
    expect(await raw({ mode: 'sequential' })).toEqual([4, 1, 1]);
    expect(await raw({ mode: 'unordered' })).toEqual([4, 3, 3]);
    expect(await raw({ conversionWindowSeconds: 600 })).toEqual([4, 2, 0]);
  });

  it('groups by a user property and keeps only the segment', async () => {
    await sendStory();
    const grouped = await env.client.run('funnelAnalysis', { events: steps, ...range, groupBy: 'gp:plan' });
    expect(grouped.steps.filter((row) => row.group === 'free').map((row) => row.users)).toEqual([2, 0, 0]);
    expect(grouped.steps.filter((row) => row.group === 'pro').map((row) => row.users)).toEqual([2, 2, 2]);
    const segment = await env.client.run('funnelAnalysis', {
      events: steps,
      ...range,
      segments: [{ prop: 'gp:plan', op: 'is', values: ['pro'] }],
    });
    expect(segment.data[0]!.cumulativeRaw).toEqual([2, 2, 2]);
    expect(JSON.parse(env.sim.server.calls.at(-1)!.query.get('s')!)).toEqual([
      { prop: 'gp:plan', op: 'is', values: ['pro'] },
    ]);
  });

  it('needs two steps and a real range, sending nothing', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('funnelAnalysis', { events: [steps[0]], ...range }),
      'events',
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('funnelAnalysis', { events: steps, start: '20260112', end: '20260110' }),
      'end',
    );
    await expectInvalid(
      env.sim,
      () => env.client.runUnknown('funnelAnalysis', { events: steps, ...range, mode: 'any' }),
      'mode',
    );
  });
});

describe('retentionAnalysis', () => {
  it('sends se, re, rm and i, and reads the cohorts back from the events sent', async () => {
    await sendStory();
    const result = await env.client.run('retentionAnalysis', {
      startEvent: { event_type: 'Search' },
      returnEvent: { event_type: 'Play' },
      ...range,
    });
    expectOutput(retentionAnalysis, result);
    const call = env.sim.server.calls.at(-1)!;
    expect(call.path).toBe('/api/2/retention');
    expect(JSON.parse(call.query.get('se')!)).toEqual({ event_type: 'Search' });
    expect(call.query.get('rm')).toBe('n-day');
    const row = (cohort: string) => result.cohorts.find((entry) => entry.cohort === cohort)!;
    expect(result.cohorts.map((entry) => entry.cohort)).toEqual(['Jan 12', 'Jan 11', 'Jan 10']);
    expect(row('Jan 10')).toMatchObject({ users: 1, 'Day 0': 100, 'Day 1': 0, 'Day 2': 100, 'Day 3': 0 });
    expect(row('Jan 11')).toMatchObject({ users: 1, 'Day 0': 0, 'Day 1': 100 });
    expect(row('Jan 12')).toMatchObject({ users: 2, 'Day 0': 50, 'Day 1': 0, 'Day 8': null });
  });

  it('counts rolling (unbounded) and bracket retention', async () => {
    await sendStory();
    const rolling = await env.client.run('retentionAnalysis', {
      startEvent: { event_type: 'Search' },
      returnEvent: { event_type: 'Play' },
      ...range,
      mode: 'rolling',
    });
    expect(rolling.cohorts.find((row) => row.cohort === 'Jan 10')).toMatchObject({
      'Day 0': 100,
      'Day 1': 100,
      'Day 2': 100,
      'Day 3': 0,
    });
    const bracket = await env.client.run('retentionAnalysis', {
      startEvent: { event_type: 'Search' },
      returnEvent: { event_type: 'Play' },
      ...range,
      mode: 'bracket',
      brackets: [
        [0, 1],
        [1, 3],
      ],
    });
    expect(env.sim.server.calls.at(-1)!.query.get('rb')).toBe('[[0,1],[1,3]]');
    expect(bracket.cohorts.find((row) => row.cohort === 'Jan 11')).toMatchObject({
      'Days 0–0': 0,
      'Days 1–2': 100,
    });
  });

  it('needs brackets with the bracket mode, sending nothing', async () => {
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('retentionAnalysis', {
          startEvent: { event_type: 'Search' },
          returnEvent: { event_type: 'Play' },
          ...range,
          mode: 'bracket',
        }),
      'brackets',
    );
  });
});
