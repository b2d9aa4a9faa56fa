// Usage-based billing against the Stripe simulator over loopback: the meters (by status), a meter
// event reported with the identifier derived from the run's idempotency key, so a repeated run is
// refused by Stripe instead of counted twice, and one with its own identifier and time.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createMeterEvent, meterEventIdentifier } from './create-meter-event.js';
import { listMeters } from './list-meters.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const { customers, meters } = SEED_IDS;

describe('listMeters and createMeterEvent', () => {
  it('lists the meters, all or by status', async () => {
    const all = await h.client.run('listMeters', {});
    expect(all.data.map((meter) => meter.id)).toEqual([meters.apiRequests, meters.storage]);
    expectOutput(listMeters, all);
    const inactive = await h.client.run('listMeters', { status: 'inactive' });
    expect(h.sim.server.calls.at(-1)?.query.get('status')).toBe('inactive');
    expect(inactive.data.map((meter) => meter.event_name)).toEqual(['storage_gb']);
  });

  it('reports usage once per idempotency key: the derived identifier makes a repeat Stripe’s 400', async () => {
    const event = await h.client.run(
      'createMeterEvent',
      { eventName: 'api_requests', customerId: customers.ada, value: 25 },
      { idempotencyKey: 'usage-batch-17' },
    );
    const identifier = meterEventIdentifier('usage-batch-17');
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['event_name', 'api_requests'],
      ['payload[stripe_customer_id]', customers.ada],
      ['payload[value]', '25'],
      ['identifier', identifier],
    ]);
    expect(event).toMatchObject({ identifier, payload: { stripe_customer_id: customers.ada, value: '25' } });
    expectOutput(createMeterEvent, event);
    // The same usage again, after Stripe forgot the idempotency key: the identifier still holds.
    h.sim.state.idempotency.clear();
    const again = await failure(
      h.client.run(
        'createMeterEvent',
        { eventName: 'api_requests', customerId: customers.ada, value: 25 },
        { idempotencyKey: 'usage-batch-17' },
      ),
    );
    expect(again).toMatchObject({ status: 400 });
    expect(again.message).toContain(`An event already exists with identifier ${identifier}`);
    const own = await h.client.run('createMeterEvent', {
      eventName: 'api_requests',
      customerId: customers.grace,
      value: 2.5,
      identifier: 'req-2026-12-02-0001',
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(own).toMatchObject({ identifier: 'req-2026-12-02-0001', payload: { value: '2.5' } });
  });

  it('refuses bad input before sending anything, and a timestamp out of Stripe’s window', async () => {
    const sent = h.sim.server.calls.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: customers.ada, value: 1 }, 'eventName'],
      [{ eventName: 'api_requests', value: 1 }, 'customerId'],
      [{ eventName: 'api_requests', customerId: 'usr_1', value: 1 }, 'customerId'],
      [{ eventName: 'api_requests', customerId: customers.ada }, 'value'],
      [
        { eventName: 'api_requests', customerId: customers.ada, value: 1, identifier: 'x'.repeat(101) },
        'identifier',
      ],
      [{ eventName: 'api_requests', customerId: customers.ada, value: 1, timestamp: 1.5 }, 'timestamp'],
    ];
    for (const [input, parameter] of cases) {
      const error = await failure(h.client.run('createMeterEvent', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    const statusError = await failure(h.client.run('listMeters', { status: 'paused' } as never));
    expect(statusError.parameter).toBe('status');
    expect(h.sim.server.calls).toHaveLength(sent);
    const old = await failure(
      h.client.run('createMeterEvent', {
        eventName: 'api_requests',
        customerId: customers.ada,
        value: 1,
        timestamp: Math.floor(Date.now() / 1000) - 40 * 86_400,
      }),
    );
    expect(old).toMatchObject({ status: 400 });
    expect(old.message).toContain('35 calendar days');
  });
});
