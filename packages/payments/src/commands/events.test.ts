// Events against the Stripe simulator over loopback: the seeded account's events by type, by family
// (customer.*) and by a list of types (types[]), newest first; one event read back with the object
// it carries; bad types refused before sending.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { getEvent } from './get-event.js';
import { listEvents } from './list-events.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

describe('listEvents, getEvent', () => {
  it('lists one type, a family and several types, and reads one event with its object', async () => {
    const created = await h.client.run('listEvents', { type: 'customer.created', limit: 100 });
    expect(h.sim.server.calls.at(-1)?.query.get('type')).toBe('customer.created');
    expect(created.data.map((event) => event.data.object.id)).toEqual(
      expect.arrayContaining(Object.values(SEED_IDS.customers)),
    );
    expect(created.data.every((event) => event.type === 'customer.created')).toBe(true);
    expectOutput(listEvents, created);
    const family = await h.client.run('listEvents', { type: 'charge.dispute.*', limit: 100 });
    expect(new Set(family.data.map((event) => event.type))).toEqual(
      new Set(['charge.dispute.created', 'charge.dispute.updated']),
    );
    const several = await h.client.run('listEvents', { type: ['coupon.created', 'promotion_code.created'] });
    const query = h.sim.server.calls.at(-1)?.query;
    expect([query?.getAll('types[0]'), query?.get('type')]).toEqual([['coupon.created'], null]);
    expect(several.data.map((event) => event.type)).toEqual(['promotion_code.created', 'coupon.created']);
    const event = await h.client.run('getEvent', { eventId: several.data[0]?.id as string });
    expect(event).toMatchObject({
      type: 'promotion_code.created',
      data: { object: { id: SEED_IDS.promotionCodes.welcome } },
    });
    expectOutput(getEvent, event);
    const missing = await failure(h.client.run('getEvent', { eventId: 'evt_Missing' }));
    expect(missing.kind).toBe('not_found');
  });

  it('reads by time and pages on from next_starting_after', async () => {
    const first = await h.client.run('listEvents', { limit: 2 });
    expect(first.next_starting_after).toBe(first.data[1]?.id);
    const next = await h.client.run('listEvents', {
      limit: 2,
      startingAfter: first.next_starting_after as string,
    });
    expect(next.data[0]?.created).toBeLessThanOrEqual(first.data[1]?.created as number);
    const now = Math.floor(Date.now() / 1000);
    const recent = await h.client.run('listEvents', { createdAfter: now - 86_400 * 3, limit: 100 });
    expect(recent.data.every((event) => event.created > now - 86_400 * 3)).toBe(true);
  });

  it('refuses a malformed type or id before sending', async () => {
    const sent = h.sim.server.calls.length;
    const cases: [string, Record<string, unknown>, string][] = [
      ['listEvents', { type: 'Customer Created' }, 'type'],
      ['listEvents', { type: [] }, 'type'],
      ['getEvent', { eventId: 'cus_1' }, 'eventId'],
    ];
    for (const [command, input, parameter] of cases) {
      const error = await failure(h.client.run(command as 'listEvents', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(sent);
  });
});
