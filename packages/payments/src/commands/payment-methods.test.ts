// Payment method, setup intent and customer deletion commands against the Stripe simulator.
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { attachPaymentMethod } from './attach-payment-method.js';
import { createPaymentIntent } from './create-payment-intent.js';
import { createSetupIntent } from './create-setup-intent.js';
import { deleteCustomer } from './delete-customer.js';
import { detachPaymentMethod } from './detach-payment-method.js';
import { listCustomerPaymentMethods } from './list-customer-payment-methods.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

describe('attachPaymentMethod, listCustomerPaymentMethods, detachPaymentMethod', () => {
  it('saves cards to a customer, lists them by type, and removes one', async () => {
    const customer = await h.client.run('createCustomer', {});
    const visa = await h.client.run('attachPaymentMethod', {
      paymentMethodId: 'pm_card_visa',
      customerId: customer.id,
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([['customer', customer.id]]);
    expect(visa).toMatchObject({ customer: customer.id, card: { last4: '4242' } });
    expectOutput(attachPaymentMethod, visa);
    await h.client.run('attachPaymentMethod', {
      paymentMethodId: 'pm_card_mastercard',
      customerId: customer.id,
    });
    const listed = await h.client.run('listCustomerPaymentMethods', {
      customerId: customer.id,
      type: 'card',
    });
    expect(listed.data.map((method) => method.card?.last4)).toEqual(['4444', '4242']);
    expect(h.sim.server.calls.at(-1)?.path).toBe(`/v1/customers/${customer.id}/payment_methods`);
    expectOutput(listCustomerPaymentMethods, listed);
    const detached = await h.client.run('detachPaymentMethod', { paymentMethodId: visa.id });
    expect(detached.customer).toBeNull();
    expectOutput(detachPaymentMethod, detached);
    const again = await failure(h.client.run('detachPaymentMethod', { paymentMethodId: visa.id }));
    expect(again.providerCode).toBe('payment_method_unexpected_state');
    const other = await h.client.run('createCustomer', {});
    const mastercard = listed.data[0]?.id as string;
    const taken = await failure(
      h.client.run('attachPaymentMethod', { paymentMethodId: mastercard, customerId: other.id }),
    );
    expect(taken.providerCode).toBe('payment_method_unexpected_state');
  });

  it('offers a customer’s payment methods as the choices of Create Payment Intent', () => {
    expect(createPaymentIntent.lookups?.paymentMethod).toMatchObject({
      command: 'listCustomerPaymentMethods',
      needs: ['customerId'],
    });
  });
});

describe('createSetupIntent', () => {
  it('starts saving a card for a customer', async () => {
    const customer = await h.client.run('createCustomer', {});
    const setup = await h.client.run('createSetupIntent', {
      customerId: customer.id,
      paymentMethodTypes: ['card'],
      usage: 'on_session',
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['customer', customer.id],
      ['allowed_payment_method_types[0]', 'card'],
      ['usage', 'on_session'],
    ]);
    expect(setup).toMatchObject({ status: 'requires_payment_method', usage: 'on_session' });
    expect(setup.client_secret).toContain(`${setup.id}_secret_`);
    expectOutput(createSetupIntent, setup);
    const missing = await failure(h.client.run('createSetupIntent', { customerId: 'cus_missing' }));
    expect(missing.providerCode).toBe('resource_missing');
  });
});

describe('deleteCustomer', () => {
  it('deletes a customer, which then reads as deleted; a second delete is a 404', async () => {
    const customer = await h.client.run('createCustomer', { email: 'bye@example.com' });
    const deleted = await h.client.run('deleteCustomer', { customerId: customer.id });
    expect(deleted).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect(h.sim.server.calls.at(-1)?.method).toBe('DELETE');
    expectOutput(deleteCustomer, deleted);
    const read = await h.client.run('getCustomerById', { customerId: customer.id });
    expect(read).toMatchObject({ deleted: true });
    const again = await failure(h.client.run('deleteCustomer', { customerId: customer.id }));
    expect(again.kind).toBe('not_found');
    expect(deleteCustomer.annotations.destructive).toBe(true);
  });
});
