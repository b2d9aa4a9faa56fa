import { NetworkError, ProviderError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { exportData } from './export-data.js';

const HOUR = 3_600_000;
// A fixed clock: the seeded history is the 72 hours before 2026-03-10T12:00Z.
const now = Date.UTC(2026, 2, 10, 12, 30);
const env = useSimulator(analyticsSimulator, {
  start: { seed: true, now: () => now, eventsPerHour: 20 },
  connect: connectAnalytics,
});

describe('exportData', () => {
  it('sends GET /api/2/export with start and end and decodes every event of the range', async () => {
    const result = await env.client.run('exportData', { start: '20260310T00', end: '20260310T05' });
    const call = env.sim.server.calls[0]!;
    expect(call.path).toBe('/api/2/export');
    expect(Object.fromEntries(call.query)).toEqual({ start: '20260310T00', end: '20260310T05' });
    expect(result.count).toBe(6 * 20);
    expect(result.truncated).toBe(false);
    expect(result.events).toHaveLength(120);
    const first = result.events[0]!;
    expect(first).toMatchObject({ app: env.sim.state.projectId, $insert_id: expect.any(String) });
    expect(Date.parse(`${String(first.server_upload_time).replace(' ', 'T')}Z`)).toBeGreaterThanOrEqual(
      Date.UTC(2026, 2, 10),
    );
    expect(new Set(result.events.map((event) => event.uuid)).size).toBe(120);
    expectOutput(exportData, result);
  });

  it('stops at maxEvents, says truncated, and abandons the download', async () => {
    const result = await env.client.run('exportData', {
      start: '20260308T00',
      end: '20260310T11',
      maxEvents: 25,
    });
    expect(result.count).toBe(25);
    expect(result.events).toHaveLength(25);
    expect(result.truncated).toBe(true);
    const exact = await env.client.run('exportData', {
      start: '20260310T00',
      end: '20260310T00',
      maxEvents: 20,
    });
    expect(exact).toMatchObject({ count: 20, truncated: false });
  });

  it('returns no events, not an error, for a range without data (404)', async () => {
    const result = await env.client.run('exportData', { start: '20250101T00', end: '20250101T23' });
    expect(result).toEqual({ events: [], count: 0, truncated: false });
    expectOutput(exportData, result);
    expect(env.sim.server.calls).toHaveLength(1);
  });

  it('turns the 4 GB refusal (400) into an error that says to shorten the range', async () => {
    env.sim.server.use(
      http.get('*/api/2/export', () => new HttpResponse('Export exceeds the 4GB limit.', { status: 400 })),
    );
    const error = await env.client
      .run('exportData', { start: '20260301T00', end: '20260310T00' })
      .catch((e: unknown) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, providerCode: 'export_too_large', retryable: false });
    expect((error as Error).message).toMatch(/4 GB.*Shorten the range/);
  });

  it('turns the too-much-data answer (504) into an error that says to shorten the range, without retrying', async () => {
    env.sim.server.fault({ type: 'status', status: 504, body: 'Gateway Timeout' });
    const error = await env.client
      .run('exportData', { start: '20260301T00', end: '20260310T00' })
      .catch((e: unknown) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 504, providerCode: 'export_too_much_data', retryable: false });
    expect((error as Error).message).toMatch(/Shorten the range/);
    expect(env.sim.server.calls).toHaveLength(1);
  });

  it('reports a download cut mid-archive as a NetworkError', async () => {
    env.sim.server.fault({ type: 'reset-mid-body' });
    const error = await env.client
      .run('exportData', { start: '20260308T00', end: '20260310T11' })
      .catch((e: unknown) => e);
    expect(NetworkError.isInstance(error) || ProviderError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/export/);
  });

  it('refuses hours that are not real, a reversed range and more than 365 days', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('exportData', { start: '20260310T24', end: '20260310T23' }),
      'start',
      /00–23/,
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('exportData', { start: '20260310', end: '20260310T23' }),
      'start',
      /YYYYMMDDTHH/,
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('exportData', { start: '20260231T00', end: '20260310T23' }),
      'start',
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('exportData', { start: '20260310T05', end: '20260310T04' }),
      'end',
      /before start/,
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('exportData', { start: '20250101T00', end: '20260102T00' }),
      'end',
      /365 days/,
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('exportData', { start: '20260310T00', end: '20260310T01', maxEvents: 0 }),
      'maxEvents',
    );
  });

  it('includes events sent to the project, in their upload hour', async () => {
    await env.client.run('sendEvents', {
      events: [{ event_type: 'Checkout', user_id: 'user-export-1', time: now - HOUR }],
    });
    const result = await env.client.run('exportData', { start: '20260310T12', end: '20260310T12' });
    expect(result.events).toEqual([
      expect.objectContaining({
        event_type: 'Checkout',
        user_id: 'user-export-1',
        $insert_id: expect.any(String),
      }),
    ]);
  });
});
