import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { eventSegmentation } from './event-segmentation.js';

// The seeded history is the 30 days before this clock, so the range below holds events.
const env = useSimulator(analyticsSimulator, {
  start: { seed: true, now: () => Date.UTC(2026, 2, 10, 12) },
  connect: connectAnalytics,
});
const range = { start: '20260301', end: '20260302' };

describe('eventSegmentation', () => {
  it('sends e as JSON with the defaults m=uniques, n=active, i=1, limit=100', async () => {
    const event = {
      event_type: 'Play Song',
      filters: [
        { subprop_type: 'event', subprop_key: 'source', subprop_op: 'is', subprop_value: ['search'] },
      ],
    };
    const result = await env.client.run('eventSegmentation', { event, ...range });
    const call = env.sim.server.calls[0]!;
    expect(call.path).toBe('/api/2/events/segmentation');
    expect(JSON.parse(call.query.get('e')!)).toEqual(event);
    expect(Object.fromEntries([...call.query].filter(([key]) => key !== 'e'))).toEqual({
      start: '20260301',
      end: '20260302',
      m: 'uniques',
      n: 'active',
      i: '1',
      limit: '100',
    });
    expect(result.data.xValues).toEqual(['2026-03-01', '2026-03-02']);
    expect(result.data.seriesLabels).toEqual([0]);
    expect(result.data.seriesCollapsed[0]![0]!.value).toBeGreaterThan(0);
    expectOutput(eventSegmentation, result);
  });

  it('counts any active event when no event is given, as a form run with its defaults does', async () => {
    const result = await env.client.run('eventSegmentation', range);
    expect(JSON.parse(env.sim.server.calls[0]!.query.get('e')!)).toEqual({ event_type: '_active' });
    expect(result.data.seriesCollapsed[0]![0]!.value).toBeGreaterThan(0);
  });

  it('accepts the event as a string holding its JSON', async () => {
    await env.client.run('eventSegmentation', {
      event: '{"event_type":"Purchase"}',
      ...range,
      metric: 'totals',
    });
    expect(JSON.parse(env.sim.server.calls[0]!.query.get('e')!)).toEqual({ event_type: 'Purchase' });
  });

  it('sends two group-bys as g and g2, and a limit', async () => {
    const result = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song' },
      ...range,
      groupBy: ['country', 'gp:plan'],
      limit: 3,
      userType: 'any',
    });
    const query = env.sim.server.calls[0]!.query;
    expect(query.get('g')).toBe('country');
    expect(query.get('g2')).toBe('gp:plan');
    expect(query.get('n')).toBe('any');
    expect(query.get('limit')).toBe('3');
    expect(result.data.series).toHaveLength(3);
  });

  it('sends a formula over two events as e, e2 and formula', async () => {
    await env.client.run('eventSegmentation', {
      event: { event_type: 'Purchase' },
      event2: '{"event_type":"Play Song"}',
      ...range,
      metric: 'formula',
      formula: 'UNIQUES(A)/UNIQUES(B)',
    });
    const query = env.sim.server.calls[0]!.query;
    expect(JSON.parse(query.get('e2')!)).toEqual({ event_type: 'Play Song' });
    expect(query.get('m')).toBe('formula');
    expect(query.get('formula')).toBe('UNIQUES(A)/UNIQUES(B)');
  });

  it('sends a property metric with the group-by of the event', async () => {
    const event = { event_type: 'Play Song', group_by: [{ type: 'event', value: 'duration_ms' }] };
    await env.client.run('eventSegmentation', { event, ...range, metric: 'histogram' });
    expect(JSON.parse(env.sim.server.calls[0]!.query.get('e')!)).toEqual(event);
  });

  it('names the event when its JSON does not parse, or misses event_type', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('eventSegmentation', { event: '{event_type:', ...range }),
      'event',
      /not valid JSON/,
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('eventSegmentation', { event: '{"filters":[]}', ...range }),
      'event.event_type',
    );
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('eventSegmentation', {
          event: {
            event_type: 'x',
            filters: [
              { subprop_type: 'event', subprop_key: 'k', subprop_op: 'equals', subprop_value: ['v'] },
            ],
          },
          ...range,
        }),
      'event.filters.0.subprop_op',
    );
  });

  it('requires a group-by in the event for property metrics', async () => {
    const names = [
      ['histogram', 'Property histogram'],
      ['sums', 'Property sum'],
      ['value_avg', 'Property average'],
    ] as const;
    for (const [metric, name] of names) {
      await expectInvalid(
        env.sim,
        () => env.client.run('eventSegmentation', { event: { event_type: 'Play Song' }, ...range, metric }),
        'event.group_by',
        new RegExp(`metric ${name}:`),
      );
    }
  });

  it('requires a formula with metric formula, and refuses one without it', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('eventSegmentation', { event: { event_type: 'a' }, ...range, metric: 'formula' }),
      'formula',
      /required/,
    );
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('eventSegmentation', { event: { event_type: 'a' }, ...range, formula: 'UNIQUES(A)' }),
      'formula',
      /only with the metric Formula/,
    );
  });

  it('allows at most two events in a formula', async () => {
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('eventSegmentation', {
          event: { event_type: 'a' },
          event2: { event_type: 'b' },
          ...range,
          metric: 'formula',
          formula: 'UNIQUES(A)+UNIQUES(B)+UNIQUES(C)',
        }),
      'formula',
      /at most two events/,
    );
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('eventSegmentation', {
          event: { event_type: 'a' },
          ...range,
          metric: 'formula',
          formula: 'UNIQUES(A)/UNIQUES(B)',
        }),
      'event2',
    );
  });

  it('allows at most two group-bys, of known properties', async () => {
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('eventSegmentation', {
          event: { event_type: 'a' },
          ...range,
          groupBy: ['country', 'city', 'os'],
        }),
      'groupBy',
      /at most two/,
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('eventSegmentation', { event: { event_type: 'a' }, ...range, groupBy: 'plan' }),
      'groupBy.0',
      /gp:<name>/,
    );
    const threeInEvent = [1, 2, 3].map((n) => ({ type: 'user' as const, value: `p${n}` }));
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('eventSegmentation', { event: { event_type: 'a', group_by: threeInEvent }, ...range }),
      'event.group_by',
    );
  });

  it('checks the dates and the range the interval allows', async () => {
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('eventSegmentation', {
          event: { event_type: 'a' },
          start: '20260302',
          end: '20260301',
        }),
      'end',
    );
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('eventSegmentation', {
          event: { event_type: 'a' },
          start: '20260301',
          end: '20260310',
          interval: '-3600000',
        }),
      'end',
      /7 days, the most Amplitude allows with the interval Hourly/,
    );
    await env.client.run('eventSegmentation', {
      event: { event_type: 'a' },
      start: '20260301',
      end: '20260302',
      interval: '-300000',
    });
    expect(env.sim.server.calls).toHaveLength(1);
  });

  it('names the options of wire-encoded enums in its JSON Schema, keeping the values', () => {
    const { properties } = eventSegmentation.inputSchema as {
      properties: Record<
        string,
        { title?: string; enum?: unknown[]; oneOf?: { const: string; title: string }[] }
      >;
    };
    expect(properties.interval).toMatchObject({
      title: 'Interval',
      enum: ['1', '7', '30', '-3600000', '-300000'],
    });
    expect(properties.interval?.oneOf?.map((option) => option.title)).toEqual([
      'Daily',
      'Weekly',
      'Monthly',
      'Hourly (last 7 days at most)',
      'Real-time 5 min (last 2 days at most)',
    ]);
    expect(properties.metric?.title).toBe('Metric');
    expect(properties.metric?.oneOf?.find((option) => option.const === 'pct_dau')?.title).toBe(
      '% of daily active users',
    );
    expect(properties.userType?.title).toBe('User Type');
  });

  it('refuses a limit over 1000', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('eventSegmentation', { event: { event_type: 'a' }, ...range, limit: 5000 }),
      'limit',
    );
  });
});
