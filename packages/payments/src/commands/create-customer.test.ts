import { AuthError, NetworkError, ProviderError, RateLimitError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { matchCall, paymentsSimulator, stripeFaults } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createCustomer } from './create-customer.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

describe('createCustomer', () => {
  it('sends a form-encoded POST with the key, the version and an idempotency key, and returns the customer', async () => {
    const customer = await h.client.run('createCustomer', {
      email: 'not-an-email',
      name: 'Ada Lovelace',
      description: 'VIP',
      metadata: { plan: 'gold', 'seat count': '3' },
    });
    const [call] = h.sim.server.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/customers');
    expect(call?.headers.authorization).toBe(`Bearer ${h.sim.connection.credentials.apiKey}`);
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call?.headers['stripe-version']).toBe('2026-10-28.endive');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.bodyText).toBe(
      'email=not-an-email&name=Ada+Lovelace&description=VIP&metadata[plan]=gold&metadata[seat+count]=3',
    );
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'not-an-email',
      name: 'Ada Lovelace',
      description: 'VIP',
      metadata: { plan: 'gold', 'seat count': '3' },
    });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]+$/);
    expect(h.sim.state.customers.get(customer.id)).toEqual(customer);
    expectOutput(createCustomer, customer);
  });

  it('sends only the fields given, and the pinned Stripe-Version unless the connection pins another', async () => {
    await h.connect({ apiVersion: undefined }).run('createCustomer', {});
    await h.connect({ apiVersion: '2024-06-20' }).run('createCustomer', {});
    const [pinned, other] = h.sim.server.calls;
    expect(pinned?.bodyText).toBe('');
    expect(pinned?.headers['stripe-version']).toBe('2026-10-28.endive');
    expect(other?.headers['stripe-version']).toBe('2024-06-20');
  });

  it('creates exactly one customer when the connection drops after Stripe applied the create', async () => {
    h.sim.server.fault(stripeFaults.dropAfterApply({ match: matchCall('POST', '/v1/customers') }));
    const customer = await h.client.run('createCustomer', { email: 'once@example.com' });
    const calls = h.sim.server.calls;
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
    expect(formPairs(calls[1])).toEqual(formPairs(calls[0]));
    expect(h.sim.state.customers.size).toBe(1);
    expect(h.sim.state.customers.list()[0]).toEqual(customer);
    expect(h.sim.state.events.list().filter((event) => event.type === 'customer.created')).toHaveLength(1);
  });

  it('waits out a 429 and retries with the same idempotency key', async () => {
    h.sim.server.fault(stripeFaults.rateLimited({ retryAfterSeconds: 0 }));
    const customer = await h.client.run('createCustomer', { name: 'Retry' });
    const calls = h.sim.server.calls;
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
    expect(customer.name).toBe('Retry');
    expect(h.sim.state.customers.size).toBe(1);
  });

  it('gives up after repeated 429s with a RateLimitError carrying the wait Stripe asked for', async () => {
    h.sim.server.fault({ ...stripeFaults.rateLimited({ retryAfterSeconds: 1 }), times: 3 });
    const error = await failure(h.client.run('createCustomer', { name: 'Busy' }));
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error.retryAfterMs).toBe(1000);
    expect(error.providerCode).toBe('rate_limit');
    expect(error.requestId).toMatch(/^req_/);
    expect(h.sim.server.calls).toHaveLength(3);
    expect(h.sim.state.customers.size).toBe(0);
  });

  it('retries a 503 with the same key, and honours Stripe-Should-Retry: false', async () => {
    h.sim.server.fault(stripeFaults.serverError({ status: 503 }));
    await h.client.run('createCustomer', { name: 'After 503' });
    expect(h.sim.server.calls).toHaveLength(2);
    h.sim.server.reset();
    h.sim.server.fault(stripeFaults.serverError({ status: 500, shouldRetry: false }));
    const error = await failure(h.client.run('createCustomer', { name: 'Not again' }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(500);
    expect(error.providerCode).toBe('api_error');
    expect(h.sim.server.calls).toHaveLength(1);
  });

  it('fails with a NetworkError when every attempt is dropped before it reaches Stripe', async () => {
    h.sim.server.fault({ ...stripeFaults.dropBeforeApply(), times: 3 });
    const error = await failure(h.client.run('createCustomer', { name: 'Unreachable' }));
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(h.sim.server.calls).toHaveLength(3);
    expect(h.sim.state.customers.size).toBe(0);
  });

  it('maps a refused key to an AuthError that does not show the key', async () => {
    const key = 'sk_test_WrongKey1234567890abcdef';
    const client = h.connect({ apiKey: key });
    const error = await failure(client.run('createCustomer', { name: 'x' }));
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.status).toBe(401);
    expect(JSON.stringify(error.toJSON())).not.toContain(key);
    expect(error.message).not.toContain(key);
    expect(h.sim.server.calls).toHaveLength(1);
  });

  it.each([
    [{ metadata: { plan: 1 } }, 'metadata.plan'],
    [{ metadata: { nested: { a: 'b' } } }, 'metadata.nested'],
    [{ metadata: { 'a[b]': 'c' } }, 'metadata.a[b]'],
    [{ metadata: { ['k'.repeat(41)]: 'v' } }, `metadata.${'k'.repeat(41)}`],
    [{ metadata: { a: 'v'.repeat(501) } }, 'metadata.a'],
    [{ metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
    [{ metadata: 'plan=gold' }, 'metadata'],
    [{ email: 42 }, 'email'],
    [{ name: 'n'.repeat(257) }, 'name'],
    [{ phone: '123' }, 'phone'],
  ])('refuses %j before sending anything (%s)', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('createCustomer', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
