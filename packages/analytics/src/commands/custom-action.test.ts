import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import {
  basicHeader,
  connectAnalytics,
  expectInvalid,
  expectOutput,
} from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { customAction } from './custom-action.js';

const env = useSimulator(analyticsSimulator, { start: { seed: true }, connect: connectAnalytics });

describe('customAction', () => {
  it('calls a query endpoint with Basic auth, e.g. GET /api/2/realtime', async () => {
    const result = (await env.client.run('customAction', { method: 'GET', path: '/api/2/realtime' })) as {
      data: { seriesLabels: string[]; series: number[][]; xValues: string[] };
    };
    const call = env.sim.server.calls[0]!;
    expect(call.path).toBe('/api/2/realtime');
    expect(call.headers.authorization).toBe(basicHeader(env.sim));
    expect(result.data.seriesLabels).toEqual(['Today', 'Yesterday']);
    expect(result.data.series[0]).toHaveLength(result.data.xValues.length);
    expect(result.data.xValues[0]).toBe('00:00');
    expectOutput(customAction, result);
  });

  it('passes query parameters, from the path or the query object', async () => {
    const user = env.sim.state.users[0]!;
    const activity = (await env.client.run('customAction', {
      method: 'GET',
      path: `/api/2/useractivity?user=${user.amplitude_id}`,
      query: { limit: 10 },
    })) as { userData: { user_id: string } };
    expect(Object.fromEntries(env.sim.server.calls[0]!.query)).toEqual({
      user: String(user.amplitude_id),
      limit: '10',
    });
    expect(activity.userData.user_id).toBe(user.user_id);
  });

  it('posts to the ingestion API with the connection’s api_key added to the body', async () => {
    const result = await env.client.run('customAction', {
      method: 'POST',
      api: 'ingestion',
      path: '/2/httpapi',
      body: { events: [{ event_type: 'Custom', user_id: 'user-custom-1', insert_id: 'custom-1' }] },
    });
    expect(result).toMatchObject({ code: 200, events_ingested: 1 });
    expectOutput(customAction, result);
    const call = env.sim.server.calls[0]!;
    expect(call.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call.bodyText)).toEqual({
      api_key: env.sim.connection.credentials.apiKey,
      events: [{ event_type: 'Custom', user_id: 'user-custom-1', insert_id: 'custom-1' }],
    });
  });

  it('keeps the paths to the chosen API and refuses escapes and credential headers, sending nothing', async () => {
    await expectInvalid(
      env.sim,
      () => env.client.run('customAction', { method: 'GET', path: '/2/httpapi' }),
      'path',
      /\/api\/2\//,
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('customAction', { method: 'GET', path: '/api/2/../../admin' }),
      'path',
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('customAction', { method: 'GET', path: 'https://evil.example/api/2/x' }),
      'path',
    );
    await expectInvalid(
      env.sim,
      () => env.client.run('customAction', { method: 'POST', api: 'ingestion', path: '/api/2/export' }),
      'path',
    );
    await expectInvalid(
      env.sim,
      () =>
        env.client.run('customAction', {
          method: 'GET',
          path: '/api/2/realtime',
          headers: { Authorization: 'Basic x' },
        }),
      'headers.Authorization',
    );
    await expectInvalid(
      env.sim,
      () => env.client.runUnknown('customAction', { method: 'GET', path: '/api/2/realtime', api: 'other' }),
      'api',
    );
  });

  it('returns the provider’s answer for a refused request, which the contract check flags', async () => {
    const error = await env.client
      .run('customAction', { method: 'GET', path: '/api/2/users', query: { start: '20260101' } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      kind: 'provider',
      status: 400,
      providerMessage: 'Invalid request: missing required parameter end',
    });
    expect(env.sim.server.violations).toEqual(['GET /api/2/users: missing required parameter end']);
    env.sim.server.violations.length = 0;
  });
});
