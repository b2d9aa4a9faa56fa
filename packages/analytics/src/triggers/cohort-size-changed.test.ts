import { contextOf, ProviderError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import type { AnalyticsContext } from '../analytics-client.js';
import { analytics } from '../analytics-connector.js';
import { connectAnalytics } from '../testing/amplitude-test-helpers.js';
import { analyticsSimulator } from '../testing/index.js';
import { type CohortSizeChange, cohortSizeChanged } from './cohort-size-changed.js';

const env = useSimulator(analyticsSimulator, { start: { seed: true }, connect: connectAnalytics });

const ctx = () => contextOf<AnalyticsContext>(env.client);
const poll = (filters: Record<string, unknown>, cursor: string | undefined) =>
  cohortSizeChanged.poll!(ctx(), { input: cohortSizeChanged.parse(filters), cursor });

async function buy(userIds: string[]) {
  await env.client.run('sendEvents', {
    events: userIds.map((user_id) => ({ user_id, event_type: 'Purchase', time: Date.now() - 60_000 })),
  });
}

const sizeOf = (id: string) => env.sim.state.listCohorts().find((cohort) => cohort.id === id)!.size as number;

describe('analytics.cohortSizeChanged', () => {
  it('is a polling trigger that states its lag, registered on the connector', () => {
    expect(analytics.triggers?.cohortSizeChanged).toBe(cohortSizeChanged);
    expect(cohortSizeChanged.kinds).toEqual(['polling']);
    expect(cohortSizeChanged.description).toMatch(/15 minutes/);
    expect(cohortSizeChanged.description).toMatch(/day/);
    expect(() => cohortSizeChanged.parse({ minChange: 0 })).toThrow(/minChange/);
  });

  it('records the sizes on the first poll, then reports a cohort that grew, once', async () => {
    const first = await poll({}, undefined);
    expect(first.events).toEqual([]);
    const call = env.sim.server.calls.at(-1)!;
    expect([call.method, call.path]).toEqual(['GET', '/api/3/cohorts']);
    const before = sizeOf('coh_buyers');
    expect(JSON.parse(first.cursor)).toMatchObject({ coh_buyers: before });
    await buy(['trigger-buyer-1', 'trigger-buyer-2']);
    const second = await poll({}, first.cursor);
    const buyers = second.events.filter(
      (event) => (event.data as CohortSizeChange).cohortId === 'coh_buyers',
    );
    expect(buyers).toEqual([
      {
        id: expect.stringContaining(`coh_buyers:${before}:${before + 2}:`),
        type: 'cohort.sizeChanged',
        occurredAt: expect.any(String),
        data: {
          cohortId: 'coh_buyers',
          name: 'Purchasers',
          previousSize: before,
          size: before + 2,
          change: 2,
          lastComputed: expect.any(Number),
        },
      },
    ]);
    expect(cohortSizeChanged.output.safeParse(buyers[0]!.data).success).toBe(true);
    const third = await poll({}, second.cursor);
    expect(
      third.events.filter((event) => (event.data as CohortSizeChange).cohortId === 'coh_buyers'),
    ).toEqual([]);
    expect(env.sim.server.violations).toEqual([]);
  });

  it('watches only the cohorts named, and holds small moves until they reach minChange', async () => {
    const first = await poll({ cohortIds: ['coh_buyers'], minChange: 2 }, undefined);
    expect(Object.keys(JSON.parse(first.cursor))).toEqual(['coh_buyers']);
    const before = sizeOf('coh_buyers');
    await buy(['trigger-buyer-3']);
    const small = await poll({ cohortIds: ['coh_buyers'], minChange: 2 }, first.cursor);
    expect(small.events).toEqual([]);
    await buy(['trigger-buyer-4']);
    const enough = await poll({ cohortIds: ['coh_buyers'], minChange: 2 }, small.cursor);
    expect(enough.events.map((event) => event.data)).toEqual([
      expect.objectContaining({ cohortId: 'coh_buyers', previousSize: before, size: before + 2, change: 2 }),
    ]);
  });

  it('reports a new cohort as added, and refuses a cursor it did not write', async () => {
    const first = await poll({}, undefined);
    const [template] = env.sim.state.cohorts;
    env.sim.state.cohorts.push({ ...template!, id: 'coh_new', name: 'New cohort' });
    const second = await poll({}, first.cursor);
    expect(
      second.events.map((event) => [event.type, (event.data as CohortSizeChange).cohortId]),
    ).toContainEqual(['cohort.added', 'coh_new']);
    const refused = await poll({}, 'not json').catch((error: unknown) => error);
    expect(ProviderError.isInstance(refused)).toBe(true);
  });
});
