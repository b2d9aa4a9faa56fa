import { NotFoundError, ProviderError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { chartCsv, sandboxCharts } from '../testing/amplitude-charts.js';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { getChartResults } from './get-chart-results.js';

const now = Date.UTC(2026, 2, 10, 12, 30);
const env = useSimulator(analyticsSimulator, {
  start: { seed: true, now: () => now },
  connect: connectAnalytics,
});

describe('getChartResults', () => {
  it('offers the sandbox’s saved charts as examples of the chart id, each of which reads', async () => {
    const chartId = (getChartResults.inputSchema.properties as Record<string, { examples?: string[] }>)
      .chartId;
    const seeded = sandboxCharts().map((chart) => chart.id);
    expect(chartId?.examples).toEqual(seeded);
    for (const id of seeded) {
      expect(await env.client.run('getChartResults', { chartId: id })).toMatchObject({
        rows: expect.arrayContaining([expect.anything()]),
      });
    }
  });

  it('reads /api/3/chart/{id}/csv by default (never the dropped /query) and returns its table as rows', async () => {
    const result = await env.client.run('getChartResults', { chartId: 'sbx4k2m' });
    expect(env.sim.server.calls.map((call) => call.path)).toEqual(['/api/3/chart/sbx4k2m/csv']);
    expect(result.title).toBe('Play Song, uniques by country (last 7 days)');
    expect(result.notes).toEqual(['Uniques']);
    expect(result.columns).toEqual([
      'Segment',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(result.rows!.length).toBeGreaterThan(1);
    expectOutput(getChartResults, result);
    const countries = result.rows!.map((row) => row.Segment);
    expect(countries).toContain('United States');
    for (const row of result.rows!) {
      for (const day of result.columns!.slice(1)) expect(typeof row[day]).toBe('number');
    }
    // The rows are the events the simulator holds: the same query through segmentation agrees.
    const segmentation = await env.client.run('eventSegmentation', {
      event: { event_type: 'Play Song' },
      start: '20260304',
      end: '20260310',
      groupBy: 'country',
    });
    const us = segmentation.data.seriesLabels.indexOf('United States');
    expect(result.rows!.find((row) => row.Segment === 'United States')!['2026-03-09']).toBe(
      segmentation.data.series[us]![5],
    );
  });

  it('returns the CSV text from the same endpoint as {csv}', async () => {
    const result = await env.client.run('getChartResults', { chartId: 'sbx7dau', type: 'csv' });
    expect(env.sim.server.calls[0]!.path).toBe('/api/3/chart/sbx7dau/csv');
    const chart = env.sim.state.charts.get('sbx7dau')!;
    expect(result).toEqual({ csv: chartCsv(env.sim.state, chart, now) });
    expectOutput(getChartResults, result);
    expect(result.csv!.split('\r\n')[0]).toBe('"\tDaily ""active"" users"');
  });

  it('reads quoted fields with commas, quotes and line breaks, and CSV sent as plain text', async () => {
    env.sim.server.use(
      http.get(
        '*/api/3/chart/:id/csv',
        () =>
          new HttpResponse(
            '"\tSignups, ""EU"""\r\n\r\n"\tName","\tTotal"\r\n"\tLine one\r\nline two","7"\r\n',
            {
              headers: { 'content-type': 'text/csv' },
            },
          ),
      ),
    );
    expect(await env.client.run('getChartResults', { chartId: 'sbx4k2m' })).toEqual({
      title: 'Signups, "EU"',
      notes: [],
      columns: ['Name', 'Total'],
      rows: [{ Name: 'Line one\r\nline two', Total: 7 }],
    });
  });

  it('refuses an answer without CSV text as a ProviderError', async () => {
    env.sim.server.use(http.get('*/api/3/chart/:id/csv', () => HttpResponse.json({ rows: [] })));
    const error = await env.client
      .run('getChartResults', { chartId: 'sbx4k2m' })
      .catch((caught: unknown) => caught);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ providerCode: 'unexpected_body' });
  });

  it('maps an unknown chart to a NotFoundError', async () => {
    const error = await env.client
      .run('getChartResults', { chartId: 'nope123' })
      .catch((caught: unknown) => caught);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 404,
      providerCode: 'not_found',
      providerMessage: 'Chart not found',
    });
  });

  it('refuses a chart id that is not one, so no other path can be reached', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('getChartResults', { chartId: '../cohorts' }),
      'chartId',
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('getChartResults', { chartId: 'abc', type: 'pdf' as 'csv' }),
      'type',
    );
  });
});
