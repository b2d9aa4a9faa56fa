import { NotFoundError } from '@c/core';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectInvalid, useSimulator } from '../test-support.js';

const env = useSimulator({ seed: true });

describe('getChartResults', () => {
  it('reads the JSON result from /api/3/chart/{id}/query by default', async () => {
    const result = await env.client.run('getChartResults', { chartId: 'sbx4k2m' });
    expect(env.sandbox.server.calls[0]!.path).toBe('/api/3/chart/sbx4k2m/query');
    expect(result).toEqual(env.sandbox.state.charts.get('sbx4k2m')!.query);
  });

  it('reads the CSV from /api/3/chart/{id}/csv as {csv}', async () => {
    const result = await env.client.run('getChartResults', { chartId: 'sbx4k2m', type: 'csv' });
    expect(env.sandbox.server.calls[0]!.path).toBe('/api/3/chart/sbx4k2m/csv');
    expect(result).toEqual({ csv: env.sandbox.state.charts.get('sbx4k2m')!.csv });
    expect((result as { csv: string }).csv.split('\n')[2]).toMatch(/^"All Users",\d+/);
  });

  it('also takes CSV sent as text rather than in a JSON envelope', async () => {
    env.sandbox.server.use(
      http.get(
        '*/api/3/chart/:id/csv',
        () => new HttpResponse('"a","b"\n1,2\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    expect(await env.client.run('getChartResults', { chartId: 'sbx4k2m', type: 'csv' })).toEqual({
      csv: '"a","b"\n1,2\n',
    });
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
