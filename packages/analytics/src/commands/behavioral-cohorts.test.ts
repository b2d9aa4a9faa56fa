import { AuthError, RateLimitError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { analytics } from '../analytics-connector.js';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { behavioralCohorts } from './behavioral-cohorts.js';

const env = useSimulator(analyticsSimulator, { start: { seed: true }, connect: connectAnalytics });

describe('behavioralCohorts', () => {
  it('sends GET /api/3/cohorts and returns every cohort with its metadata', async () => {
    const result = await env.client.run('behavioralCohorts', {});
    const call = env.sim.server.calls[0]!;
    expect(call.method).toBe('GET');
    expect(call.path).toBe('/api/3/cohorts');
    expect([...call.query]).toEqual([]);
    expect(result.cohorts.map((cohort) => cohort.name)).toEqual([
      'Active in the last 30 days',
      'Purchasers',
      'Sharers',
    ]);
    // Sizes come from the events the simulator holds: users active within the cohort's 30 days.
    const since = Date.now() - 30 * 86_400_000;
    const active = new Set(
      env.sim.state.events
        .filter((stored) => stored.time >= since && stored.event.event_type !== '$identify')
        .map((stored) => stored.amplitudeId),
    );
    expect(active.size).toBeGreaterThan(0);
    expect(result.cohorts[0]).toMatchObject({
      id: 'coh_active30',
      size: active.size,
      published: true,
      archived: false,
    });
    expectOutput(behavioralCohorts, result);
  });

  it('refuses parameters it does not take', async () => {
    await expectInvalid(env.sim, () => env.client.runUnknown('behavioralCohorts', { all: true }), 'all');
  });

  it('maps a 401 to an AuthError that shows no credential', async () => {
    const wrong = analytics.connect({
      credentials: { apiKey: 'wrong-api-key-123', secretKey: 'wrong-secret-key-456' },
      ...env.sim.connection.options,
    });
    const error = await wrong.run('behavioralCohorts', {}).catch((caught: unknown) => caught);
    expect(AuthError.isInstance(error)).toBe(true);
    const text = JSON.stringify(error) + String(error) + (error as Error).stack;
    expect(text).not.toContain('wrong-secret-key-456');
    expect(text).not.toContain('wrong-api-key-123');
    expect((error as AuthError).toJSON()).toMatchObject({ kind: 'auth', status: 401 });
    await wrong.close();
    expect(env.sim.server.violations).toEqual([
      'GET /api/3/cohorts: Basic auth does not carry the project API key and secret key',
    ]);
    env.sim.server.violations.length = 0;
  });

  it("retries a 429 and reads Amplitude's /api/3 error body", async () => {
    let refused = 0;
    env.sim.server.use(
      http.get('*/api/3/cohorts', () => {
        refused += 1;
        if (refused > 1) return undefined;
        return HttpResponse.json(
          { error: { http_code: 429, type: 'too_many_requests', message: 'Exceeded rate limit' } },
          { status: 429, headers: { 'retry-after': '0' } },
        );
      }),
    );
    const result = await env.client.run('behavioralCohorts', {});
    expect(result.cohorts).toHaveLength(3);
    expect(env.sim.server.calls).toHaveLength(2);
  });

  it('gives up on a persistent 429 with a RateLimitError carrying Amplitude code and message', async () => {
    env.sim.server.use(
      http.get('*/api/3/cohorts', () =>
        HttpResponse.json(
          { error: { http_code: 429, type: 'too_many_requests', message: 'Exceeded rate limit' } },
          { status: 429, headers: { 'retry-after': '0' } },
        ),
      ),
    );
    const error = await env.client.run('behavioralCohorts', {}).catch((caught: unknown) => caught);
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      providerCode: 'too_many_requests',
      providerMessage: 'Exceeded rate limit',
      retryAfterMs: 0,
    });
  });
});
