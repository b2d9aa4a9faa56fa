import { NotFoundError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { buildCustomer, paymentsSimulator } from '../testing/index.js';
import { expectOutput, stripeHarness } from '../testing/stripe-test-helpers.js';
import { getCustomerById } from './get-customer-by-id.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

describe('getCustomerById', () => {
  it('reads GET /v1/customers/{id} and returns the customer', async () => {
    const stored = h.sim.state.customers.set(
      buildCustomer({
        id: 'cus_Known1',
        created: 1_700_000_000,
        email: 'k@example.com',
        metadata: { a: '1' },
      }),
    );
    const customer = await h.client.run('getCustomerById', { customerId: 'cus_Known1' });
    const [call] = h.sim.server.calls;
    expect(call?.method).toBe('GET');
    expect(call?.path).toBe('/v1/customers/cus_Known1');
    expect(call?.url.search).toBe('');
    expect(call?.bodyText).toBe('');
    expect(call?.headers['idempotency-key']).toBeUndefined();
    expect(customer).toEqual(stored);
    expectOutput(getCustomerById, customer);
  });

  it('returns Stripe’s stub for a deleted customer', async () => {
    const customer = await h.client.run('createCustomer', { name: 'Gone' });
    await h.client.run('customAction', { method: 'DELETE', path: `/v1/customers/${customer.id}` });
    const read = await h.client.run('getCustomerById', { customerId: customer.id });
    expect(read).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expectOutput(getCustomerById, read);
  });

  it('maps a missing customer to a NotFoundError with Stripe’s code, parameter and request id', async () => {
    const error = await failure(h.client.run('getCustomerById', { customerId: 'cus_Missing' }));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.status).toBe(404);
    expect(error.providerCode).toBe('resource_missing');
    expect(error.providerMessage).toBe("No such customer: 'cus_Missing'");
    expect(error.details).toMatchObject({ type: 'invalid_request_error', param: 'id' });
    expect(error.requestId).toMatch(/^req_/);
    expect(error.retryable).toBe(false);
    expect(h.sim.server.calls).toHaveLength(1);
  });

  it.each([
    [{}, 'customerId'],
    [{ customerId: '' }, 'customerId'],
    [{ customerId: 'prod_123' }, 'customerId'],
    [{ customerId: 'cus_' }, 'customerId'],
    [{ customerId: 'cus_../../v1/balance' }, 'customerId'],
    [{ customerId: 'cus_abc?expand=x' }, 'customerId'],
    [{ customerId: 'cus_abc', extra: true }, 'extra'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('getCustomerById', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
