import { NotFoundError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { buildCustomer, paymentsSimulator } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { updateCustomer } from './update-customer.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

function addCustomer(metadata: Record<string, string> = { a: '1', b: '2', c: '3' }) {
  return h.sim.state.customers.set(
    buildCustomer({
      id: 'cus_Upd1',
      created: 1_700_000_000,
      email: 'old@example.com',
      name: 'Old',
      metadata,
    }),
  );
}

describe('updateCustomer', () => {
  it('replaces metadata: reads the customer, then unsets missing keys in the same single POST', async () => {
    addCustomer();
    const updated = await h.client.run('updateCustomer', {
      customerId: 'cus_Upd1',
      metadata: { b: 'two', d: '4' },
    });
    const calls = h.sim.server.calls;
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/customers/cus_Upd1',
      'POST /v1/customers/cus_Upd1',
    ]);
    expect(formPairs(calls[1])).toEqual([
      ['metadata[b]', 'two'],
      ['metadata[d]', '4'],
      ['metadata[a]', ''],
      ['metadata[c]', ''],
    ]);
    expect(updated.metadata).toEqual({ b: 'two', d: '4' });
    expect(updated.email).toBe('old@example.com');
    expect(h.sim.state.customers.get('cus_Upd1')?.metadata).toEqual({ b: 'two', d: '4' });
    expectOutput(updateCustomer, updated);
  });

  it('clears all metadata with an empty object', async () => {
    addCustomer({ a: '1', b: '2' });
    const updated = await h.client.run('updateCustomer', { customerId: 'cus_Upd1', metadata: {} });
    expect(formPairs(h.sim.server.calls[1])).toEqual([
      ['metadata[a]', ''],
      ['metadata[b]', ''],
    ]);
    expect(updated.metadata).toEqual({});
  });

  it('sends only the fields given, without reading first when metadata is not given', async () => {
    addCustomer();
    const updated = await h.client.run('updateCustomer', {
      customerId: 'cus_Upd1',
      email: 'new@example.com',
      name: '',
    });
    const calls = h.sim.server.calls;
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(formPairs(calls[0])).toEqual([
      ['email', 'new@example.com'],
      ['name', ''],
    ]);
    expect(updated).toMatchObject({
      email: 'new@example.com',
      name: null,
      metadata: { a: '1', b: '2', c: '3' },
    });
  });

  it('sends nothing more when the customer does not exist', async () => {
    const error = await failure(
      h.client.run('updateCustomer', { customerId: 'cus_Nope', metadata: { a: '1' } }),
    );
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(h.sim.server.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it.each([
    [{}, 'customerId'],
    [{ customerId: 'cus_Upd1', metadata: { a: null } }, 'metadata.a'],
    [{ customerId: 'cus_Upd1', metadata: ['a'] }, 'metadata'],
    [{ customerId: 'cus_Upd1', email: null }, 'email'],
    [{ customerId: 'cus_Upd1', description: 'd'.repeat(5001) }, 'description'],
  ])('refuses %j before sending anything', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('updateCustomer', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
