import { NotFoundError, ProviderError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, stripeFaults } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { customAction } from './custom-action.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

describe('customAction', () => {
  it('GETs /v1/events with a bracket-encoded query and returns the list', async () => {
    const result = (await h.client.run('customAction', {
      method: 'GET',
      path: '/v1/events',
      query: { type: 'customer.*', limit: 3, created: { gte: 0 } },
    })) as { object: string; data: { type: string }[]; has_more: boolean };
    const [call] = h.sim.server.calls;
    expect(call?.method).toBe('GET');
    expect(call?.path).toBe('/v1/events');
    expect(call?.url.search).toBe('?type=customer.*&limit=3&created[gte]=0');
    expect(call?.headers.authorization).toBe(`Bearer ${h.sim.connection.credentials.apiKey}`);
    expect(result.object).toBe('list');
    expect(result.data).toHaveLength(3);
    expect(result.data.every((event) => event.type.startsWith('customer.'))).toBe(true);
    expect(result.has_more).toBe(true);
    expectOutput(customAction, result);
  });

  it('POSTs /v1/coupons form-encoded with an idempotency key and returns the coupon', async () => {
    const coupon = (await h.client.run('customAction', {
      method: 'POST',
      path: '/v1/coupons',
      body: {
        percent_off: 25,
        duration: 'repeating',
        duration_in_months: 3,
        metadata: { campaign: 'spring' },
      },
    })) as Record<string, unknown>;
    const [call] = h.sim.server.calls;
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(formPairs(call)).toEqual([
      ['percent_off', '25'],
      ['duration', 'repeating'],
      ['duration_in_months', '3'],
      ['metadata[campaign]', 'spring'],
    ]);
    expect(coupon).toMatchObject({
      object: 'coupon',
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 3,
    });
    expectOutput(customAction, coupon);
  });

  it('uses the caller’s Idempotency-Key on every attempt, and Stripe replays the first result', async () => {
    const headers = { 'Idempotency-Key': 'order-42' };
    const body = { percent_off: 10, duration: 'once' };
    h.sim.server.fault(stripeFaults.dropAfterApply());
    const first = await h.client.run('customAction', { method: 'POST', path: '/v1/coupons', body, headers });
    const again = await h.client.run('customAction', { method: 'POST', path: '/v1/coupons', body, headers });
    expect(h.sim.server.calls.map((call) => call.headers['idempotency-key'])).toEqual([
      'order-42',
      'order-42',
      'order-42',
    ]);
    expect(again).toEqual(first);
    expect(h.sim.state.coupons.size).toBe(2);
  });

  it('maps a reused key with other parameters to Stripe’s idempotency_error', async () => {
    const headers = { 'Idempotency-Key': 'reused-key' };
    await h.client.run('customAction', {
      method: 'POST',
      path: '/v1/coupons',
      body: { percent_off: 5 },
      headers,
    });
    const error = await failure(
      h.client.run('customAction', {
        method: 'POST',
        path: '/v1/coupons',
        body: { percent_off: 6 },
        headers,
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(400);
    expect(error.providerCode).toBe('idempotency_error');
    expect(error.retryable).toBe(false);
    expect(h.sim.server.calls).toHaveLength(2);
  });

  it('POSTs a /v2/ body as JSON with Stripe-Version and a key, and reads the v2 list back', async () => {
    const created = (await h.client.run('customAction', {
      method: 'POST',
      path: '/v2/core/event_destinations',
      body: {
        name: 'Orders',
        type: 'webhook_endpoint',
        event_payload: 'thin',
        enabled_events: ['v1.billing.meter.error_report_triggered'],
        webhook_endpoint: { url: 'https://example.com/hooks' },
        include: ['webhook_endpoint.url'],
      },
    })) as Record<string, any>;
    const [call] = h.sim.server.calls;
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['stripe-version']).toBe('2026-10-28.endive');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.bodyJson).toEqual({
      name: 'Orders',
      type: 'webhook_endpoint',
      event_payload: 'thin',
      enabled_events: ['v1.billing.meter.error_report_triggered'],
      webhook_endpoint: { url: 'https://example.com/hooks' },
      include: ['webhook_endpoint.url'],
    });
    expect(created).toMatchObject({
      object: 'v2.core.event_destination',
      name: 'Orders',
      status: 'enabled',
      webhook_endpoint: { url: 'https://example.com/hooks' },
    });
    expect(created.created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const listed = (await h.client.run('customAction', {
      method: 'GET',
      path: '/v2/core/event_destinations',
      query: { limit: 5, include: ['webhook_endpoint.url'] },
    })) as { data: { id: string }[]; next_page_url: string | null };
    // v2 query strings keep Stripe's bracket encoding, as stripe-node sends them.
    expect(h.sim.server.calls[1]?.query.get('include[0]')).toBe('webhook_endpoint.url');
    expect(h.sim.server.calls[1]?.query.get('limit')).toBe('5');
    expect(listed).toEqual({
      data: [expect.objectContaining({ id: created.id })],
      next_page_url: null,
      previous_page_url: null,
    });
  });

  it('keeps /v1/ bodies form-encoded beside /v2/ JSON, and refuses a v2 call Stripe would refuse', async () => {
    await h.client.run('customAction', { method: 'POST', path: '/v1/coupons', body: { percent_off: 5 } });
    expect(h.sim.server.calls[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const error = await failure(
      h.client.run('customAction', {
        method: 'POST',
        path: '/v2/core/event_destinations',
        body: { name: 'No type', enabled_events: [], event_payload: 'thin' },
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.details.param).toBe('type');
    if (h.sim.contract) {
      expect(h.sim.server.violations).toEqual([expect.stringContaining('parameter_missing type')]);
    }
    h.sim.server.reset();
  });

  it('lets one call name its own Stripe-Version, over the connection’s', async () => {
    await h.client.run('customAction', {
      method: 'GET',
      path: '/v1/customers',
      headers: { 'Stripe-Version': '2024-06-20' },
    });
    expect(h.sim.server.calls[0]?.headers['stripe-version']).toBe('2024-06-20');
  });

  it('maps an unknown endpoint to a NotFoundError', async () => {
    const error = await failure(h.client.run('customAction', { method: 'GET', path: '/v1/nothing_here' }));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.providerMessage).toMatch(/^Unrecognized request URL \(GET: \/v1\/nothing_here\)/);
    if (h.sim.contract) {
      // Stripe's document has no such operation: the contract check flags the request too.
      expect(h.sim.server.violations).toEqual([
        expect.stringContaining('has no operation GET /v1/nothing_here'),
      ]);
    }
    h.sim.server.reset();
  });

  it.each([
    [{ method: 'GET', path: '/v3/core/events' }, 'path'],
    [{ method: 'GET', path: '/customers' }, 'path'],
    [{ method: 'GET', path: '/v2/../v1/customers' }, 'path'],
    [{ method: 'GET', path: 'https://evil.example.com/v1/customers' }, 'path'],
    [{ method: 'GET', path: '//evil.example.com/v1/customers' }, 'path'],
    [{ method: 'GET', path: '/v1/../admin' }, 'path'],
    [{ method: 'GET', path: '/v1/%2e%2e/admin' }, 'path'],
    [
      { method: 'GET', path: '/v1/customers', headers: { Authorization: 'Bearer sk_test_other' } },
      'headers.Authorization',
    ],
    [{ method: 'GET', path: '/v1/customers', headers: { 'X-Note': 'a\r\nb' } }, 'headers.X-Note'],
    [{ method: 'TRACE', path: '/v1/customers' }, 'method'],
    [{ path: '/v1/customers' }, 'method'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('customAction', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
