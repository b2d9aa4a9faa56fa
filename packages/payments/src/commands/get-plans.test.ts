import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { getPlans } from './get-plans.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

describe('getPlans', () => {
  it('lists prices with active=true or active=false', async () => {
    const active = await h.client.run('getPlans', { active: true });
    expect(h.sim.server.calls[0]?.path).toBe('/v1/prices');
    expect(h.sim.server.calls[0]?.url.search).toBe('?active=true');
    expect(active).toMatchObject({ object: 'list', url: '/v1/prices', has_more: false });
    expect(active.data).toHaveLength(5);
    expect(active.data.every((price) => price.active === true && price.object === 'price')).toBe(true);

    const inactive = await h.client.run('getPlans', { active: false });
    expect(h.sim.server.calls[1]?.url.search).toBe('?active=false');
    expect(inactive.data.map((price) => price.id)).toEqual([SEED_IDS.prices.starterLegacy]);
    expectOutput(getPlans, active);
    expectOutput(getPlans, inactive);
  });

  it('passes pagination through as given', async () => {
    const page = await h.client.run('getPlans', { pagination: { limit: 2 } });
    expect(h.sim.server.calls[0]?.url.search).toBe('?limit=2');
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const next = await h.client.run('getPlans', {
      pagination: { limit: 2, starting_after: page.data[1]?.id },
    });
    expect(next.data.map((price) => price.id)).not.toContain(page.data[1]?.id);
  });

  it.each([
    [{ active: 'true' }, 'active'],
    [{ pagination: { limit: 500 } }, 'pagination.limit'],
    [{ pagination: 10 }, 'pagination'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('getPlans', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
