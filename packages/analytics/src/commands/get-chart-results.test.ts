import { NotFoundError, ProviderError } from '@c/core';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { analytics } from '../analytics-connector.js';
import { expectInvalid, useSimulator } from '../test-support.js';
import { chartCsv } from '../testing/index.js';

const now = Date.UTC(2026, 2, 10, 12, 30);
const env = useSimulator({ seed: true, now: () => now });
/** The declared output schema (what MCP and the HTTP API advertise) must accept what the command returns. */
const output = () => analytics.list.find((command) => command.key === 'getChartResults')!.output!;

describe('getChartResults', () => {
  it('reads /api/3/chart/{id}/csv by default (never the dropped /query) and returns its table as rows', async () => {
    const result = await env.client.run('getChartResults', { chartId: 'sbx4k2m' });
    expect(env.sandbox.server.calls.map((call) => call.path)).toEqual(['/api/3/chart/sbx4k2m/csv']);
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
    expect(output().parse(result)).toEqual(result);
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
    expect(env.sandbox.server.calls[0]!.path).toBe('/api/3/chart/sbx7dau/csv');
    const chart = env.sandbox.state.charts.get('sbx7dau')!;
    expect(result).toEqual({ csv: chartCsv(env.sandbox.state, chart, now) });
    expect(output().parse(result)).toEqual(result);
    expect(result.csv!.split('\r\n')[0]).toBe('"\tDaily ""active"" users"');
  });

  it('reads quoted fields with commas, quotes and line breaks, and CSV sent as plain text', async () => {
    env.sandbox.server.use(
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
    env.sandbox.server.use(http.get('*/api/3/chart/:id/csv', () => HttpResponse.json({ rows: [] })));
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
      env.sandbox,
      () => env.client.run('getChartResults', { chartId: '../cohorts' }),
      'chartId',
    );
    await expectInvalid(
      env.sandbox,
      () => env.client.run('getChartResults', { chartId: 'abc', type: 'pdf' as 'csv' }),
      'type',
    );
  });
});
