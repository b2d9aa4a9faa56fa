import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import {
  basicHeader,
  connectAnalytics,
  expectInvalid,
  expectOutput,
} from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { activeAndNewUserCounts } from './active-and-new-user-counts.js';

const env = useSimulator(analyticsSimulator, { start: { seed: true }, connect: connectAnalytics });

describe('activeAndNewUserCounts', () => {
  it('sends GET /api/2/users with start, end, m and i, with Basic auth, and returns the series', async () => {
    const result = await env.client.run('activeAndNewUserCounts', {
      start: '20260301',
      end: '20260303',
      metric: 'new',
    });
    const call = env.sim.server.calls[0]!;
    expect(call.method).toBe('GET');
    expect(call.path).toBe('/api/2/users');
    expect(Object.fromEntries(call.query)).toEqual({ start: '20260301', end: '20260303', m: 'new', i: '1' });
    expect(call.headers.authorization).toBe(basicHeader(env.sim));
    expect(result.data.xValues).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(result.data.series).toHaveLength(1);
    expect(result.data.series[0]).toHaveLength(3);
    expect(result.data.seriesMeta).toEqual(['All Users']);
    expectOutput(activeAndNewUserCounts, result);
  });

  it('defaults to active users per day, and groups weekly with interval 7', async () => {
    const result = await env.client.run('activeAndNewUserCounts', {
      start: '20260301',
      end: '20260314',
      interval: '7',
    });
    expect(env.sim.server.calls[0]!.query.get('m')).toBe('active');
    expect(env.sim.server.calls[0]!.query.get('i')).toBe('7');
    expect(result.data.xValues).toEqual(['2026-03-01', '2026-03-08']);
  });

  it('refuses a badly written date, naming it', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('activeAndNewUserCounts', { start: '2026-03-01', end: '20260303' }),
      'start',
      /YYYYMMDD/,
    );
  });

  it('refuses a date that is not on the calendar', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('activeAndNewUserCounts', { start: '20260228', end: '20260230' }),
      'end',
      /real calendar date/,
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('activeAndNewUserCounts', { start: '20251301', end: '20251302' }),
      'start',
    );
  });

  it('accepts 29 February of a leap year only', async () => {
    await env.client.run('activeAndNewUserCounts', { start: '20240229', end: '20240229' });
    await expectInvalid(
      env.sim,
      () => env.client.run('activeAndNewUserCounts', { start: '20250229', end: '20250301' }),
      'start',
    );
  });

  it('refuses an end before the start', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('activeAndNewUserCounts', { start: '20260305', end: '20260301' }),
      'end',
      /before start/,
    );
  });

  it('refuses an unknown metric or interval', async () => {
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('activeAndNewUserCounts', {
          start: '20260301',
          end: '20260302',
          metric: 'all' as 'new',
        }),
      'metric',
    );
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('activeAndNewUserCounts', {
          start: '20260301',
          end: '20260302',
          interval: '14' as '7',
        }),
      'interval',
    );
  });
});
